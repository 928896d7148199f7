import type { Profile, TokenSet } from '@hcm/contracts';

/**
 * What the session needs from the browser to act as one session across the tabs of a browser:
 * a lock only one tab holds at a time (navigator.locks) and a channel to the other tabs of the
 * same origin (BroadcastChannel). Either may be missing (old browsers, tests): the session then
 * works tab by tab, as before, and the server's refresh grace keeps tabs from ending each other.
 */
export interface SessionTabs {
  locks: TabLocks | null;
  channel: TabChannel | null;
}

/** The part of the Web Locks API (navigator.locks) the session uses. */
export interface TabLocks {
  request<T>(
    name: string,
    options: { ifAvailable?: boolean; mode?: 'exclusive' | 'shared' },
    work: (lock: unknown) => Promise<T>,
  ): Promise<T>;
  /** the locks held (and asked for) in every tab of the origin right now */
  query(): Promise<{ held?: { name?: string }[] }>;
}

/** The part of BroadcastChannel the session uses. */
export interface TabChannel {
  postMessage(message: TabMessage): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/**
 * What tabs tell each other:
 * - `tokens`: a tab refreshed `previous` into `tokens`; a tab still holding `previous` adopts them;
 * - `session?` / `session`: a new tab without a stored session asks, a tab signed in without
 *   remember me answers with its session (sessionStorage is per tab, so that is the only way
 *   a link opened in a new tab stays signed in; closing every tab still ends the session);
 * - `signed-out`: the session of `refreshToken` was ended here; tabs holding it end it too.
 */
export type TabMessage =
  | { type: 'tokens'; previous: string; tokens: TokenSet }
  | { type: 'session?'; id: string }
  | { type: 'session'; id: string; tokens: TokenSet; profile: Profile }
  | { type: 'signed-out'; refreshToken: string };

/** The lock every tab of the browser takes around a refresh-token call. */
export const REFRESH_LOCK = 'hcm.session.refresh';
/**
 * Held (shared) by every tab signed in without remember me, for as long as it is: a new tab
 * learns from it whether any tab could hand it a session, so it neither waits when none can
 * nor gives up on a busy one. The browser lets go of it when the tab closes.
 */
export const SESSION_HOLDER_LOCK = 'hcm.session.holder';
/** The channel name (one per origin). */
export const TAB_CHANNEL = 'hcm.session';

/** navigator.locks and a BroadcastChannel where the browser has them. */
export function browserTabs(): SessionTabs {
  const locks = (globalThis.navigator as { locks?: TabLocks } | undefined)?.locks ?? null;
  let channel: TabChannel | null = null;
  try {
    if (typeof BroadcastChannel === 'function') channel = new BroadcastChannel(TAB_CHANNEL);
  } catch {
    // Some sandboxed frames refuse it: the session then stays in this tab.
  }
  return { locks, channel };
}

export const NO_TABS: SessionTabs = { locks: null, channel: null };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A message of the channel, checked: anything else on it is ignored. */
export function asTabMessage(value: unknown): TabMessage | null {
  if (!isObject(value) || typeof value.type !== 'string') return null;
  const text = (key: string) => typeof value[key] === 'string';
  switch (value.type) {
    case 'tokens':
      return text('previous') && isObject(value.tokens) ? (value as TabMessage) : null;
    case 'session?':
      return text('id') ? (value as TabMessage) : null;
    case 'session':
      return text('id') && isObject(value.tokens) && isObject(value.profile) ? (value as TabMessage) : null;
    case 'signed-out':
      return text('refreshToken') ? (value as TabMessage) : null;
    default:
      return null;
  }
}
