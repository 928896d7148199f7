import type { Profile, TokenSet } from '@hcm/contracts';
import type { Observable } from 'rxjs';
import { isProfile } from './profile-guard.ts';
import type { SessionState } from './session-state.ts';
import { asTabMessage, REFRESH_LOCK, type SessionTabs, type TabMessage } from './tabs.ts';

/** How long tabs wait for each other (tests shorten them). */
export interface TabTimings {
  /** a new tab without a session waits this long for an open tab to hand its session over */
  handoverMs: number;
  /** a tab that waited for another tab's refresh waits this long more for its announcement */
  announcementMs: number;
}

export const DEFAULT_TAB_TIMINGS: TabTimings = { handoverMs: 200, announcementMs: 1000 };

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

  const ready =
    channel && hooks.current().status === 'signed-out'
      ? new Promise<void>((resolve) => {
          const id = randomId();
          const timer = setTimeout(() => done(), timings.handoverMs);
          const done = () => {
            clearTimeout(timer);
            handover = null;
            resolve();
          };
          handover = { id, done };
          post({ type: 'session?', id });
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
