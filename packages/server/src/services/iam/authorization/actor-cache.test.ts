import { describe, expect, it } from 'vitest';
import type { SignalWatcher } from '../../../db/database.ts';
import { movableClock } from '../../../testing/movable-clock.ts';
import { ActorCache, AUTHORIZATION_SIGNAL } from './actor-cache.ts';
import type { LoadedActor } from './load-actor.ts';

const SESSION = '00000000-0000-4000-8000-000000000001';
const USER = '00000000-0000-4000-8000-0000000000aa';

/** A signal source the test drives: what Database.watchSignal gives the cache. */
function signals() {
  const watchers: SignalWatcher[] = [];
  return {
    watchSignal: async (channel: string, watcher: SignalWatcher) => {
      expect(channel).toBe(AUTHORIZATION_SIGNAL);
      watchers.push(watcher);
      return async () => {
        watchers.splice(watchers.indexOf(watcher), 1);
      };
    },
    signal: () => watchers.forEach((w) => w.changed()),
    deaf: (deaf: boolean) => watchers.forEach((w) => w.deaf(deaf)),
  };
}

const actorOf = (overrides: Partial<LoadedActor> = {}): LoadedActor => ({
  userId: USER,
  tenantId: '00000000-0000-4000-8000-0000000000bb',
  isRoot: false,
  userLevel: 'TENANT',
  permissions: new Set(['worker.view', 'reward.view']),
  passwordChangeRequired: false,
  sessionEndsAt: new Date('2026-12-06T12:00:00Z'),
  ...overrides,
});

async function watchedCache(options: { ttlMs?: number; maxActors?: number } = {}) {
  const clock = movableClock(new Date('2026-12-06T08:00:00Z'));
  const cache = new ActorCache({
    ttlMs: options.ttlMs ?? 60_000,
    maxActors: options.maxActors ?? 100,
    clock: clock.now,
  });
  const source = signals();
  const stop = await cache.watch(source);
  return { cache, clock, source, stop };
}

describe('the actor cache', () => {
  it('serves a kept actor to its own session and user only', async () => {
    const { cache } = await watchedCache();
    cache.keepActor(cache.begin(), SESSION, actorOf());
    expect(cache.actor(SESSION, USER)?.permissions.has('worker.view')).toBe(true);
    expect(cache.actor(SESSION, '00000000-0000-4000-8000-0000000000cc')).toBeUndefined();
    // a mismatch drops the entry: the next load keeps the right one
    expect(cache.actor(SESSION, USER)).toBeUndefined();
  });

  it('forgets everything at a signal, and keeps nothing loaded before it', async () => {
    const { cache, source } = await watchedCache();
    cache.keepActor(cache.begin(), SESSION, actorOf());
    cache.keepLicence(cache.begin(), 't', 'OM', { status: 'granted' });
    const since = cache.begin();
    source.signal();
    expect(cache.actor(SESSION, USER)).toBeUndefined();
    expect(cache.licence('t', 'OM')).toBeUndefined();
    // loaded before the signal, stored after it: stale, so not kept
    cache.keepActor(since, SESSION, actorOf());
    cache.keepLicence(since, 't', 'OM', { status: 'granted' });
    expect(cache.actor(SESSION, USER)).toBeUndefined();
    expect(cache.licence('t', 'OM')).toBeUndefined();
  });

  it('serves nothing while deaf, and nothing kept before it once listening again', async () => {
    const { cache, source } = await watchedCache();
    cache.keepActor(cache.begin(), SESSION, actorOf());
    source.deaf(true);
    expect(cache.actor(SESSION, USER)).toBeUndefined();
    cache.keepActor(cache.begin(), SESSION, actorOf());
    expect(cache.actor(SESSION, USER)).toBeUndefined();
    source.deaf(false);
    expect(cache.actor(SESSION, USER)).toBeUndefined();
    cache.keepActor(cache.begin(), SESSION, actorOf());
    expect(cache.actor(SESSION, USER)).toBeDefined();
  });

  it('serves nothing before it listens, nor after it stops', async () => {
    const clock = movableClock(new Date('2026-12-06T08:00:00Z'));
    const cache = new ActorCache({ ttlMs: 60_000, maxActors: 10, clock: clock.now });
    cache.keepActor(cache.begin(), SESSION, actorOf());
    expect(cache.actor(SESSION, USER)).toBeUndefined();
    const stop = await cache.watch(signals());
    cache.keepActor(cache.begin(), SESSION, actorOf());
    expect(cache.actor(SESSION, USER)).toBeDefined();
    await stop();
    expect(cache.actor(SESSION, USER)).toBeUndefined();
  });

  it('serves an actor for the time-to-live at most, and never past its session’s end', async () => {
    const { cache, clock } = await watchedCache({ ttlMs: 60_000 });
    cache.keepActor(cache.begin(), SESSION, actorOf());
    clock.advance(59_999);
    expect(cache.actor(SESSION, USER)).toBeDefined();
    clock.advance(1);
    expect(cache.actor(SESSION, USER)).toBeUndefined();

    // kept at 08:01, its session ending at 08:01:30
    cache.keepActor(
      cache.begin(),
      SESSION,
      actorOf({ sessionEndsAt: new Date(clock.now().getTime() + 30_000) }),
    );
    clock.advance(29_999);
    expect(cache.actor(SESSION, USER)).toBeDefined();
    clock.advance(1);
    expect(cache.actor(SESSION, USER)).toBeUndefined();
  });

  it('keeps a licence for the time-to-live at most', async () => {
    const { cache, clock } = await watchedCache({ ttlMs: 1000 });
    cache.keepLicence(cache.begin(), 't', 'OM', { status: 'expired' });
    expect(cache.licence('t', 'OM')).toEqual({ status: 'expired' });
    expect(cache.licence('t', 'PM')).toBeUndefined();
    clock.advance(1000);
    expect(cache.licence('t', 'OM')).toBeUndefined();
  });

  it('drops the least recently used session beyond its size, and shares equal grants', async () => {
    const { cache } = await watchedCache({ maxActors: 2 });
    const session = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    cache.keepActor(cache.begin(), session(1), actorOf({ permissions: new Set(['a', 'b']) }));
    cache.keepActor(cache.begin(), session(2), actorOf({ permissions: new Set(['b', 'a']) }));
    expect(cache.actor(session(1), USER)?.permissions).toBe(cache.actor(session(2), USER)?.permissions);
    // session 2 was used last: session 1 goes first
    cache.actor(session(1), USER);
    cache.keepActor(cache.begin(), session(3), actorOf());
    expect(cache.size).toBe(2);
    expect(cache.actor(session(2), USER)).toBeUndefined();
    expect(cache.actor(session(1), USER)).toBeDefined();
    expect(cache.actor(session(3), USER)).toBeDefined();
  });
});
