/**
 * Turns on PGlite's one connection, taken round-robin across tenants (README, "Fairness between
 * tenants"). PGlite runs one transaction at a time, first come, first served: one tenant's 40
 * busy clients took another tenant's answers from about 50 ms to 2–3 s (issue 26;
 * bench/tenant-fairness.ts). Here each scope transaction (inScope) first waits for a turn in
 * its tenant's lane; the next turn goes to the lane after the one served last, so a quiet
 * tenant waits behind at most one transaction of each busy tenant, however many that tenant
 * has queued.
 *
 * Only scope transactions on the connection itself take turns: a transaction nested in one
 * (a savepoint, `inScope(tx, …)`) already holds it, and pg-boss's statements (db.raw), single
 * statements and the few transactions outside any scope queue in PGlite's own order as before.
 * Nothing waits for a turn while holding one, as PGlite itself already forbids: a statement
 * sent outside an open transaction waits for that transaction to end.
 */

/** What a tenant may queue (config.ts, TENANT_QUEUE_LIMIT and friends). */
export interface TurnLimits {
  /** waiting transactions of one lane beyond which a refusable one is refused */
  queueLimit: number;
  /** the Retry-After a refused request is given */
  retryAfterSeconds: number;
}

/** The lane of work done for no tenant (system users, public reads, the clock's sweeps). */
export const SYSTEM_LANE = 'system';

export const laneOf = (tenantId: string | null): string => tenantId ?? SYSTEM_LANE;

/** A refusable transaction found its lane full: the request is answered 429 (http/database-busy.ts). */
export class TenantQueueFullError extends Error {
  readonly lane: string;
  readonly retryAfterSeconds: number;
  constructor(lane: string, waiting: number, retryAfterSeconds: number) {
    super(`${waiting} transactions of lane ${lane} are already waiting for the database`);
    this.name = 'TenantQueueFullError';
    this.lane = lane;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Who holds the turn and how many wait in each lane (tests wait for states through it). */
export interface TurnsSnapshot {
  running: string | null;
  waiting: Record<string, number>;
}

export class TenantTurns {
  private readonly limits: TurnLimits;
  /** the lane whose transaction holds the turn; null when the connection is free */
  private running: string | null = null;
  /** the lane served last: it goes behind the others at the next turn */
  private lastServed: string | null = null;
  /** lanes with waiting work, in the order their next turn comes (a Map keeps insertion order) */
  private readonly waiting = new Map<string, (() => void)[]>();
  private dispatchPending = false;

  constructor(limits: TurnLimits) {
    this.limits = limits;
  }

  /**
   * Throws TenantQueueFullError when `lane` already has `queueLimit` transactions waiting: what
   * `take(…, true)` checks, for a request that may not need a transaction of its own first (its
   * caller known already: services/iam/authorization/actor-cache.ts).
   */
  refuseWhenFull(lane: string): void {
    const waiting = this.waiting.get(lane)?.length ?? 0;
    if (waiting >= this.limits.queueLimit)
      throw new TenantQueueFullError(lane, waiting, this.limits.retryAfterSeconds);
  }

  /**
   * Runs `work` when `lane`'s turn comes, and hands the turn on when it settles, failed or
   * not. `refuseWhenFull`: throw TenantQueueFullError instead of waiting when the lane already
   * has `queueLimit` transactions waiting (a request's first transaction, before it has done
   * anything; background work and a request's later transactions always wait).
   */
  async take<T>(lane: string, work: () => Promise<T>, refuseWhenFull = false): Promise<T> {
    const queue = this.waiting.get(lane) ?? [];
    if (refuseWhenFull) this.refuseWhenFull(lane);
    await new Promise<void>((resolve) => {
      queue.push(resolve);
      this.waiting.set(lane, queue);
      this.dispatchSoon();
    });
    try {
      return await work();
    } finally {
      this.running = null;
      // Nobody waiting: no lane has had more than its share, and the next one starts afresh.
      if (this.waiting.size === 0) this.lastServed = null;
      this.dispatchSoon();
    }
  }

  snapshot(): TurnsSnapshot {
    const waiting: Record<string, number> = {};
    for (const [lane, queue] of this.waiting) waiting[lane] = queue.length;
    return { running: this.running, waiting };
  }

  /**
   * Turns are handed out from the event loop's check phase, even when the connection is free.
   * PGlite answers within promise callbacks: a request whose token check came back ran both its
   * transactions to the end at once, so requests were served strictly in the order they
   * arrived, and a quiet tenant's request waited for every busy one read before it (turns
   * handed out at once never had two lanes to choose from). Between two turns the server now
   * reads what has arrived, and every waiting lane is in line when the next turn is given.
   */
  private dispatchSoon(): void {
    if (this.dispatchPending || this.running !== null || this.waiting.size === 0) return;
    this.dispatchPending = true;
    setImmediate(() => {
      this.dispatchPending = false;
      this.dispatch();
    });
  }

  /** The turn goes to the first lane in line; the lane served last waits behind any other. */
  private dispatch(): void {
    if (this.running !== null) return;
    const first = this.waiting.keys().next();
    if (!first.done && first.value === this.lastServed && this.waiting.size > 1) this.sendToBack(first.value);
    const next = this.waiting.entries().next();
    if (next.done) return;
    const [lane, queue] = next.value;
    const wake = queue.shift();
    // Served: to the back of the line, or out of it when nothing of the lane is left waiting.
    this.waiting.delete(lane);
    if (queue.length > 0) this.waiting.set(lane, queue);
    this.running = lane;
    this.lastServed = lane;
    wake?.();
  }

  private sendToBack(lane: string): void {
    const queue = this.waiting.get(lane);
    if (!queue) return;
    this.waiting.delete(lane);
    this.waiting.set(lane, queue);
  }
}

/** The turns of each PGlite connection's drizzle handle (db/pglite.ts); absent: no turns taken. */
const turnsByDatabase = new WeakMap<object, TenantTurns>();

export function giveTurns(db: object, turns: TenantTurns): void {
  turnsByDatabase.set(db, turns);
}

/** The turns `db` takes, if any: a transaction handle (Tx) never has any. */
export function turnsOf(db: object): TenantTurns | undefined {
  return turnsByDatabase.get(db);
}
