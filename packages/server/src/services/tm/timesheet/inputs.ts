import type { Tx } from '../../../db/database.ts';
import { DEFAULT_SETTINGS } from './symbols.ts';
import type { DayAdjustment, DayRules, DayType, ShiftPlan, TimesheetSettings } from './types.ts';

/*
 * What the recomputation job reads besides punches, as small interfaces (docs/timesheet-engine.md,
 * "Inputs and who provides them"): the work calendars' shift resolver, the labour calendar's day
 * types and rules, the documents of issue 31, the locked months of the timesheets, and the
 * tenant's timesheet settings. Each answers a whole batch of workers and days in a fixed number
 * of queries, in the job's transaction and tenant scope.
 */

/** The shift of a (worker, day), and the work calendar (assignment) that chose it. */
export interface AppliedShift {
  readonly plan: ShiftPlan | null;
  readonly assignmentId: string | null;
}

/** worker id → day (YYYY-MM-DD) → what applies; a missing entry is "nothing". */
export type ByWorkerDay<T> = ReadonlyMap<string, ReadonlyMap<string, T>>;

export interface ShiftSource {
  /** every (worker, day) of [from, to] that has a shift (or an explicit day off: plan null) */
  shifts(tx: Tx, workerIds: readonly string[], from: string, to: string): Promise<ByWorkerDay<AppliedShift>>;
}

/** A day as the labour calendar decides it for a worker. */
export interface CalendarDayOf {
  readonly dayType: DayType;
  /** paid without work (a public holiday, a compensatory day) */
  readonly paidOff: boolean;
  /** the labour rules in effect that day (null: the tenant has none: the day cannot be computed) */
  readonly rules: DayRules | null;
}

export interface DayTypeSource {
  days(tx: Tx, workerIds: readonly string[], from: string, to: string): Promise<ByWorkerDay<CalendarDayOf>>;
}

export interface DocumentSource {
  /** approved documents folded into each (worker, day) */
  adjustments(
    tx: Tx,
    workerIds: readonly string[],
    from: string,
    to: string,
  ): Promise<ByWorkerDay<readonly DayAdjustment[]>>;
}

export interface MonthLockSource {
  /** the months ('YYYY-MM') locked for each worker among those asked (an approved timesheet) */
  lockedMonths(
    tx: Tx,
    workerIds: readonly string[],
    months: readonly string[],
  ): Promise<ReadonlyMap<string, ReadonlySet<string>>>;
}

/** The tenant-level settings of the day computation. */
export interface TenantTimesheet {
  readonly settings: TimesheetSettings;
  /** the tenant's offset from UTC in minutes (Vietnam: 420, no daylight saving) */
  readonly utcOffsetMinutes: number;
}

export interface SettingsSource {
  /** the settings in force for the work days of `month` ('YYYY-MM'): they are effective by month */
  settings(tx: Tx, month: string): Promise<TenantTimesheet>;
}

/** Everything the job reads besides the punches and the stored days. */
export interface TimesheetInputs {
  readonly shifts: ShiftSource;
  readonly dayTypes: DayTypeSource;
  readonly documents: DocumentSource;
  readonly locks: MonthLockSource;
  readonly settings: SettingsSource;
}

/** Vietnam's offset: the tenant's zone until tenants carry one (the bulk path's months assume it too). */
export const VIETNAM_OFFSET_MINUTES = 420;

/** No documents yet: issue 31 builds leave, overtime, business-trip, conference and shift-change documents. */
export const noDocuments: DocumentSource = { adjustments: async () => new Map() };

/** No month is locked yet: the approvable timesheets of issue 30 item 8 lock them. */
export const noLocks: MonthLockSource = { lockedMonths: async () => new Map() };

/** The seeded settings and Vietnam's offset, until the tenant's own are stored. */
export const seededSettings: SettingsSource = {
  settings: async () => ({ settings: DEFAULT_SETTINGS, utcOffsetMinutes: VIETNAM_OFFSET_MINUTES }),
};
