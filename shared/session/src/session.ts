import { BehaviorSubject, distinctUntilChanged, map, type Observable } from 'rxjs';
import type { AxiosInstance } from 'axios';
import {
  ApiPaths,
  ErrorCodes,
  Headers as HcmHeaders,
  type Language,
  type Profile,
  type TokenSet,
} from '@hcm/contracts';
import { userIdFromAccessToken } from './access-token.ts';
import { ApiError, ClientErrorCodes, toApiError } from './api-error.ts';
import { createApiCalls, type ApiCalls } from './api-data.ts';
import { configureHttpClient, createHttpClient, type HttpClientSettings } from './http-client.ts';
import {
  createLoadingIndicator,
  DEFAULT_LOADING_TIMINGS,
  type LoadingTimings,
  type LoadingValue,
} from './loading-indicator.ts';
import { coordinateTabs, DEFAULT_TAB_TIMINGS, isTokenSet, type TabTimings } from './cross-tab.ts';
import { createNoticeCenter, type SessionNotice } from './notices.ts';
import { isProfile } from './profile-guard.ts';
import {
  clearStoredSession,
  normalizeLanguage,
  readStoredLanguage,
  readStoredSession,
  writeStoredLanguage,
  writeStoredProfile,
  writeStoredSession,
  writeStoredTokens,
  type SessionStorages,
} from './session-storage.ts';
import {
  signedOut,
  type Credentials,
  type SessionState,
  type SessionStream,
  type SignInOptions,
} from './session-state.ts';
import { NO_TABS, type SessionTabs } from './tabs.ts';

export interface Session {
  session$: SessionStream;
  language$: Observable<Language>;
  /** What the user must be told about failed calls (core §8); the shell shows them as toasts. */
  notices$: Observable<SessionNotice>;
  /** The loading bar: a percentage while calls flagged `loading` run long, null while hidden. */
  loading$: Observable<LoadingValue>;
  http: AxiosInstance;
  api: ApiCalls;
  signIn(credentials: Credentials, options?: SignInOptions): Promise<Profile>;
  signOut(): Promise<void>;
  loadProfile(): Promise<Profile>;
  /** The signed-in user's id (`sub` of the access token); throws when there is none. */
  currentUserId(): string;
  setLanguage(language: Language): void;
  /** Forgets the session here without telling the server (e.g. after a 401 on the sign-in page). */
  clearSession(): void;
  configureHttp(settings: HttpClientSettings): void;
  /**
   * Settles when the session of this page is known: at once, or, for a new tab without a
   * stored session, once an open tab of the browser has handed its session over (without
   * remember me) or none answered in time. Render the first route after it.
   */
  ready: Promise<void>;
}

function initialState(storages: SessionStorages): SessionState {
  const language = readStoredLanguage(storages);
  const stored = readStoredSession(storages);
  if (!stored) return signedOut(language);
  return { status: 'signed-in', ...stored, language };
}

const unauthorized = (message: string) => new ApiError(401, ErrorCodes.unauthorized, message);

/**
 * Creates a session over the given storages. The portal uses one (see index.ts); tests make
 * their own over in-memory storages and a local server.
 */
export function createSession(options: {
  storages: SessionStorages;
  baseURL?: string;
  /** The loading bar's rhythm; tests shorten it. */
  loadingTimings?: LoadingTimings;
  /** The other tabs of the browser (tabs.ts browserTabs); none by default. */
  tabs?: SessionTabs;
  tabTimings?: TabTimings;
}): Session {
  const { storages } = options;
  const state = new BehaviorSubject<SessionState>(initialState(storages));
  const notices = createNoticeCenter();
  const loading = createLoadingIndicator(options.loadingTimings ?? DEFAULT_LOADING_TIMINGS);

  /** Forgets the session; true when there was one to forget. */
  const endSession = (): boolean => {
    clearStoredSession(storages);
    if (state.value.status === 'signed-out') return false;
    state.next(signedOut(state.value.language));
    return true;
  };
  const clearSession = () => void endSession();

  const tabs = coordinateTabs(
    options.tabs ?? NO_TABS,
    {
      current: () => state.value,
      changes: state,
      adoptTokens: (tokens) => {
        const now = state.value;
        if (now.status !== 'signed-in') return;
        writeStoredTokens(storages, tokens);
        state.next({ ...now, tokens });
      },
      adoptSession: (tokens, profile) => {
        writeStoredSession(storages, { tokens, profile, rememberMe: false });
        state.next({
          status: 'signed-in',
          tokens,
          profile,
          rememberMe: false,
          language: state.value.language,
        });
      },
      endHere: clearSession,
    },
    options.tabTimings ?? DEFAULT_TAB_TIMINGS,
  );

  /** The refresh-token call itself; `stale` is the refresh token it trades. */
  const refreshHere = async (stale: string): Promise<string> => {
    const before = state.value;
    if (before.status !== 'signed-in' || before.tokens.refreshToken !== stale)
      throw unauthorized('No refresh token');
    // Its failure is told once, as the end of the session (http-client.ts), not as a failed call.
    const answer = await api.post<Partial<TokenSet> | null>(
      ApiPaths.iam.refreshToken,
      { refreshToken: before.tokens.refreshToken },
      { ignoreError: true },
    );
    if (!answer?.accessToken) throw unauthorized('The refresh answer has no access token');
    const now = state.value;
    // Another tab announced the very same successor meanwhile (the server's refresh grace).
    if (now.status === 'signed-in' && now.tokens.refreshToken === answer.refreshToken)
      return now.tokens.accessToken;
    // Signed out (or in as someone else) while the refresh ran: do not bring the old session back.
    if (now.status !== 'signed-in' || now.tokens.refreshToken !== before.tokens.refreshToken) {
      throw unauthorized('The session changed during the refresh');
    }
    const tokens: TokenSet = {
      accessToken: answer.accessToken,
      refreshToken: answer.refreshToken || now.tokens.refreshToken,
      idToken: answer.idToken || now.tokens.idToken,
      secretKey: answer.secretKey || now.tokens.secretKey,
    };
    writeStoredTokens(storages, tokens);
    state.next({ ...now, tokens });
    tabs.announceTokens(stale, tokens);
    return tokens.accessToken;
  };
  const refreshAccessToken = () => tabs.refresh(refreshHere);

  const http = createHttpClient(
    {
      accessToken: () => state.value.tokens?.accessToken ?? null,
      language: () => state.value.language,
      refreshAccessToken,
      endSession,
    },
    { baseURL: options.baseURL, notices, loading },
  );
  const api = createApiCalls(http);

  /** Core §8: a failed profile fetch has its own message, whatever the status. */
  const reportProfileFailure = (error: ApiError) => {
    if (error.code === ClientErrorCodes.canceled) return;
    notices.report({ intent: 'error', key: 'profileLoadFailed', status: error.status, code: error.code });
  };

  const fetchProfile = async (accessToken?: string): Promise<Profile> => {
    // ignoreError: the caller reports 'profileLoadFailed' instead of the call's generic notice.
    const config = accessToken
      ? {
          headers: { [HcmHeaders.authorization]: `Bearer ${accessToken}` },
          skipAuthRefresh: true,
          ignoreError: true,
        }
      : { ignoreError: true };
    const profile = await api.get<unknown>(ApiPaths.iam.meProfile, config);
    if (!isProfile(profile))
      throw new ApiError(200, ClientErrorCodes.badResponse, 'The profile answer is malformed');
    return profile;
  };

  const signIn = async (
    { username, password, rememberMe }: Credentials,
    { ignoreError = false, captcha, transactionId }: SignInOptions = {},
  ): Promise<Profile> => {
    try {
      const tokens = await api.post<unknown>(
        ApiPaths.iam.authenticate,
        { username, password, rememberMe },
        { ignoreError, captcha, transactionId },
      );
      // Core §8: a sign-in answer without an access token is a failed sign-in.
      if (!isTokenSet(tokens)) {
        const error = new ApiError(
          200,
          ClientErrorCodes.badResponse,
          'The sign-in answer has no access token',
        );
        if (!ignoreError)
          notices.report({ intent: 'error', key: 'loginFailed', status: 200, code: error.code });
        throw error;
      }
      // The profile is fetched with the new bearer before anything is stored, so that the
      // session appears complete (tokens and profile) or not at all.
      const profile = await fetchProfile(tokens.accessToken).catch((error: unknown) => {
        const apiError = toApiError(error);
        if (!ignoreError) reportProfileFailure(apiError);
        throw apiError;
      });
      writeStoredSession(storages, { tokens, profile, rememberMe });
      state.next({ status: 'signed-in', tokens, profile, rememberMe, language: state.value.language });
      return profile;
    } catch (error) {
      // Core §8: a failed sign-in leaves no session behind.
      clearSession();
      throw toApiError(error);
    }
  };

  const signOut = async (): Promise<void> => {
    const before = state.value;
    // Local first, so that the screens react at once, whatever the server does.
    clearSession();
    if (before.status !== 'signed-in') return;
    tabs.announceSignOut(before.tokens.refreshToken);
    try {
      await api.post(
        ApiPaths.iam.logout,
        { refreshToken: before.tokens.refreshToken },
        {
          headers: { [HcmHeaders.authorization]: `Bearer ${before.tokens.accessToken}` },
          skipAuthRefresh: true,
          // The user is already signed out here; a failing logout call is nothing to them.
          ignoreError: true,
        },
      );
    } catch {
      // The tokens are gone from this browser and expire on the server; nothing else to do.
    }
  };

  const loadProfile = async (): Promise<Profile> => {
    if (state.value.status !== 'signed-in') throw unauthorized('Not signed in');
    const profile = await fetchProfile().catch((error: unknown) => {
      const apiError = toApiError(error);
      // A 401 here has already been dealt with: refreshed and retried, or the session ended
      // with its own notice.
      if (apiError.status !== 401) reportProfileFailure(apiError);
      throw apiError;
    });
    const now = state.value;
    if (now.status !== 'signed-in') throw unauthorized('Signed out while the profile loaded');
    writeStoredProfile(storages, profile);
    state.next({ ...now, profile });
    return profile;
  };

  const setLanguage = (language: Language) => {
    const normalized = normalizeLanguage(language);
    if (!normalized || normalized === state.value.language) return;
    writeStoredLanguage(storages, normalized);
    state.next({ ...state.value, language: normalized });
  };

  return {
    session$: state,
    notices$: notices.notices$,
    loading$: loading.loading$,
    currentUserId: () => userIdFromAccessToken(state.value.tokens?.accessToken),
    language$: state.pipe(
      map((s) => s.language),
      distinctUntilChanged(),
    ),
    http,
    api,
    signIn,
    signOut,
    loadProfile,
    setLanguage,
    clearSession,
    configureHttp: (settings) => configureHttpClient(http, settings),
    ready: tabs.ready,
  };
}
