import { createHash } from 'node:crypto';
import type { Database } from '../../../db/database.ts';
import type { WorkerReach } from '../workers/worker-reach.ts';

/** The channel of migrations/0054's triggers: something the workforce figures count has changed. */
export const WORKFORCE_SIGNAL = 'hcm_workforce';

export interface WorkforceCacheOptions {
  /** how long a kept figure serves at most, signal or not (0: nothing is kept) */
  ttlMs: number;
  /** figures kept at most; the least recently used goes first */
  maxEntries: number;
  /** the clock of ages (tests move it) */
  now?: () => number;
}

interface Kept {
  tenantId: string;
  value: unknown;
  keptAt: number;
}

interface Running {
  tenantId: string;
  value: Promise<unknown>;
}

/**
 * Who a kept figure is for, beside its tenant: everyone of the tenant ('all'), or those whose
 * reach (worker-reach.ts) is these units and this own record. Every section the dashboard
 * keeps (employees, contracts, resignations) narrows by this same reach, so callers with equal
 * reaches share a figure; a long list of units is hashed to keep keys short.
 */
export function reachKey(reach: WorkerReach): string {
  if (reach.all) return 'all';
  const units = [...reach.unitIds].sort().join(',');
  const hash = createHash('sha256').update(units).digest('base64url').slice(0, 22);
  return `units:${hash}:self:${reach.self?.id ?? '-'}`;
}

/**
 * The workforce figures this process has computed (issue 29, part 4): the dashboard's head
 * counts, the months' joiners and leavers, the contracts and probations ending, the month's
 * joiners, birthdays and anniversaries, and its leavers, each by tenant, reach and day (the
 * caller's key says which), so that the dashboard's next caller of the same scope gets them
 * with no statement of their own. Never what is the caller's own (what awaits them, their
 * requests): the dashboard counts that every time.
 *
 * A write to what they count (migrations/0054) raises the workforce signal with the writing
 * statement's tenant, and every process forgets that tenant's figures (all of them, for a
 * statement with no tenant): this process before the writing transaction returns, the others
 * when the NOTIFY arrives after the commit. A figure computed while a signal for its tenant came
 * is not kept. While the listening connection is lost, nothing is kept or served. A figure serves
 * `ttlMs` at most; callers key them by today's date, so a new day, which changes what is in
 * force without any write, computes afresh.
 */
export class WorkforceCache {
  private readonly kept = new Map<string, Kept>();
  /** figures being computed: a caller of the same key waits for it rather than computing again */
  private readonly running = new Map<string, Running>();
  /** bumped by a signal that names no tenant */
  private epoch = 0;
  /** bumped by a signal naming the tenant (forgotten with every tenant's figures) */
  private readonly tenantEpochs = new Map<string, number>();
  private deaf = true;
  private readonly now: () => number;
  /** figures served from the cache, and computed (tests, the benchmark) */
  readonly counts = { hits: 0, misses: 0 };

  constructor(private readonly options: WorkforceCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Listens for the signal; the cache serves once listening. The function stops it. */
  async watch(database: Pick<Database, 'watchSignal'>): Promise<() => Promise<void>> {
    const stop = await database.watchSignal(WORKFORCE_SIGNAL, {
      changed: (payload) => this.forget(payload),
      deaf: (deaf) => {
        this.deaf = deaf;
        this.forget(undefined);
      },
    });
    this.deaf = false;
    return async () => {
      this.deaf = true;
      this.forget(undefined);
      await stop();
    };
  }

  /**
   * The figure kept for `tenantId` under `key`, or what `compute` gives (kept when no signal
   * for the tenant came while it ran). `compute` reads in the caller's transaction; a caller
   * finding the same figure being computed waits for it, and computes its own if that fails.
   */
  async get<T>(tenantId: string, key: string, compute: () => Promise<T>): Promise<T> {
    if (this.deaf || this.options.ttlMs <= 0) return compute();
    const id = `${tenantId}|${key}`;
    const found = this.kept.get(id);
    if (found) {
      this.kept.delete(id);
      if (this.now() - found.keptAt < this.options.ttlMs) {
        // the most recently used last: eviction takes from the front
        this.kept.set(id, found);
        this.counts.hits++;
        return found.value as T;
      }
    }
    const running = this.running.get(id);
    if (running) {
      this.counts.hits++;
      return (running.value as Promise<T>).catch(() => compute());
    }
    this.counts.misses++;
    const since = this.stamp(tenantId);
    const value = compute();
    this.running.set(id, { tenantId, value });
    try {
      const computed = await value;
      if (!this.deaf && this.stamp(tenantId) === since) this.keep(id, tenantId, computed);
      return computed;
    } finally {
      if (this.running.get(id)?.value === value) this.running.delete(id);
    }
  }

  /** how many figures are kept (tests) */
  get size(): number {
    return this.kept.size;
  }

  private keep(id: string, tenantId: string, value: unknown): void {
    this.kept.set(id, { tenantId, value, keptAt: this.now() });
    while (this.kept.size > this.options.maxEntries) {
      const oldest = this.kept.keys().next().value;
      if (oldest === undefined) break;
      this.kept.delete(oldest);
    }
  }

  private stamp(tenantId: string): string {
    return `${this.epoch}/${this.tenantEpochs.get(tenantId) ?? 0}`;
  }

  /** A signal: the tenant it names (a uuid) forgets its figures; any other, every tenant. */
  private forget(payload: string | undefined): void {
    const tenantId = payload && /^[0-9a-f-]{36}$/i.test(payload) ? payload.toLowerCase() : undefined;
    if (tenantId === undefined) {
      this.epoch++;
      this.tenantEpochs.clear();
      this.kept.clear();
      this.running.clear();
      return;
    }
    this.tenantEpochs.set(tenantId, (this.tenantEpochs.get(tenantId) ?? 0) + 1);
    for (const [id, kept] of this.kept) if (kept.tenantId === tenantId) this.kept.delete(id);
    for (const [id, running] of this.running) if (running.tenantId === tenantId) this.running.delete(id);
  }
}
