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
import { ApiError, ClientErrorCodes, toApiError } from './api-error.ts';
import { createApiCalls, type ApiCalls } from './api-data.ts';
import { configureHttpClient, createHttpClient, type HttpClientSettings } from './http-client.ts';
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
import { signedOut, type Credentials, type SessionState, type SessionStream } from './session-state.ts';

export interface Session {
  session$: SessionStream;
  language$: Observable<Language>;
  http: AxiosInstance;
  api: ApiCalls;
  signIn(credentials: Credentials): Promise<Profile>;
  signOut(): Promise<void>;
  loadProfile(): Promise<Profile>;
  setLanguage(language: Language): void;
  /** Forgets the session here without telling the server (e.g. after a 401 on the sign-in page). */
  clearSession(): void;
  configureHttp(settings: HttpClientSettings): void;
}

function initialState(storages: SessionStorages): SessionState {
  const language = readStoredLanguage(storages);
  const stored = readStoredSession(storages);
  if (!stored) return signedOut(language);
  return { status: 'signed-in', ...stored, language };
}

function isTokenSet(value: unknown): value is TokenSet {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const nonEmpty = (k: string) => typeof v[k] === 'string' && v[k] !== '';
  return (
    nonEmpty('accessToken') &&
    nonEmpty('refreshToken') &&
    typeof v.idToken === 'string' &&
    typeof v.secretKey === 'string'
  );
}

const unauthorized = (message: string) => new ApiError(401, ErrorCodes.unauthorized, message);

/**
 * Creates a session over the given storages. The portal uses one (see index.ts); tests make
 * their own over in-memory storages and a local server.
 */
export function createSession(options: { storages: SessionStorages; baseURL?: string }): Session {
  const { storages } = options;
  const state = new BehaviorSubject<SessionState>(initialState(storages));

  const clearSession = () => {
    clearStoredSession(storages);
    if (state.value.status !== 'signed-out') state.next(signedOut(state.value.language));
  };

  const refreshAccessToken = async (): Promise<string> => {
    const before = state.value;
    if (before.status !== 'signed-in') throw unauthorized('No refresh token');
    const answer = await api.post<Partial<TokenSet> | null>(ApiPaths.iam.refreshToken, {
      refreshToken: before.tokens.refreshToken,
    });
    if (!answer?.accessToken) throw unauthorized('The refresh answer has no access token');
    const now = state.value;
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
    return tokens.accessToken;
  };

  const http = createHttpClient(
    {
      accessToken: () => state.value.tokens?.accessToken ?? null,
      language: () => state.value.language,
      refreshAccessToken,
      endSession: clearSession,
    },
    { baseURL: options.baseURL },
  );
  const api = createApiCalls(http);

  const fetchProfile = async (accessToken?: string): Promise<Profile> => {
    const config = accessToken
      ? { headers: { [HcmHeaders.authorization]: `Bearer ${accessToken}` }, skipAuthRefresh: true }
      : undefined;
    const profile = await api.get<unknown>(ApiPaths.iam.meProfile, config);
    if (!isProfile(profile))
      throw new ApiError(200, ClientErrorCodes.badResponse, 'The profile answer is malformed');
    return profile;
  };

  const signIn = async ({ username, password, rememberMe }: Credentials): Promise<Profile> => {
    try {
      const tokens = await api.post<unknown>(ApiPaths.iam.authenticate, { username, password, rememberMe });
      // Core §8: a sign-in answer without an access token is a failed sign-in.
      if (!isTokenSet(tokens))
        throw new ApiError(200, ClientErrorCodes.badResponse, 'The sign-in answer has no access token');
      // The profile is fetched with the new bearer before anything is stored, so that the
      // session appears complete (tokens and profile) or not at all.
      const profile = await fetchProfile(tokens.accessToken);
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
    try {
      await api.post(
        ApiPaths.iam.logout,
        { refreshToken: before.tokens.refreshToken },
        {
          headers: { [HcmHeaders.authorization]: `Bearer ${before.tokens.accessToken}` },
          skipAuthRefresh: true,
        },
      );
    } catch {
      // The tokens are gone from this browser and expire on the server; nothing else to do.
    }
  };

  const loadProfile = async (): Promise<Profile> => {
    if (state.value.status !== 'signed-in') throw unauthorized('Not signed in');
    const profile = await fetchProfile();
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
  };
}
