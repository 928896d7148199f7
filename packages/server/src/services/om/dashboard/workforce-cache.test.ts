import { describe, expect, it } from 'vitest';
import type { SignalWatcher } from '../../../db/database.ts';
import { reachKey, WORKFORCE_SIGNAL, WorkforceCache } from './workforce-cache.ts';

const A = '0b8f3c1e-0000-4000-8000-00000000000a';
const B = '0b8f3c1e-0000-4000-8000-00000000000b';

/** A cache listening to a signal the test raises, on a clock the test moves. */
async function watched(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let watcher: SignalWatcher | undefined;
  let clock = 1_000_000;
  const cache = new WorkforceCache({
    ttlMs: options.ttlMs ?? 300_000,
    maxEntries: options.maxEntries ?? 100,
    now: () => clock,
  });
  const channels: string[] = [];
  const stop = await cache.watch({
    async watchSignal(channel, given) {
      channels.push(channel);
      watcher = given;
      return async () => undefined;
    },
  });
  const signal = () => {
    if (!watcher) throw new Error('not watching');
    return watcher;
  };
  let computed = 0;
  /** a figure that counts its computations */
  const figure = (tenantId: string, key: string, value = key) =>
    cache.get(tenantId, key, async () => {
      computed++;
      return value;
    });
  return {
    cache,
    channels,
    stop,
    signal,
    figure,
    computed: () => computed,
    later: (ms: number) => (clock += ms),
  };
}

describe('the workforce figures a process keeps', () => {
  it('computes a figure once, then serves it, on the channel of migrations/0054', async () => {
    const kept = await watched();
    expect(kept.channels).toEqual([WORKFORCE_SIGNAL]);
    expect(await kept.figure(A, 'heads')).toBe('heads');
    expect(await kept.figure(A, 'heads')).toBe('heads');
    expect(kept.computed()).toBe(1);
    expect(kept.cache.counts).toEqual({ hits: 1, misses: 1 });
  });

  it('forgets only the tenant a signal names, and every tenant for a signal that names none', async () => {
    const kept = await watched();
    await kept.figure(A, 'heads');
    await kept.figure(B, 'heads');
    kept.signal().changed(A.toUpperCase());
    await kept.figure(A, 'heads');
    await kept.figure(B, 'heads');
    // A computed again, B served
    expect(kept.computed()).toBe(3);
    for (const payload of ['', undefined]) {
      kept.signal().changed(payload);
      await kept.figure(A, 'heads');
      await kept.figure(B, 'heads');
    }
    expect(kept.computed()).toBe(7);
  });

  it('does not keep a figure computed while a signal for its tenant came', async () => {
    const kept = await watched();
    const read = kept.cache.get(A, 'heads', async () => {
      // a write of the tenant commits while the figure is being counted
      kept.signal().changed(A);
      return 'before the write';
    });
    expect(await read).toBe('before the write');
    expect(await kept.figure(A, 'heads', 'after the write')).toBe('after the write');
    expect(kept.cache.size).toBe(1);
  });

  it('keeps nothing and serves nothing while it cannot hear the signal, nor after it stopped', async () => {
    const kept = await watched();
    await kept.figure(A, 'heads');
    kept.signal().deaf(true);
    await kept.figure(A, 'heads');
    await kept.figure(A, 'heads');
    expect(kept.computed()).toBe(3);
    expect(kept.cache.size).toBe(0);
    kept.signal().deaf(false);
    await kept.figure(A, 'heads');
    await kept.figure(A, 'heads');
    expect(kept.computed()).toBe(4);
    await kept.stop();
    await kept.figure(A, 'heads');
    expect(kept.computed()).toBe(5);
  });

  it('serves a figure for its age at most, and keeps the most recently used ones', async () => {
    const kept = await watched({ ttlMs: 60_000, maxEntries: 2 });
    await kept.figure(A, 'heads');
    kept.later(59_999);
    await kept.figure(A, 'heads');
    kept.later(1);
    await kept.figure(A, 'heads');
    expect(kept.computed()).toBe(2);
    await kept.figure(A, 'months');
    await kept.figure(A, 'heads');
    // a third pushes out the least recently used: months, not heads
    await kept.figure(A, 'people');
    expect(kept.cache.size).toBe(2);
    await kept.figure(A, 'heads');
    expect(kept.computed()).toBe(4);
    await kept.figure(A, 'months');
    expect(kept.computed()).toBe(5);
  });

  it('lets callers of a figure being counted wait for it rather than count it again', async () => {
    const kept = await watched();
    let release: (value: string) => void = () => undefined;
    const first = kept.cache.get(A, 'heads', () => new Promise<string>((resolve) => (release = resolve)));
    const second = kept.figure(A, 'heads', 'second');
    release('first');
    expect(await Promise.all([first, second])).toEqual(['first', 'first']);
    expect(kept.computed()).toBe(0);
    // one that fails leaves each waiting caller to count its own
    const failing = kept.cache.get(B, 'heads', () => Promise.reject(new Error('statement timeout')));
    const waiting = kept.figure(B, 'heads', 'own');
    await expect(failing).rejects.toThrow('statement timeout');
    expect(await waiting).toBe('own');
  });

  it('keeps nothing when its age is 0', async () => {
    const kept = await watched({ ttlMs: 0 });
    await kept.figure(A, 'heads');
    await kept.figure(A, 'heads');
    expect(kept.computed()).toBe(2);
  });

  it('shares a figure between callers of one reach only', () => {
    const unit = (id: string) => `0b8f3c1e-0000-4000-8000-${id.padStart(12, '0')}`;
    const self = { id: unit('99'), unitId: unit('1') };
    expect(reachKey({ all: true })).toBe('all');
    const one = reachKey({ all: false, unitIds: [unit('1'), unit('2')], self });
    expect(reachKey({ all: false, unitIds: [unit('2'), unit('1')], self })).toBe(one);
    expect(reachKey({ all: false, unitIds: [unit('1')], self })).not.toBe(one);
    expect(reachKey({ all: false, unitIds: [unit('1'), unit('2')], self: null })).not.toBe(one);
    expect(reachKey({ all: false, unitIds: [], self: null })).not.toBe('all');
  });
});
