import axios, {
  AxiosHeaders,
  type AxiosError,
  type AxiosInstance,
  type InternalAxiosRequestConfig,
} from 'axios';
import { ApiPaths, ErrorCodes, Headers as HcmHeaders, type Language } from '@hcm/contracts';
import { ClientErrorCodes, toApiError, type ApiError } from './api-error.ts';
import { readBinaryErrorBody } from './error-body.ts';
import type { LoadingIndicator } from './loading-indicator.ts';
import { decideNotice, type CallFailure, type NoticeCenter, type SessionNotice } from './notices.ts';
import { applyRequestFlags, hasRequestFlag } from './request-flags.ts';
import { singleFlight } from './single-flight.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Do not try a token refresh when this call answers 401 (e.g. a call made with its own bearer). */
    skipAuthRefresh?: boolean;
    /** Marks the one retry after a refresh, so that a second 401 is not refreshed again. */
    retriedAfterRefresh?: boolean;
  }
}

/** What the HTTP client needs from the session, without knowing how the session is kept. */
export interface SessionBridge {
  accessToken(): string | null;
  language(): Language;
  /** Gets a new access token with the refresh token; rejects when that is impossible. */
  refreshAccessToken(): Promise<string>;
  /** Called when a 401 cannot be repaired: the session is over. True when there was one to end. */
  endSession(): boolean;
}

const SESSION_EXPIRED: SessionNotice = {
  intent: 'warning',
  key: 'sessionExpired',
  status: 401,
  code: ErrorCodes.unauthorized,
};

/** Calls that carry none of the session headers (core §7): sign-in, refresh and translation files. */
const UNAUTHENTICATED_PATHS: ReadonlySet<string> = new Set([
  ApiPaths.iam.authenticate,
  ApiPaths.iam.refreshToken,
]);
const TRANSLATIONS_PREFIX = '/i18n/';
/** A 401 on these is final: refreshing cannot help sign-in, the refresh call itself, or logout. */
const NEVER_REFRESHED_PATHS: ReadonlySet<string> = new Set([...UNAUTHENTICATED_PATHS, ApiPaths.iam.logout]);

/** The path of a request URL, whether relative or absolute, without its query. */
export function pathOf(url: string | undefined): string {
  return new URL(url ?? '', 'http://relative.invalid').pathname;
}

export function carriesSessionHeaders(url: string | undefined): boolean {
  const path = pathOf(url);
  return !UNAUTHENTICATED_PATHS.has(path) && !path.startsWith(TRANSLATIONS_PREFIX);
}

const bearer = (token: string) => `Bearer ${token}`;

function addSessionHeaders(
  config: InternalAxiosRequestConfig,
  session: SessionBridge,
): InternalAxiosRequestConfig {
  if (!carriesSessionHeaders(config.url)) return config;
  const language = session.language();
  config.headers.set(HcmHeaders.language, language, false);
  config.headers.set(HcmHeaders.acceptLanguage, language, false);
  const token = session.accessToken();
  // A call that set its own bearer (sign-in's profile call, logout) keeps it.
  if (token) config.headers.set(HcmHeaders.authorization, bearer(token), false);
  return config;
}

function shouldRefresh(error: AxiosError): error is AxiosError & { config: InternalAxiosRequestConfig } {
  const config = error.config;
  return (
    error.response?.status === 401 &&
    config !== undefined &&
    !config.skipAuthRefresh &&
    !config.retriedAfterRefresh &&
    carriesSessionHeaders(config.url) &&
    !NEVER_REFRESHED_PATHS.has(pathOf(config.url))
  );
}

function failureOf(error: AxiosError, apiError: ApiError): CallFailure {
  const response = error.response;
  const headers = response?.headers;
  const retryAfter: unknown =
    headers instanceof AxiosHeaders ? headers.get('retry-after') : headers?.['retry-after'];
  return {
    status: apiError.status,
    code: apiError.code,
    body: response?.data,
    statusText: response?.statusText ?? '',
    path: pathOf(error.config?.url),
    retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
    canceled: apiError.code === ClientErrorCodes.canceled,
  };
}

export interface HttpClientOptions {
  baseURL?: string;
  /** Where the client reports what the user must be told about a failed call. */
  notices: Pick<NoticeCenter, 'report'>;
  /** Counts the calls flagged `loading`. */
  loading: Pick<LoadingIndicator, 'begin'>;
}

/**
 * The page's one axios instance. It adds the session headers and the request flags' headers,
 * counts flagged calls for the loading bar, turns every failure into an ApiError, reports a
 * notice for it (core §8, unless the call says ignoreError) and repairs an expired access
 * token: a 401 triggers one refresh-token call shared by all requests that fail meanwhile, then
 * each is retried once; a failed refresh ends the session with one 'sessionExpired' notice.
 */
export function createHttpClient(session: SessionBridge, options: HttpClientOptions): AxiosInstance {
  const http = axios.create({ baseURL: options.baseURL ?? '' });
  const refresh = singleFlight(() => session.refreshAccessToken());
  const { notices, loading } = options;
  // Keyed by the config object axios carries from the request to its answer or error.
  const loadingEnds = new WeakMap<InternalAxiosRequestConfig, () => void>();
  const finishLoading = (config: InternalAxiosRequestConfig | undefined) => {
    if (config) loadingEnds.get(config)?.();
  };

  /** The call has failed for good: the ApiError to throw, after telling the user if due. */
  const fail = (error: AxiosError): ApiError => {
    const apiError = toApiError(error);
    if (!hasRequestFlag(error.config, 'ignoreError')) {
      const notice = decideNotice(failureOf(error, apiError));
      if (notice) notices.report(notice);
    }
    return apiError;
  };

  const repair = async (error: AxiosError & { config: InternalAxiosRequestConfig }) => {
    const config = error.config;
    const usedToken = config.headers.get(HcmHeaders.authorization);
    const current = session.accessToken();
    let token: string;
    if (current && usedToken !== bearer(current)) {
      // Another request refreshed while this one was on its way: just use the newer token.
      token = current;
    } else {
      try {
        token = await refresh();
      } catch {
        // Every call waiting on this refresh gets here; only the one that actually ends the
        // session tells the user, so a page of failing calls makes one notice, not a storm.
        if (session.endSession()) notices.report(SESSION_EXPIRED);
        throw toApiError(error);
      }
    }
    config.headers.set(HcmHeaders.authorization, bearer(token));
    config.retriedAfterRefresh = true;
    return http.request(config);
  };

  http.interceptors.request.use((config) => {
    addSessionHeaders(config, session);
    applyRequestFlags(config);
    // The retry after a refresh is the same call for the user: the original still counts.
    if (hasRequestFlag(config, 'loading') && !config.retriedAfterRefresh)
      loadingEnds.set(config, loading.begin());
    return config;
  });
  http.interceptors.response.use(
    (response) => {
      finishLoading(response.config);
      return response;
    },
    async (error: unknown) => {
      try {
        if (!axios.isAxiosError(error)) throw toApiError(error);
        await readBinaryErrorBody(error);
        if (shouldRefresh(error)) return await repair(error);
        // Core §8: a 401 on sign-in clears whatever session was there.
        if (error.response?.status === 401 && pathOf(error.config?.url) === ApiPaths.iam.authenticate)
          session.endSession();
        throw fail(error);
      } finally {
        if (axios.isAxiosError(error)) finishLoading(error.config);
      }
    },
  );
  return http;
}

/** Points the client elsewhere: another origin, or (in component tests) a stand-in fetch. */
export interface HttpClientSettings {
  baseURL?: string;
  /** Switches to axios's fetch adapter with this fetch function. */
  fetch?: (input: URL | Request | string, init?: RequestInit) => Promise<Response>;
}

export function configureHttpClient(http: AxiosInstance, settings: HttpClientSettings): void {
  if (settings.baseURL !== undefined) http.defaults.baseURL = settings.baseURL;
  if (settings.fetch) {
    http.defaults.adapter = 'fetch';
    http.defaults.env = { ...http.defaults.env, fetch: settings.fetch };
  }
}
