import type { Tx } from '../../../../db/database.ts';
import { balanceOf, expiringCarryOver } from '../ledger.ts';
import { policyOn } from '../policies/policy-on.ts';
import { ledgersOf, workersOfYear, writeEntries, type NewEntry } from './ledger-io.ts';

/* The carry-over into a year and its expiry (docs/leave.md "The leave jobs"), one tenant's chunk. */

/**
 * How long after its day a carry-over or an expiry is still written when the daily run missed it
 * (the service was down): a month. Outside it the run reads nothing, so it costs nothing daily.
 */
export const CATCH_UP_DAYS = 31;

/** What a chunk wrote, the last worker it read (the next chunk starts after), and whether more are left. */
export interface WorkerChunk {
  readonly written: number;
  readonly last: string | null;
  readonly more: boolean;
}

const NOTHING: WorkerChunk = { written: 0, last: null, more: false };

/** Whether `today` is on `day` or within the catch-up days after it. */
export function withinCatchUp(day: string, today: string): boolean {
  const late = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000;
  return late >= 0 && late < CATCH_UP_DAYS;
}

/**
 * On the year's first day (or within CATCH_UP_DAYS after it): CARRIED_OVER = min(last year's balance on 31
 * December, the rules' carry_over_max_days), for these workers employed on that day who served
 * last year. The rules are those in force on the year's first day. Answers the entries written.
 */
export async function carryOver(
  tx: Tx,
  tenantId: string,
  year: number,
  today: string,
  after?: string,
  limit = 500,
): Promise<WorkerChunk> {
  const first = `${year}-01-01`;
  if (!withinCatchUp(first, today)) return NOTHING;
  const policy = await policyOn(tx, first);
  if (policy.carryOverMaxDays <= 0) return NOTHING;
  const workers = await workersOfYear(tx, year, { after, limit });
  const last = workers[workers.length - 1]?.workerId ?? null;
  const more = workers.length === limit;
  const served = workers.filter(
    (w) => (w.start === null || w.start < first) && (w.lastDay === null || w.lastDay >= first),
  );
  const before = await ledgersOf(
    tx,
    year - 1,
    served.map((w) => w.workerId),
  );
  const entries: NewEntry[] = [];
  for (const worker of served) {
    const left = balanceOf(before.get(worker.workerId) ?? [], `${year - 1}-12-31`).balance;
    const days = Math.min(left, policy.carryOverMaxDays);
    if (days > 0) entries.push({ workerId: worker.workerId, year, kind: 'CARRIED_OVER', on: first, days });
  }
  return { written: await writeEntries(tx, tenantId, entries), last, more };
}

/**
 * On the expiry day (MM-DD of the rules in force on the year's first day; or within CATCH_UP_DAYS):
 * EXPIRED = what was carried into the year and not taken before that day (expiringCarryOver).
 */
export async function expireCarryOver(
  tx: Tx,
  tenantId: string,
  year: number,
  today: string,
  after?: string,
  limit = 500,
): Promise<WorkerChunk> {
  const policy = await policyOn(tx, `${year}-01-01`);
  if (policy.carryOverExpiresOn === null) return NOTHING;
  const expiresOn = `${year}-${policy.carryOverExpiresOn}`;
  if (!withinCatchUp(expiresOn, today)) return NOTHING;
  const workers = await workersOfYear(tx, year, { after, limit });
  const last = workers[workers.length - 1]?.workerId ?? null;
  const more = workers.length === limit;
  const ledgers = await ledgersOf(
    tx,
    year,
    workers.map((w) => w.workerId),
  );
  const entries: NewEntry[] = [];
  for (const [workerId, ledger] of ledgers) {
    const carried = ledger.find((e) => e.kind === 'CARRIED_OVER');
    if (!carried || ledger.some((e) => e.kind === 'EXPIRED')) continue;
    const days = expiringCarryOver(ledger, { on: carried.on, days: carried.days, expiresOn });
    if (days > 0) entries.push({ workerId, year, kind: 'EXPIRED', on: expiresOn, days: -days });
  }
  return { written: await writeEntries(tx, tenantId, entries), last, more };
}
