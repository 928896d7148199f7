import type { WorkCalendarTargetType } from '@hcm/contracts/work-calendars';
import type { Tx } from '../../../db/database.ts';
import { dayNumber } from './calendar-days.ts';
import { loadCalendars, loadUnits, loadWorkers, type WorkerSelection } from './load-calendars.ts';
import { resolveDays, type ResolvedDay } from './resolve-days.ts';

export type { ResolvedDay } from './resolve-days.ts';
export type { WorkerSelection } from './load-calendars.ts';

/** The longest range one call resolves (a timesheet month, with room on both sides). */
export const RESOLVE_MAX_DAYS = 400;

/** The calendar that decided some days: enough to say which assignment applied. */
export interface AppliedCalendar {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly targetType: WorkCalendarTargetType;
}

export interface ShiftResolution {
  /** per worker, every day of [from, to] in order (ResolvedDay: the shift, off, or nothing) */
  readonly days: ReadonlyMap<string, readonly ResolvedDay[]>;
  /** the calendars the days name, by id */
  readonly calendars: ReadonlyMap<string, AppliedCalendar>;
}

/**
 * The timesheet engine's question (services/tm/timesheet): for the caller's tenant, the shift of
 * each (worker, day) of [from, to] as the approved work calendars decide it, with the calendar
 * that decided. Three queries whatever the number of workers or days (the workers, the unit
 * tree, the calendars overlapping the range); the patterns and the precedence are worked out in
 * memory (resolve-days.ts), shared between workers of one unit and title. An overnight shift
 * belongs to the day it starts: the day a ResolvedDay names. Runs in the caller's transaction
 * and tenant scope (row-level security keeps every read to the tenant).
 */
export async function resolveShifts(
  tx: Tx,
  request: { readonly workers: WorkerSelection; readonly from: string; readonly to: string },
): Promise<ShiftResolution> {
  const span = dayNumber(request.to) - dayNumber(request.from) + 1;
  if (span < 1 || span > RESOLVE_MAX_DAYS)
    throw new RangeError(
      `resolveShifts: from ${request.from} to ${request.to} is not 1 to ${RESOLVE_MAX_DAYS} days`,
    );
  const workers = await loadWorkers(tx, request.workers);
  if (workers.length === 0) return { days: new Map(), calendars: new Map() };
  const [units, calendars] = [
    await loadUnits(tx),
    await loadCalendars(tx, { from: request.from, to: request.to }, { approvedOnly: true }),
  ];
  const days = resolveDays({ workers, units, calendars, from: request.from, to: request.to });
  return {
    days,
    calendars: new Map(
      calendars.map((c) => [c.id, { id: c.id, code: c.code, name: c.name, targetType: c.targetType }]),
    ),
  };
}
