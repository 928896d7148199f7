import type { Database } from '../../../db/database.ts';
import type { ShiftPlan } from './shift-plan.ts';

/** The channel of migration 0057's triggers: a tenant's work shifts (or their breaks) changed. */
export const WORK_SHIFT_SIGNAL = 'hcm_work_shifts';

export interface ShiftPlanCacheOptions {
  /** plans kept at most; the least recently used goes first */
  maxEntries: number;
}

/**
 * The work-shift plans this process has read (catalogues §4: "detail of work shift is cached and
 * refreshed after each update"), by tenant and id: the timesheet engine reads the same few shifts
 * for thousands of worker-days, and the shift's page reads its plan after each save.
 *
 * Kept until the tenant's shifts change: a write to work_shifts or work_shift_breaks raises the
 * work-shift signal (migration 0057) with the writing statement's tenant, and every process forgets
 * that tenant's plans — this one before the writing transaction returns (NOTICE), the others when
 * the NOTIFY arrives after the commit; a statement with no tenant (the owner) forgets every
 * tenant's. A plan read while a signal for its tenant came is not kept. While the listening
 * connection is lost, nothing is kept or served. (The same scheme as the dashboard's
 * services/om/dashboard/workforce-cache.ts.)
 */
export class ShiftPlanCache {
  private readonly kept = new Map<string, ShiftPlan | null>();
  private readonly tenantEpochs = new Map<string, number>();
  private epoch = 0;
  private deaf = true;
  /** plans served from the cache, and read (tests, the benchmark) */
  readonly counts = { hits: 0, misses: 0 };

  constructor(private readonly options: ShiftPlanCacheOptions) {}

  /** Listens for the signal; the cache serves once listening. The function stops it. */
  async watch(database: Pick<Database, 'watchSignal'>): Promise<() => Promise<void>> {
    const stop = await database.watchSignal(WORK_SHIFT_SIGNAL, {
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
   * The plans of `ids` for `tenantId`: the kept ones, and what `read` gives for the others (read
   * in the caller's transaction, kept unless a signal for the tenant came meanwhile). An id of no
   * shift is absent from the answer.
   */
  async plans(
    tenantId: string,
    ids: readonly string[],
    read: (missing: readonly string[]) => Promise<Map<string, ShiftPlan>>,
  ): Promise<Map<string, ShiftPlan>> {
    const found = new Map<string, ShiftPlan>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const key = `${tenantId}|${id}`;
      if (this.deaf || !this.kept.has(key)) {
        missing.push(id);
        continue;
      }
      const plan = this.kept.get(key) ?? null;
      // the most recently used last: eviction takes from the front
      this.kept.delete(key);
      this.kept.set(key, plan);
      this.counts.hits++;
      if (plan) found.set(id, plan);
    }
    if (missing.length === 0) return found;
    this.counts.misses += missing.length;
    const since = this.stamp(tenantId);
    const read_ = await read(missing);
    const keep = !this.deaf && this.stamp(tenantId) === since;
    for (const id of missing) {
      const plan = read_.get(id) ?? null;
      if (plan) found.set(id, plan);
      if (keep) this.keep(`${tenantId}|${id}`, plan);
    }
    return found;
  }

  /** how many plans (and known absences) are kept (tests) */
  get size(): number {
    return this.kept.size;
  }

  private keep(key: string, plan: ShiftPlan | null): void {
    this.kept.set(key, plan);
    while (this.kept.size > this.options.maxEntries) {
      const oldest = this.kept.keys().next().value;
      if (oldest === undefined) break;
      this.kept.delete(oldest);
    }
  }

  private stamp(tenantId: string): string {
    return `${this.epoch}:${this.tenantEpochs.get(tenantId) ?? 0}`;
  }

  /** Forgets a tenant's plans ('' or undefined: every tenant's). */
  private forget(tenantId: string | undefined): void {
    if (!tenantId) {
      this.epoch++;
      this.kept.clear();
      return;
    }
    this.tenantEpochs.set(tenantId, (this.tenantEpochs.get(tenantId) ?? 0) + 1);
    const prefix = `${tenantId}|`;
    for (const key of [...this.kept.keys()]) if (key.startsWith(prefix)) this.kept.delete(key);
  }
}
