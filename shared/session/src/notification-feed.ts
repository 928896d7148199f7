import type { PageEnvelope } from '@hcm/contracts';
import {
  MY_NOTIFICATIONS_PATHS as PATHS,
  NOTIFICATION_EVENT,
  UNREAD_POLL_MS,
  type MyNotification,
  type MyNotificationSort,
} from '@hcm/contracts/notifications';
import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import type { ApiCalls } from './api-data.ts';
import { readEventStream } from './event-stream.ts';
import type { SessionStream } from './session-state.ts';

/** What the browser waits before opening the stream again: longer after each failure in a row. */
export const STREAM_RETRY_MS = [1000, 5000, 15_000, 60_000] as const;

export interface NotificationFeed {
  /** The signed-in user's unread count: 0 while signed out. */
  unread$: Observable<number>;
  /** Each notification the server pushes while the feed is connected, as it comes. */
  arrived$: Observable<MyNotification>;
  /**
   * Starts the feed while someone shows it (a bell): the count polled every 20 s and the stream
   * of new ones, both only while signed in. However many call it, the page has one of each; the
   * function it answers says this caller is done.
   */
  connect(): () => void;
  /** Reads the unread count now (after the user read something elsewhere). */
  refreshCount(): Promise<void>;
  list(query?: {
    pageIndex?: number;
    pageSize?: number;
    isRead?: boolean;
    sortBy?: MyNotificationSort;
  }): Promise<PageEnvelope<MyNotification>>;
  markRead(id: string): Promise<MyNotification>;
  markAllRead(): Promise<number>;
}

export interface FeedDeps {
  session$: SessionStream;
  api: ApiCalls;
  /** the API's origin ('' for the page's own) and the fetch to open the stream with */
  transport: () => { baseURL: string; fetch: typeof fetch };
  pollMs?: number;
  retryMs?: readonly number[];
}

/**
 * The page's one notification feed (design.md: "one poll of the unread count per page, however
 * many bells are on it"). The stream is read with fetch, not EventSource, so that the access
 * token travels in the Authorization header and never in a URL (and the logs that keep URLs).
 */
export function createNotificationFeed(deps: FeedDeps): NotificationFeed {
  const unread = new BehaviorSubject(0);
  const arrived = new Subject<MyNotification>();
  const pollMs = deps.pollMs ?? UNREAD_POLL_MS;
  const retryMs = deps.retryMs ?? STREAM_RETRY_MS;
  let users = 0;
  let running: { stop(): void; userId: string } | null = null;

  const signedInUser = (): { userId: string; token: string } | null => {
    const state = deps.session$.value;
    return state.status === 'signed-in'
      ? { userId: state.profile.id, token: state.tokens.accessToken }
      : null;
  };

  const refreshCount = async () => {
    if (!signedInUser()) return unread.next(0);
    // a poll in the background: a failure is for the next poll to mend, never a toast
    unread.next(await deps.api.get<number>(PATHS.countUnread, { ignoreError: true }));
  };

  /** Polls and streams for one signed-in user until stop(). */
  const run = (userId: string) => {
    let stopped = false;
    let failures = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let abort: AbortController | undefined;
    /** the token a stream was refused with (401, or told it expired): wait for another */
    let deadToken: string | null = null;
    const poll = () => refreshCount().catch(() => undefined);
    const timer = setInterval(() => void poll(), pollMs);

    const open = async () => {
      const me = signedInUser();
      if (stopped || !me) return;
      // The feed never refreshes a token itself: the calls of the page (and the poll, every
      // 20 s) do, through the client; the stream opens again once the session has a new one.
      if (me.token === deadToken) return schedule(retryMs[0] ?? 1000);
      abort = new AbortController();
      const { baseURL, fetch: fetchFn } = deps.transport();
      try {
        const res = await fetchFn(`${baseURL}${PATHS.stream}`, {
          headers: { authorization: `Bearer ${me.token}`, accept: 'text/event-stream' },
          signal: abort.signal,
          cache: 'no-store',
        });
        if (res.status === 401) {
          deadToken = me.token;
          return schedule(retryMs[0] ?? 1000);
        }
        if (!res.ok || !res.body) throw new Error(`stream refused: ${res.status}`);
        failures = 0;
        await readEventStream(res.body, ({ event, data }) => {
          if (event === 'expired') deadToken = me.token;
          if (event !== NOTIFICATION_EVENT) return;
          const notification = JSON.parse(data) as MyNotification;
          unread.next(unread.value + 1);
          arrived.next(notification);
        });
        // an ended stream: what was sent meanwhile is counted by the next poll
        if (deadToken === me.token) void poll();
        schedule(retryMs[0] ?? 1000);
      } catch {
        if (stopped) return;
        schedule(retryMs[Math.min(failures++, retryMs.length - 1)] ?? 1000);
      }
    };
    const schedule = (delay: number) => {
      if (stopped) return;
      clearTimeout(retry);
      retry = setTimeout(() => void open(), delay);
    };
    // the count first (through the client, which mends an expired token), then the stream
    void poll().then(() => open());
    return {
      userId,
      stop() {
        stopped = true;
        clearInterval(timer);
        clearTimeout(retry);
        abort?.abort();
      },
    };
  };

  // Follows the session: a new user starts afresh, signing out stops and clears the count.
  const follow = () => {
    const me = signedInUser();
    if (users > 0 && me && running?.userId !== me.userId) {
      running?.stop();
      running = run(me.userId);
    } else if ((!me || users === 0) && running) {
      running.stop();
      running = null;
    }
    if (!me) unread.next(0);
  };
  deps.session$.subscribe(follow);

  return {
    unread$: unread.asObservable(),
    arrived$: arrived.asObservable(),
    connect() {
      users++;
      follow();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        users--;
        follow();
      };
    },
    refreshCount,
    list: (query = {}) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query))
        if (value !== undefined) params.set(key, String(value));
      const search = params.toString();
      // the panel says a failure where the list would be
      return deps.api.getPage<MyNotification>(`${PATHS.list}${search ? `?${search}` : ''}`, {
        ignoreError: true,
      });
    },
    async markRead(id) {
      const read = await deps.api.post<MyNotification>(PATHS.markRead.replace(':id', encodeURIComponent(id)));
      await refreshCount().catch(() => undefined);
      return read;
    },
    async markAllRead() {
      const { marked } = await deps.api.post<{ marked: number }>(PATHS.markAllRead);
      unread.next(0);
      return marked;
    },
  };
}
