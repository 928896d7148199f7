import type { TabLocks } from '../tabs.ts';

/**
 * An in-process stand-in for navigator.locks (Node 20 has BroadcastChannel but no Web Locks):
 * exclusive locks by name, granted in request order, `ifAvailable` answered with null when
 * held. Several sessions of one test sharing it behave as tabs of one browser; the e2e suite
 * proves the same code against Chromium's own navigator.locks.
 */
export function createTabLocks(): TabLocks & { held(name: string): boolean } {
  const queues = new Map<string, (() => void)[]>();
  const held = new Set<string>();

  const acquire = (name: string) =>
    new Promise<void>((resolve) => {
      if (!held.has(name)) {
        held.add(name);
        resolve();
      } else {
        const queue = queues.get(name) ?? [];
        queue.push(resolve);
        queues.set(name, queue);
      }
    });
  const release = (name: string) => {
    const next = queues.get(name)?.shift();
    if (next) next();
    else held.delete(name);
  };

  return {
    held: (name) => held.has(name),
    async request(name, options, work) {
      if (options.ifAvailable && held.has(name)) return work(null);
      await acquire(name);
      try {
        return await work({ name });
      } finally {
        release(name);
      }
    },
  };
}
