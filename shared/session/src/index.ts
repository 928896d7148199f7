/**
 * @hcm/session: the page's one session (an RxJS BehaviorSubject every micro-app and widget
 * subscribes to), its sign-in and sign-out, and the one axios client that carries the session
 * headers and repairs expired tokens. Shared through the import map so there is exactly one.
 */
import { browserStorages } from './browser-storages.ts';
import { createNotificationFeed } from './notification-feed.ts';
import { createSession } from './session.ts';
import { browserTabs } from './tabs.ts';

// One session for every tab of the browser: a cross-tab refresh lock and a channel (tabs.ts).
const pageSession = createSession({ storages: browserStorages(), tabs: browserTabs() });

export const {
  /** The current session; emits on sign-in, sign-out, token refresh, profile reload and language change. */
  session$,
  /** The language alone, emitted only when it changes. */
  language$,
  /** What the user must be told about failed calls (core §8): the shell shows them as toasts. */
  notices$,
  /** The loading bar: 40…80 while calls flagged `loading` run longer than 1 s, 100 at the end, null hidden. */
  loading$,
  /** The axios instance: session headers, 401 refresh, ApiError on failure. */
  http,
  /** get/post/getPage over `http` that read `body.data` (and `body.page`). */
  api,
  signIn,
  signOut,
  loadProfile,
  setLanguage,
  clearSession,
  /** The signed-in user's id (`sub` of the access token); throws 'Can not get user id from access token'. */
  currentUserId,
  /** Base URL or (for component tests) a stand-in fetch for `http`. */
  configureHttp,
  /** Settles once the page's session is known (a new tab may be handed one by an open tab). */
  ready: sessionReady,
} = pageSession;

/**
 * The page's notifications: the unread count (polled every 20 s) and the new ones the server
 * pushes, shared by every bell of the page.
 */
export const notifications = createNotificationFeed({
  session$: pageSession.session$,
  api: pageSession.api,
  transport: () => {
    const { baseURL, env } = pageSession.http.defaults;
    const fetchFn = (env as { fetch?: typeof fetch } | undefined)?.fetch ?? globalThis.fetch.bind(globalThis);
    return { baseURL: baseURL ?? '', fetch: fetchFn };
  },
});

export { createSession, type Session } from './session.ts';
export { createNotificationFeed, STREAM_RETRY_MS, type NotificationFeed } from './notification-feed.ts';
export { ApiError, ClientErrorCodes, errorParams, toApiError } from './api-error.ts';
export { MemoryStorage } from './memory-storage.ts';
export { proofOfWorkHeader, solveProofOfWork, type SolveOptions } from './proof-of-work.ts';
export {
  SessionNoticeKeys,
  NOTICE_REPEAT_WINDOW_MS,
  noticeForError,
  type NoticeParams,
  type SessionNotice,
  type SessionNoticeKey,
} from './notices.ts';
export { DEFAULT_LOADING_TIMINGS, type LoadingTimings, type LoadingValue } from './loading-indicator.ts';
export { MISSING_USER_ID_MESSAGE, userIdFromAccessToken } from './access-token.ts';
export type { BooleanRequestFlag } from './request-flags.ts';
export { StorageKeys, normalizeLanguage, type SessionStorages } from './session-storage.ts';
export { DEFAULT_TAB_TIMINGS, type TabTimings } from './cross-tab.ts';
export {
  REFRESH_LOCK,
  TAB_CHANNEL,
  type SessionTabs,
  type TabLocks,
  type TabChannel,
  type TabMessage,
} from './tabs.ts';
export type { ApiCalls } from './api-data.ts';
export type { HttpClientSettings } from './http-client.ts';
export type {
  Credentials,
  SessionState,
  SessionStatus,
  SessionStream,
  SignedInSession,
  SignedOutSession,
  SignInOptions,
} from './session-state.ts';
