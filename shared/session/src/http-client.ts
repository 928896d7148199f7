import axios, { type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { ApiPaths, Headers as HcmHeaders, type Language } from '@hcm/contracts';
import { toApiError } from './api-error.ts';
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
  /** Called when a 401 cannot be repaired: the session is over. */
  endSession(): void;
}

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

/**
 * The page's one axios instance. It adds the session headers, turns every failure into an
 * ApiError and repairs an expired access token: a 401 triggers one refresh-token call shared by
 * all requests that fail meanwhile, then each is retried once; a failed refresh ends the session.
 */
export function createHttpClient(session: SessionBridge, options: { baseURL?: string } = {}): AxiosInstance {
  const http = axios.create({ baseURL: options.baseURL ?? '' });
  const refresh = singleFlight(() => session.refreshAccessToken());

  http.interceptors.request.use((config) => addSessionHeaders(config, session));
  http.interceptors.response.use(undefined, async (error: unknown) => {
    if (!axios.isAxiosError(error) || !shouldRefresh(error)) throw toApiError(error);
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
        session.endSession();
        throw toApiError(error);
      }
    }
    config.headers.set(HcmHeaders.authorization, bearer(token));
    config.retriedAfterRefresh = true;
    return http.request(config);
  });
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
