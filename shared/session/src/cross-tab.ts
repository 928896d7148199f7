import type { Profile, TokenSet } from '@hcm/contracts';
import type { Observable } from 'rxjs';
import { isProfile } from './profile-guard.ts';
import type { SessionState } from './session-state.ts';
import {
  asTabMessage,
  REFRESH_LOCK,
  SESSION_HOLDER_LOCK,
  type SessionTabs,
  type TabLocks,
  type TabMessage,
} from './tabs.ts';

/** How long tabs wait for each other (tests shorten them). */
export interface TabTimings {
  /**
   * a new tab without a session waits at most this long for a tab known to hold one (the
   * holder lock) to hand it over: that tab may be busy drawing a page, on a slow machine
   */
  handoverMs: number;
  /** the same wait where the browser cannot say whether any tab holds a session (no Web Locks) */
  blindHandoverMs: number;
  /** a tab that waited for another tab's refresh waits this long more for its announcement */
  announcementMs: number;
}

export const DEFAULT_TAB_TIMINGS: TabTimings = {
  handoverMs: 5000,
  blindHandoverMs: 300,
  announcementMs: 1000,
};

/** What the coordination may do to the session of this tab. */
export interface TabSessionHooks {
  current(): SessionState;
  changes: Observable<SessionState>;
  /** another tab refreshed this tab's tokens: take its result */
  adoptTokens(tokens: TokenSet): void;
  /** an open tab handed its session (without remember me) over to this new tab */
  adoptSession(tokens: TokenSet, profile: Profile): void;
  /** another tab signed this session out */
  endHere(): void;
}

export interface TabCoordination {
  /**
   * Runs `refreshHere(staleRefreshToken)` under the browser-wide refresh lock, unless another
   * tab refreshed the same tokens meanwhile: then its tokens are adopted and no call is made.
   */
  refresh(refreshHere: (stale: string) => Promise<string>): Promise<string>;
  announceTokens(previous: string, tokens: TokenSet): void;
  announceSignOut(refreshToken: string): void;
  /** settles once a new tab has had its session handed over, or nobody answered in time */
  ready: Promise<void>;
}

export function isTokenSet(value: unknown): value is TokenSet {
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

const randomId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * One session across the tabs of a browser (issue 8 part 4): one tab refreshes while the others
 * wait on the lock and adopt its announced tokens, a new tab is handed the session of an open
 * one, and a sign-out ends it in every tab that holds it. `rememberedAtStart`: the tab found a
 * remembered session in localStorage (shared by all tabs), so it asks nobody.
 */
export function coordinateTabs(
  tabs: SessionTabs,
  hooks: TabSessionHooks,
  timings: TabTimings,
): TabCoordination {
  const { locks, channel } = tabs;
  const post = (message: TabMessage) => {
    try {
      channel?.postMessage(message);
    } catch {
      // A closed channel: the other tabs manage on their own (the server's refresh grace).
    }
  };
  const signedIn = () => {
    const state = hooks.current();
    return state.status === 'signed-in' ? state : null;
  };

  let handover: { id: string; done: () => void } | null = null;
  channel?.addEventListener('message', (event) => {
    const message = asTabMessage(event.data);
    if (!message) return;
    const mine = signedIn();
    switch (message.type) {
      case 'tokens':
        if (mine && mine.tokens.refreshToken === message.previous && isTokenSet(message.tokens))
          hooks.adoptTokens(message.tokens);
        return;
      case 'session?':
        if (mine && !mine.rememberMe)
          post({ type: 'session', id: message.id, tokens: mine.tokens, profile: mine.profile });
        return;
      case 'session':
        if (handover?.id !== message.id || mine) return;
        if (isTokenSet(message.tokens) && isProfile(message.profile)) {
          hooks.adoptSession(message.tokens, message.profile);
          handover.done();
        }
        return;
      case 'signed-out':
        if (mine && mine.tokens.refreshToken === message.refreshToken) hooks.endHere();
        return;
    }
  });

  holdWhileHandable(locks, hooks);

  const ready =
    channel && hooks.current().status === 'signed-out'
      ? waitForHandover(locks, timings).then((ms) => {
          if (ms === 0) return;
          return new Promise<void>((resolve) => {
            const id = randomId();
            const timer = setTimeout(() => done(), ms);
            const done = () => {
              clearTimeout(timer);
              handover = null;
              resolve();
            };
            handover = { id, done };
            post({ type: 'session?', id });
          });
        })
      : Promise.resolve();

  /** The access token of tokens newer than `stale` this tab has adopted, if any. */
  const adoptedSince = (stale: string) => {
    const mine = signedIn();
    return mine && mine.tokens.refreshToken !== stale ? mine.tokens.accessToken : null;
  };

  /** Resolves with the newer access token once this tab adopts one, or null after `ms`. */
  const announcedWithin = (stale: string, ms: number) =>
    new Promise<string | null>((resolve) => {
      const subscription = hooks.changes.subscribe(() => {
        const token = adoptedSince(stale);
        if (token) finish(token);
      });
      const timer = setTimeout(() => finish(null), ms);
      function finish(token: string | null) {
        clearTimeout(timer);
        subscription.unsubscribe();
        resolve(token);
      }
    });

  const refresh = async (refreshHere: (stale: string) => Promise<string>): Promise<string> => {
    const stale = signedIn()?.tokens.refreshToken;
    if (!stale || !locks) return refreshHere(stale ?? '');
    const uncontended = await locks.request(REFRESH_LOCK, { ifAvailable: true }, async (lock) =>
      lock ? { token: adoptedSince(stale) ?? (await refreshHere(stale)) } : null,
    );
    if (uncontended) return uncontended.token;
    // Another tab is refreshing: once it lets go, its announcement has usually been adopted;
    // if not yet, give it a moment before refreshing here (the server's grace covers a miss).
    return locks.request(REFRESH_LOCK, {}, async () => {
      const adopted = adoptedSince(stale) ?? (await announcedWithin(stale, timings.announcementMs));
      return adopted ?? refreshHere(stale);
    });
  };

  return {
    refresh,
    announceTokens: (previous, tokens) => post({ type: 'tokens', previous, tokens }),
    announceSignOut: (refreshToken) => post({ type: 'signed-out', refreshToken }),
    ready,
  };
}

/**
 * How long a new tab waits for a handover: not at all when no tab holds a session it could
 * hand over, long when one does (it answers as soon as it is free), briefly when the browser
 * cannot tell.
 */
async function waitForHandover(locks: TabLocks | null, timings: TabTimings): Promise<number> {
  if (!locks) return timings.blindHandoverMs;
  try {
    const { held = [] } = await locks.query();
    return held.some((lock) => lock.name === SESSION_HOLDER_LOCK) ? timings.handoverMs : 0;
  } catch {
    return timings.blindHandoverMs;
  }
}

/** Holds the shared holder lock while this tab is signed in without remember me. */
function holdWhileHandable(locks: TabLocks | null, hooks: TabSessionHooks): void {
  if (!locks) return;
  let release: (() => void) | null = null;
  hooks.changes.subscribe((state) => {
    const handable = state.status === 'signed-in' && !state.rememberMe;
    if (handable && !release) {
      const held = new Promise<void>((resolve) => (release = resolve));
      locks
        .request(SESSION_HOLDER_LOCK, { mode: 'shared' }, () => held)
        .catch(() => {
          // No lock here (a sandboxed frame): new tabs then wait only briefly for this one.
        });
    } else if (!handable && release) {
      release();
      release = null;
    }
  });
}
