import type { Db } from '../../../../db/database.ts';
import { tenants } from '../../../../db/schema.ts';
import { inScope } from '../../../../db/tenant-scope.ts';
import { runInChunks } from '../../../../jobs/chunks.ts';
import { accrueYear } from './accrue.ts';
import { carryOver, expireCarryOver } from './carry-over.ts';
import { lockTenantLeave } from './ledger-io.ts';
import { giveBackSettlements, payOutLeavers } from './payout.ts';

/** What a day's run wrote, by kind of work. */
export interface LeaveDayRun {
  /** leavers' settlements given back (a resignation canceled or moved after its payout) */
  givenBack: number;
  accrued: number;
  carried: number;
  expired: number;
  paidOut: number;
  stopped: boolean;
}

/** A chunked pass over a tenant's workers (carryOver, expireCarryOver). */
async function overWorkers(
  db: Db,
  tenantId: string,
  step: typeof carryOver,
  year: number,
  today: string,
  between: () => Promise<boolean>,
) {
  let after: string | undefined;
  let written = 0;
  const done = await runInChunks(
    db,
    { tenantId, userId: null },
    async (tx) => {
      await lockTenantLeave(tx, tenantId);
      const chunk = await step(tx, tenantId, year, today, after);
      written += chunk.written;
      after = chunk.last ?? after;
      return { count: chunk.written, more: chunk.more };
    },
    between,
  );
  return { written, stopped: done.stopped };
}

/**
 * The leave jobs of one day (`today`, the tenant's date by the injected clock) in one tenant, in
 * this order: the settlements of leavers whose resignation no longer ends employment on that day
 * given back (first, so the carry-over reads last year's balance given back, and a new last day's
 * payout may follow), last year's accrual caught up in January (before its balance is carried; its
 * months judged by the timesheet as known today), this year's accrual, the carry-over into this
 * year, its expiry, and the payouts of leavers. Each step writes only what is due and not yet
 * written: running a day twice writes nothing more.
 */
export async function runLeaveDay(
  db: Db,
  tenantId: string,
  today: string,
  between: () => Promise<boolean> = async () => true,
): Promise<LeaveDayRun> {
  const year = Number(today.slice(0, 4));
  const run: LeaveDayRun = { givenBack: 0, accrued: 0, carried: 0, expired: 0, paidOut: 0, stopped: false };
  run.givenBack = await inScope(db, { tenantId, userId: null }, async (tx) => {
    await lockTenantLeave(tx, tenantId);
    return giveBackSettlements(tx, tenantId, today);
  });
  // the day records are read on a month's first day (the month before has just ended: last
  // year's December on 1 January, before its balance is carried), else only where an accrual is due
  const options = { reading: today.slice(8) === '01' ? 'ALWAYS' : 'WHEN_DUE', knownOn: today } as const;
  const steps: (() => Promise<{ written: number; stopped: boolean }>)[] = [
    ...(today.slice(5, 7) === '01'
      ? [async () => accrueYear(db, tenantId, year - 1, `${year - 1}-12-31`, between, options)]
      : []),
    async () => accrueYear(db, tenantId, year, today, between, options),
  ];
  for (const step of steps) {
    const done = await step();
    run.accrued += done.written;
    if (done.stopped) return { ...run, stopped: true };
  }
  const carried = await overWorkers(db, tenantId, carryOver, year, today, between);
  run.carried = carried.written;
  if (carried.stopped) return { ...run, stopped: true };
  const expired = await overWorkers(db, tenantId, expireCarryOver, year, today, between);
  run.expired = expired.written;
  if (expired.stopped) return { ...run, stopped: true };
  run.paidOut = await inScope(db, { tenantId, userId: null }, async (tx) => {
    await lockTenantLeave(tx, tenantId);
    return payOutLeavers(tx, tenantId, today);
  });
  return run;
}

/** The day's leave jobs in every tenant (the daily schedule, jobs.ts). */
export async function runLeaveDayEverywhere(
  db: Db,
  today: string,
  between: () => Promise<boolean> = async () => true,
): Promise<LeaveDayRun> {
  // the owner with no tenant set reads every tenant row (migration 0002, tenants_read_own)
  const all = await db.select({ id: tenants.id }).from(tenants);
  const total: LeaveDayRun = { givenBack: 0, accrued: 0, carried: 0, expired: 0, paidOut: 0, stopped: false };
  for (const { id } of all) {
    const run = await runLeaveDay(db, id, today, between);
    total.givenBack += run.givenBack;
    total.accrued += run.accrued;
    total.carried += run.carried;
    total.expired += run.expired;
    total.paidOut += run.paidOut;
    if (run.stopped) return { ...total, stopped: true };
  }
  return total;
}
