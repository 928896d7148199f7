import type { TabLocks } from '../tabs.ts';

/**
 * An in-process stand-in for navigator.locks (Node 20 has BroadcastChannel but no Web Locks):
 * locks by name, granted in request order; `shared` requests share a lock with each other,
 * `exclusive` ones (the default) with nobody; `ifAvailable` is answered with null when the
 * lock is taken. Several sessions of one test sharing it behave as tabs of one browser; the
 * e2e suite proves the same code against Chromium's own navigator.locks.
 */
export function createTabLocks(): TabLocks & { held(name: string): boolean } {
  type Mode = 'exclusive' | 'shared';
  const holders = new Map<string, { mode: Mode; count: number }>();
  const queues = new Map<string, { mode: Mode; grant: () => void }[]>();

  const grantable = (name: string, mode: Mode) => {
    const now = holders.get(name);
    return !now || (now.mode === 'shared' && mode === 'shared' && !queues.get(name)?.length);
  };
  const take = (name: string, mode: Mode) => {
    const now = holders.get(name);
    holders.set(name, { mode, count: (now?.count ?? 0) + 1 });
  };
  const acquire = (name: string, mode: Mode) =>
    new Promise<void>((resolve) => {
      if (grantable(name, mode)) {
        take(name, mode);
        resolve();
      } else {
        const queue = queues.get(name) ?? [];
        queue.push({ mode, grant: resolve });
        queues.set(name, queue);
      }
    });
  const release = (name: string) => {
    const now = holders.get(name);
    if (now && now.count > 1) {
      now.count -= 1;
      return;
    }
    holders.delete(name);
    const queue = queues.get(name) ?? [];
    // The next request, and every shared one right behind a shared one.
    const first = queue.shift();
    if (!first) return;
    take(name, first.mode);
    first.grant();
    for (let next = queue[0]; first.mode === 'shared' && next?.mode === 'shared'; next = queue[0]) {
      queue.shift();
      take(name, next.mode);
      next.grant();
    }
  };

  return {
    held: (name) => holders.has(name),
    async query() {
      return { held: [...holders.keys()].map((name) => ({ name })) };
    },
    async request(name, options, work) {
      const mode = options.mode ?? 'exclusive';
      if (options.ifAvailable && !grantable(name, mode)) return work(null);
      await acquire(name, mode);
      try {
        return await work({ name, mode });
      } finally {
        release(name);
      }
    },
  };
}
