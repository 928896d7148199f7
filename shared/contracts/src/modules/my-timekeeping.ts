import { label, type Label } from '../resource/label.ts';
import type {
  GeneralTimesheetColumns,
  GeneralTimesheetLegendEntry,
  GeneralTimesheetTotals,
} from './general-timesheet.ts';

/*
 * An employee's own timekeeping on a phone (issue 31, self-service; docs/my-timekeeping.md): the
 * month of the employee record the caller's account is linked to, in the general timesheet's wire
 * format (one row's columns, the texts they point into, the legend, the totals), so that the page
 * reads a day with `dayCell` and the legend with `legendBySymbol` as HR's grid does.
 */

const l = (key: string, vi: string, en: string) => label(`tm.myTimekeeping.${key}`, vi, en);

export const MyTimekeepingPaths = {
  /** GET ?month=YYYY-MM (else this month): the caller's own month; 404 without an employee record */
  month: '/api/tm/my-timekeeping/month',
} as const;

/** The years a month may be asked in (the day-record partitions' span, and far beyond it). */
export const MyTimekeepingLimits = { yearMin: 2000, yearMax: 2200 } as const;

/** 'YYYY-MM' of a year from 2000 to 2200 (the query's pattern: a month outside is a field error). */
export const MY_TIMEKEEPING_MONTH_PATTERN = '^(20\\d\\d|21\\d\\d|2200)-(0[1-9]|1[0-2])$';

/** The caller's month: the general timesheet's one row, with the worker it is. */
export interface MyTimekeepingMonth {
  readonly workerId: string;
  readonly workerCode: string;
  readonly workerName: string;
  readonly month: string;
  /** the month's dates, 'YYYY-MM-DD' */
  readonly days: readonly string[];
  /** the worker's unit's calendar type of each day (a weekly rest day, a holiday…; null: no calendar) */
  readonly dayTypes: readonly (string | null)[];
  /** the texts the columns point into (symbols, shift codes, outcomes, day types) */
  readonly texts: readonly string[];
  /** the tenant's symbols of the month (its settings in force then) */
  readonly legend: readonly GeneralTimesheetLegendEntry[];
  readonly columns: GeneralTimesheetColumns;
  readonly totals: GeneralTimesheetTotals;
  /** the month's timesheet is approved and locked for the worker */
  readonly locked: boolean;
}

/** The engine's outcome of a day (services/tm/timesheet/types.ts DayOutcome), as an employee reads it. */
export const MyTimekeepingOutcomeLabels: Readonly<Record<string, Label>> = {
  WORKED: l('outcome.worked', 'Đi làm', 'Worked'),
  LEAVE: l('outcome.leave', 'Nghỉ theo đơn', 'On leave'),
  ABSENT: l('outcome.absent', 'Vắng mặt', 'Absent'),
  INCOMPLETE: l('outcome.incomplete', 'Thiếu giờ chấm', 'Punch missing'),
  UNSCHEDULED: l('outcome.unscheduled', 'Không có ca', 'No shift'),
  HOLIDAY: l('outcome.holiday', 'Nghỉ lễ', 'Public holiday'),
  REST: l('outcome.rest', 'Ngày nghỉ', 'Day off'),
};
