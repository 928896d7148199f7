import type { Tx } from '../../../../db/database.ts';
import { balanceOf, expiringCarryOver } from '../ledger.ts';
import { policyOn } from '../policies/policy-on.ts';
import { ledgersOf, workersOfYear, writeEntries, type NewEntry } from './ledger-io.ts';

/* The carry-over into a year and its expiry (docs/leave.md "The leave jobs"), one tenant's chunk. */

/**
 * On the year's first day (once it has come): CARRIED_OVER = min(last year's balance on 31
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
) {
  const first = `${year}-01-01`;
  if (today < first) return { written: 0, last: null, more: false };
  const policy = await policyOn(tx, first);
  const workers = await workersOfYear(tx, year, { after, limit });
  const last = workers[workers.length - 1]?.workerId ?? null;
  const more = workers.length === limit;
  if (policy.carryOverMaxDays <= 0) return { written: 0, last, more };
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
 * On the expiry day (MM-DD of the rules in force on the year's first day, once it has come):
 * EXPIRED = what was carried into the year and not taken before that day (expiringCarryOver).
 */
export async function expireCarryOver(
  tx: Tx,
  tenantId: string,
  year: number,
  today: string,
  after?: string,
  limit = 500,
) {
  const policy = await policyOn(tx, `${year}-01-01`);
  const workers = await workersOfYear(tx, year, { after, limit });
  const last = workers[workers.length - 1]?.workerId ?? null;
  const more = workers.length === limit;
  if (policy.carryOverExpiresOn === null) return { written: 0, last, more };
  const expiresOn = `${year}-${policy.carryOverExpiresOn}`;
  if (today < expiresOn) return { written: 0, last, more };
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
