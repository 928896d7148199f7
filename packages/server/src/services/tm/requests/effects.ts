import { ConflictReasons } from '@hcm/contracts';
import { wallClock, type Clock } from '../../../clock.ts';
import type { Tx } from '../../../db/database.ts';
import { conflictBecause } from '../../../http/errors.ts';
import { recomputeQueue } from '../timesheet/engine-queue.ts';
import {
  noLocks,
  VIETNAM_OFFSET_MINUTES,
  type MonthLockSource,
  type TimesheetInputs,
} from '../timesheet/inputs.ts';
import { requestDayRecomputation } from '../timesheet/recompute-keys.ts';

/*
 * What the request documents' hooks need beyond their transaction (docs/request-documents.md):
 * the server's clock (the tenant's today by the injected clock, tests move it) and the locked
 * months (the MonthLockSource of timesheet/wiring.ts, through inputs.ts only). The record
 * engine's hooks get a transaction only, so the tm service hands these over as it registers
 * the documents' routes (requestDocumentsUse), as timesheet/engine-queue.ts does for the queue.
 * Until then (a unit test binding a resource alone): the wall's clock, no lock, no inputs.
 * `inputs` are the engine's own (shifts and day types of a worker's days), for the documents
 * that count working days or a shift's hours as the timesheet will.
 */
const held: { clock: Clock; locks: MonthLockSource; inputs: TimesheetInputs | null } = {
  clock: wallClock,
  locks: noLocks,
  inputs: null,
};

export function requestDocumentsUse(given: {
  clock?: Clock;
  locks?: MonthLockSource;
  inputs?: TimesheetInputs;
}): void {
  if (given.clock) held.clock = given.clock;
  if (given.locks) held.locks = given.locks;
  if (given.inputs) held.inputs = given.inputs;
}

/** The timesheet engine's inputs as wired in the running server (null before it registers). */
export const engineInputs = (): TimesheetInputs | null => held.inputs;

/** The server clock's now. */
export const nowOf = (): Date => held.clock();

/** Today in the tenant's zone (Vietnam, +07, no daylight saving), YYYY-MM-DD. */
export function tenantToday(): string {
  return new Date(held.clock().getTime() + VIETNAM_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** One worker's one work day: what the engine is asked for again. */
export interface WorkerDay {
  readonly workerId: string;
  readonly workDate: string;
}

/** Every day from `from` to `to` (YYYY-MM-DD, both included); none when `to` is before `from`. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/**
 * 409 monthLocked when a timesheet of a month these days fall in is approved and locked for the
 * worker: approving (or canceling after approval) would change a day HR has locked, so it is
 * refused in words the user reads (the browser's notices.conflict.monthLocked), nothing written,
 * rather than applied later by the engine's held path without anyone being told. The first
 * locked month is named.
 */
export async function refuseInLockedMonths(tx: Tx, days: readonly WorkerDay[], doing: string): Promise<void> {
  const workers = [...new Set(days.map((day) => day.workerId))];
  const months = [...new Set(days.map((day) => day.workDate.slice(0, 7)))].sort();
  if (workers.length === 0) return;
  const locked = await held.locks.lockedMonths(tx, workers, months);
  const hit = days.find((day) => locked.get(day.workerId)?.has(day.workDate.slice(0, 7)));
  if (hit) {
    const month = hit.workDate.slice(0, 7);
    throw conflictBecause(
      ConflictReasons.monthLocked,
      `The timesheet of ${month} is approved and locked: reopen it before ${doing}`,
      { month },
    );
  }
}

/**
 * Asks the timesheet engine for these (worker, day)s again, in the caller's transaction (the
 * keys and their job exist exactly when it commits).
 */
export async function recomputeDays(tx: Tx, tenantId: string, days: readonly WorkerDay[]): Promise<void> {
  const queue = recomputeQueue();
  if (queue && days.length > 0) await requestDayRecomputation(tx, queue, tenantId, days);
}
