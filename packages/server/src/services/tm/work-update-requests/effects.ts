import { ConflictReasons } from '@hcm/contracts';
import { wallClock, type Clock } from '../../../clock.ts';
import type { Tx } from '../../../db/database.ts';
import { conflictBecause } from '../../../http/errors.ts';
import { recomputeQueue } from '../timesheet/engine-queue.ts';
import { noLocks, VIETNAM_OFFSET_MINUTES, type MonthLockSource } from '../timesheet/inputs.ts';
import { requestDayRecomputation } from '../timesheet/recompute-keys.ts';

/*
 * What a work update request's hooks need beyond their transaction: the server's clock (a date
 * "in the future" is the tenant's today by the injected clock, tests move it) and the locked
 * months (the MonthLockSource of timesheet/wiring.ts, through inputs.ts only). The record
 * engine's hooks get a transaction only, so the request's routes hand these over as the tm
 * service registers them, as timesheet/engine-queue.ts does for the queue. Until then (a unit
 * test binding the resource alone): the wall's clock and no lock.
 */
const held: { clock: Clock; locks: MonthLockSource } = { clock: wallClock, locks: noLocks };

export function workUpdateRequestsUse(given: { clock?: Clock; locks?: MonthLockSource }): void {
  if (given.clock) held.clock = given.clock;
  if (given.locks) held.locks = given.locks;
}

/** The server clock's now. */
export const nowOf = (): Date => held.clock();

/** Today in the tenant's zone (Vietnam, +07, no daylight saving), YYYY-MM-DD. */
export function tenantToday(): string {
  return new Date(held.clock().getTime() + VIETNAM_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/**
 * 409 monthLocked when the worker's timesheet of that month is approved and locked: approving
 * (or canceling after approval) would change a day HR has locked, so it is refused in words the
 * user reads (the browser's notices.conflict.monthLocked), nothing written, rather than applied
 * later by the engine's held path without anyone being told.
 */
export async function refuseInLockedMonth(tx: Tx, workerId: string, workDate: string, doing: string) {
  const month = workDate.slice(0, 7);
  const locked = await held.locks.lockedMonths(tx, [workerId], [month]);
  if (locked.get(workerId)?.has(month))
    throw conflictBecause(
      ConflictReasons.monthLocked,
      `The timesheet of ${month} is approved and locked: reopen it before ${doing}`,
      { month },
    );
}

/**
 * Asks the timesheet engine for the request's one (worker, day) again, in the caller's
 * transaction (the key and its job exist exactly when it commits). The requested punches are
 * the day's own: no neighbouring day reads them, so no other day changes.
 */
export async function recomputeRequestedDay(tx: Tx, tenantId: string, workerId: string, workDate: string) {
  const queue = recomputeQueue();
  if (queue) await requestDayRecomputation(tx, queue, tenantId, [{ workerId, workDate }]);
}
