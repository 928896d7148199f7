import { FieldErrorKeys, type FieldError } from '@hcm/contracts';
import { LeaveApplicationLimits } from '@hcm/contracts/leave-applications';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../../db/database.ts';
import { validationFailed } from '../../../../http/errors.ts';
import { daysBetween } from '../../requests/effects.ts';
import { balanceOf } from '../ledger.ts';
import { ledgerOf } from '../ledger-store.ts';
import { decimalDays, type AskedLeave, type LeaveDay } from './count-days.ts';

/** A leave type as an application reads it (migration 0065's columns). */
export interface LeaveTypeRules {
  readonly id: string;
  readonly name: string;
  readonly paid: boolean;
  readonly timesheetReason: string;
  readonly usesAnnualBalance: boolean;
  readonly allowNegative: boolean;
  /** the most days a year of this type (a decimal as text); null: no limit */
  readonly maxDaysPerYear: string | null;
}

export async function leaveTypeOf(tx: Tx, id: string): Promise<LeaveTypeRules | null> {
  const found = (await tx.execute(sql`
    select id, name, paid, timesheet_reason as "timesheetReason",
           uses_annual_balance as "usesAnnualBalance", allow_negative as "allowNegative",
           max_days_per_year::text as "maxDaysPerYear"
      from leave_types where id = ${id}`)) as unknown as { rows: LeaveTypeRules[] };
  return found.rows[0] ?? null;
}

const error = (field: string, code: string, message: string, params?: FieldError['params']): FieldError => ({
  field,
  code,
  message,
  ...(params ? { params } : {}),
});

/** The rules of one application's own fields (the contract checks each field alone). */
export function shapeErrors(asked: AskedLeave): FieldError[] {
  const errors: FieldError[] = [];
  if (asked.toDate < asked.fromDate)
    errors.push(error('toDate', FieldErrorKeys.invalidValue, `is before the first day (${asked.fromDate})`));
  else if (daysBetween(asked.fromDate, asked.toDate).length > LeaveApplicationLimits.periodDays)
    errors.push(
      error(
        'toDate',
        FieldErrorKeys.invalidValue,
        `the application is longer than ${LeaveApplicationLimits.periodDays} days: file one per period`,
      ),
    );
  if (asked.portion === 'HOURS' && asked.toDate !== asked.fromDate)
    errors.push(
      error('toDate', FieldErrorKeys.invalidValue, 'hours are of one day: the same day as the first'),
    );
  if (asked.portion === 'HOURS' && (asked.startHalf === 'SECOND_HALF' || asked.endHalf === 'FIRST_HALF'))
    errors.push(error('startHalf', FieldErrorKeys.invalidValue, 'halves are for leave by days'));
  if (asked.fromDate === asked.toDate && asked.startHalf === 'SECOND_HALF' && asked.endHalf === 'FIRST_HALF')
    errors.push(
      error(
        'endHalf',
        FieldErrorKeys.invalidValue,
        'one day from its afternoon to its morning is nothing: choose one half',
      ),
    );
  if (asked.portion === 'HOURS') {
    if (!asked.fromTime)
      errors.push(error('fromTime', FieldErrorKeys.required, 'hours leave needs its start'));
    if (!asked.toTime) errors.push(error('toTime', FieldErrorKeys.required, 'hours leave needs its end'));
    if (asked.fromTime && asked.toTime && asked.toTime <= asked.fromTime)
      errors.push(error('toTime', FieldErrorKeys.invalidValue, `is not after ${asked.fromTime}`));
  } else {
    if (asked.fromTime)
      errors.push(error('fromTime', FieldErrorKeys.invalidValue, 'times are for hours leave only'));
    if (asked.toTime)
      errors.push(error('toTime', FieldErrorKeys.invalidValue, 'times are for hours leave only'));
  }
  return errors;
}

interface Other extends AskedLeave {
  id: string;
  approvalStatus: string;
  days: string;
  leaveTypeId: string;
  usesAnnualBalance: boolean;
}

/** The half-day slots a DAYS leave covers ('2026-03-05#1': that day's first half). */
function slots(leave: AskedLeave): Set<string> {
  const found = new Set<string>();
  for (const day of daysBetween(leave.fromDate, leave.toDate)) {
    if (!(day === leave.fromDate && leave.startHalf === 'SECOND_HALF')) found.add(`${day}#1`);
    if (!(day === leave.toDate && leave.endHalf === 'FIRST_HALF')) found.add(`${day}#2`);
  }
  return found;
}

/**
 * Two applications overlap when they share a half day (Thursday to Friday morning and Friday
 * afternoon do not), hours that intersect, or hours on a day the other covers by days.
 */
function overlaps(a: AskedLeave, b: AskedLeave): boolean {
  if (a.toDate < b.fromDate || b.toDate < a.fromDate) return false;
  if (a.portion === 'HOURS' && b.portion === 'HOURS')
    return Boolean(
      a.fromTime && a.toTime && b.fromTime && b.toTime && a.fromTime < b.toTime && b.fromTime < a.toTime,
    );
  if (a.portion === 'HOURS' || b.portion === 'HOURS') return true;
  const mine = slots(a);
  return [...slots(b)].some((slot) => mine.has(slot));
}

/**
 * The checks against the worker's other applications and balance, in the write's transaction,
 * the worker's applications locked first (two at once are checked one after the other):
 * - no overlap with another application not rejected or canceled (named in the message);
 * - a leave that takes nothing (only rest days and holidays) is refused;
 * - a type with a yearly maximum that does not draw on the annual balance (a tenant's marriage
 *   leave of 3 days a year): what it takes of each year with what the worker's other open or
 *   approved applications of the type take of it (counted in the year of their first day) stays
 *   within it — annual leave is bounded by the worker's balance instead (14 or 16 days, seniority
 *   and carry-over go past the seeded 12);
 * - a type drawing on the annual balance (unless it may go below zero): what it takes of each
 *   year is within that year's balance less what other open applications will take of it.
 */
export async function checkAgainstOthers(
  tx: Tx,
  input: {
    workerId: string;
    id: string | null;
    asked: AskedLeave;
    type: LeaveTypeRules;
    days: readonly LeaveDay[];
  },
): Promise<void> {
  const { workerId, id, asked, type, days } = input;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`leave:${workerId}`}, 0))`);
  const others = (
    (await tx.execute(sql`
      select a.id, a.from_date::text as "fromDate", a.to_date::text as "toDate", a.portion,
             a.start_half as "startHalf", a.end_half as "endHalf",
             a.from_time as "fromTime", a.to_time as "toTime", a.approval_status as "approvalStatus",
             a.days::text as days, a.leave_type_id as "leaveTypeId",
             t.uses_annual_balance as "usesAnnualBalance"
        from tm_leave_applications a join leave_types t on t.tenant_id = a.tenant_id and t.id = a.leave_type_id
       where a.worker_id = ${workerId}
         and a.approval_status not in ('REJECTED', 'CANCELED')
         and a.to_date >= (${asked.fromDate}::date - 366) and a.from_date <= (${asked.toDate}::date + 366)
         and (${id}::uuid is null or a.id <> ${id}::uuid)`)) as unknown as { rows: Other[] }
  ).rows;
  const clash = others.find((other) => overlaps(asked, other));
  if (clash)
    throw validationFailed(
      [
        error(
          'fromDate',
          FieldErrorKeys.leaveOverlap,
          `overlaps the leave application of ${clash.fromDate} – ${clash.toDate} (${clash.approvalStatus})`,
          {
            from: clash.fromDate,
            to: clash.toDate,
            status: clash.approvalStatus,
          },
        ),
      ],
      'The leave overlaps another application',
    );
  if (days.length === 0)
    throw validationFailed(
      [
        error(
          'toDate',
          FieldErrorKeys.leaveNoWorkingDay,
          'the days asked are rest days, holidays or days without a shift: there is no leave to take',
        ),
      ],
      'The leave takes no working day',
    );
  const byYear = new Map<number, number>();
  for (const day of days)
    byYear.set(
      Number(day.workDate.slice(0, 4)),
      (byYear.get(Number(day.workDate.slice(0, 4))) ?? 0) + day.value,
    );
  checkYearMaximum(type, others, byYear);
  if (!type.usesAnnualBalance || type.allowNegative) return;
  for (const [year, asked] of byYear) {
    const balance = balanceOf(await ledgerOf(tx, workerId, year), `${year}-12-31`).balance;
    const pending = others
      .filter(
        (o) =>
          o.usesAnnualBalance && o.approvalStatus !== 'APPROVED' && Number(o.fromDate.slice(0, 4)) === year,
      )
      .reduce((sum, o) => sum + Math.round(Number(o.days) * 1000), 0);
    const available = balance - pending;
    if (asked > available)
      throw validationFailed(
        [
          error(
            'leaveTypeId',
            FieldErrorKeys.leaveBalance,
            `asks ${decimalDays(asked)} days of ${year}'s annual leave: ${decimalDays(available)} available (balance ${decimalDays(balance)}, ${decimalDays(pending)} asked in other applications)`,
            {
              asked: decimalDays(asked),
              available: decimalDays(available),
              balance: decimalDays(balance),
              pending: decimalDays(pending),
              year,
            },
          ),
        ],
        'The leave exceeds the balance',
      );
  }
}

/** The leave type's yearly maximum against what the worker's applications of the type take. */
function checkYearMaximum(
  type: LeaveTypeRules,
  others: readonly Other[],
  byYear: ReadonlyMap<number, number>,
): void {
  if (type.maxDaysPerYear === null || type.usesAnnualBalance) return;
  const max = Math.round(Number(type.maxDaysPerYear) * 1000);
  for (const [year, asked] of byYear) {
    const used = others
      .filter((o) => o.leaveTypeId === type.id && Number(o.fromDate.slice(0, 4)) === year)
      .reduce((sum, o) => sum + Math.round(Number(o.days) * 1000), 0);
    if (used + asked > max)
      throw validationFailed(
        [
          error(
            'leaveTypeId',
            FieldErrorKeys.leaveTypeYearMax,
            `${type.name} allows ${decimalDays(max)} days a year: ${decimalDays(used)} days of ${year} in other applications, ${decimalDays(asked)} asked`,
            {
              type: type.name,
              max: decimalDays(max),
              used: decimalDays(used),
              asked: decimalDays(asked),
              year,
            },
          ),
        ],
        'The leave exceeds the yearly maximum of its type',
      );
  }
}
