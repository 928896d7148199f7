import type { CalendarDay } from '@hcm/contracts/labour-calendar';
import { SYMBOL_KINDS, type TimesheetSymbolKey } from '@hcm/contracts/timekeeping-config';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../../db/database.ts';
import { resolveCalendars } from '../../calendar/resolve.ts';
import { settingsOfRow, type SettingsRow } from '../../config/settings-in-force.ts';
import { DEFAULT_SYMBOLS } from '../../timesheet/symbols.ts';
import { workingTimeClass, type TimesheetMonth, type WorkingTimeClass } from '../entitlement.ts';
import { thousandths } from '../policies/policy-on.ts';
import type { WorkerService } from './plan.ts';
import { monthEnd, weekdaysBetween, type TimesheetYear } from './service-months.ts';

/*
 * A batch of workers' year as the timesheet tells it (docs/leave.md "The months that count"): the
 * day records of the months over, summed by worker, month and symbol in ONE statement; the
 * tenant's symbols of each month in one; the standard working days of the workers' units in one
 * (the labour calendar's resolution). Nothing is read per worker or per month.
 */

const rowsOf = async <T>(tx: Tx, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

const pad = (n: number) => String(n).padStart(2, '0');

/** The last month (0–12) of `year` that is over on `knownOn`: its last day is before it. */
export function lastMonthOver(year: number, knownOn: string): number {
  if (knownOn > `${year}-12-31`) return 12;
  if (knownOn < `${year}-01-01`) return 0;
  return Number(knownOn.slice(5, 7)) - 1;
}

/** The weekday (0 Sunday – 6 Saturday) of a day. */
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** What a day of the weekly rules is worth in standard days (thousandths); null: a calendar row. */
function weeklyShare(day: CalendarDay): number | null {
  if (day.source !== 'WEEKLY_OFF_RULE' && day.source !== 'CONFIGURATION') return null;
  return day.type === 'WORKING_DAY' ? 1000 : day.type === 'HALF_REST_DAY' ? 500 : 0;
}

/**
 * The standard working days of each month of a year (thousandths; index 0 is January) from the
 * labour calendar's resolved days: the month's `standardDays` where a standard-days rule gives it;
 * where the tenant has none, counted as the calendar's CALENDAR method counts (the weekly rules'
 * days, 1, ½ or 0; a swapped working day 1, a swapped day off 0; a holiday or day off of the
 * calendar as its weekday usually is; a compensatory day standing for a holiday 1).
 */
export function standardDaysOfYear(days: readonly CalendarDay[], year: number): number[] {
  const usual = new Map<number, Map<number, number>>();
  for (const day of days) {
    const share = weeklyShare(day);
    if (share === null) continue;
    const weekday = weekdayOf(day.date);
    const seen = usual.get(weekday) ?? new Map<number, number>();
    seen.set(share, (seen.get(share) ?? 0) + 1);
    usual.set(weekday, seen);
  }
  const usualShare = (weekday: number) => {
    const seen = usual.get(weekday);
    if (!seen) return weekday === 0 || weekday === 6 ? 0 : 1000;
    return [...seen].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  };
  const given = new Map<number, number>();
  const counted = new Array<number>(12).fill(0);
  for (const day of days) {
    if (!day.date.startsWith(`${year}-`)) continue;
    const month = Number(day.date.slice(5, 7));
    if (day.standardDays !== null && !given.has(month)) given.set(month, thousandths(day.standardDays));
    const share =
      weeklyShare(day) ??
      (day.source === 'COMPENSATION' || day.type === 'SWAPPED_WORKING_DAY'
        ? 1000
        : day.type === 'SWAPPED_DAY_OFF'
          ? 0
          : usualShare(weekdayOf(day.date)));
    counted[month - 1] = (counted[month - 1] ?? 0) + share;
  }
  return counted.map((days, i) => given.get(i + 1) ?? days);
}

/** What the day records of a worker's month and symbol came to (the statement's row). */
interface SymbolRow {
  worker_id: string;
  month: number;
  symbol: string | null;
  /** HR corrected these days (their symbol or paid value): counted by the correction */
  corrected: boolean;
  work: number;
  paid_leave: number;
  unpaid_leave: number;
  /** the paid value of the days, HR's where HR set one */
  paid: number;
  /** corrected days: what of each day its paid value leaves unpaid (1000 − paid, at least 0) */
  rest: number;
}

/** The symbols a month's settings write, each with the keys that write it. */
function keysBySymbol(symbols: Readonly<Record<string, string | null>>): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [key, symbol] of Object.entries(symbols))
    if (symbol) found.set(symbol, [...(found.get(symbol) ?? []), key]);
  return found;
}

/**
 * The art. 65 class of the time away a cell's symbol names: the symbol's keys, or for a day worked
 * in part ("+/Ô") those of what follows the slash (symbols.ts joinSymbols).
 */
export function awayClass(
  symbol: string | null,
  keys: ReadonlyMap<string, readonly string[]>,
): WorkingTimeClass {
  if (!symbol) return 'NONE';
  const whole = keys.get(symbol);
  if (whole) return workingTimeClass(whole);
  const slash = symbol.indexOf('/');
  return slash < 0 ? 'NONE' : workingTimeClass(keys.get(symbol.slice(slash + 1)) ?? []);
}

/**
 * The month's facts from its rows (pure): days worked and on paid leave as the general timesheet
 * totals them (month-columns.ts totalsOfMonth: the engine's units, and a day HR corrected by its
 * paid value and the kind of the symbol HR wrote — a symbol the tenant does not write is work),
 * and the days the timesheet leaves unpaid by the art. 65 class of their symbol.
 */
export function monthOfRows(
  rows: readonly Omit<SymbolRow, 'worker_id' | 'month'>[],
  symbols: Readonly<Record<string, string | null>>,
  normalWorkingDays: number,
): TimesheetMonth {
  const keys = keysBySymbol(symbols);
  let workedDays = 0;
  let paidLeaveDays = 0;
  const awayDays: Partial<Record<WorkingTimeClass, number>> = {};
  const away = (symbol: string | null, days: number) => {
    if (days <= 0) return;
    const found = awayClass(symbol, keys);
    awayDays[found] = (awayDays[found] ?? 0) + days;
  };
  for (const row of rows) {
    if (!row.corrected) {
      workedDays += row.work;
      paidLeaveDays += row.paid_leave;
      away(row.symbol, row.unpaid_leave);
      continue;
    }
    const written = keys.get(row.symbol ?? '');
    const kind = written
      ? (SYMBOL_KINDS[written[0] as TimesheetSymbolKey] ?? 'PAID_LEAVE')
      : row.symbol
        ? 'WORK'
        : 'NONE';
    if (kind === 'WORK') workedDays += row.paid;
    else if (kind === 'PAID_LEAVE') paidLeaveDays += row.paid;
    else if (kind === 'UNPAID_LEAVE') away(row.symbol, row.rest);
  }
  return { workedDays, paidLeaveDays, awayDays, normalWorkingDays };
}

/** The tenant's symbols in force in each month (1–12) of `year`: one statement. */
async function symbolsOfYear(tx: Tx, year: number): Promise<Readonly<Record<string, string | null>>[]> {
  const versions = await rowsOf<SettingsRow & { effective_month: string }>(
    tx,
    sql`select effective_month, overtime_mode, overtime_minimum_minutes, repeat_punch_seconds, symbols
          from tm_timekeeping_settings where effective_month <= ${`${year}-12`}
         order by effective_month`,
  );
  return Array.from({ length: 12 }, (_, i) => {
    const month = `${year}-${pad(i + 1)}`;
    const row = versions.filter((v) => v.effective_month <= month).at(-1);
    return row ? settingsOfRow(row).symbols : DEFAULT_SYMBOLS;
  });
}

/**
 * The timesheet's year of each of `workers` (TimesheetYear): the months of `year` over by
 * `knownOn` that hold some of the worker's day records. A worker with none has an empty map (the
 * employment period then tells every month).
 */
export async function timesheetYears(
  tx: Tx,
  tenantId: string,
  year: number,
  workers: readonly WorkerService[],
  knownOn: string,
): Promise<Map<string, TimesheetYear>> {
  const answer = new Map<string, TimesheetYear>();
  const over = lastMonthOver(year, knownOn);
  if (workers.length === 0 || over === 0) return answer;
  const ids = workers.map((w) => w.workerId);
  const corrected = sql.raw(
    '(r.corrected_at is not null and (r.corrected_symbol is not null or r.corrected_paid_units is not null))',
  );
  // a lateral read per worker walks tm_day_records_worker_idx (tenant, worker, work_date) in each
  // month's partition; one `worker_id = any(…)` over months lets the planner scan whole partitions
  // (general-timesheet/month-columns.ts measured it)
  const rows = await rowsOf<SymbolRow>(
    tx,
    sql`select w.id as worker_id, m.*
          from unnest(${`{${ids.join(',')}}`}::uuid[]) as w(id)
          cross join lateral (
            select extract(month from r.work_date)::int as month,
                   case when ${corrected} then coalesce(r.corrected_symbol, r.day_symbol) else r.day_symbol end as symbol,
                   ${corrected} as corrected,
                   sum(r.work_units)::int as work, sum(r.paid_leave_units)::int as paid_leave,
                   sum(r.unpaid_leave_units)::int as unpaid_leave,
                   sum(coalesce(r.corrected_paid_units, r.paid_units))::int as paid,
                   sum(greatest(0, 1000 - coalesce(r.corrected_paid_units, r.paid_units)))::int as rest
              from tm_day_records r
             where r.tenant_id = ${tenantId}::uuid and r.worker_id = w.id
               and r.work_date between ${`${year}-01-01`}::date and ${monthEnd(year, over)}::date
             group by 1, 2, 3) m`,
  );
  if (rows.length === 0) return answer;
  const symbols = await symbolsOfYear(tx, year);
  const units = [...new Set(workers.flatMap((w) => (w.unitId ? [w.unitId] : [])))];
  const calendars = await resolveCalendars(tx, {
    tenantId,
    organizationUnitIds: units,
    from: `${year}-01-01`,
    to: `${year}-12-31`,
  });
  const standardByUnit = new Map<string, number[]>();
  const standardOf = (unitId: string | undefined) => {
    const key = unitId ?? '';
    let found = standardByUnit.get(key);
    if (!found) {
      const days = calendars.get(key)?.days ?? [];
      // no calendar for the unit (none found): Monday to Friday, as the employment period counts
      found =
        days.length > 0
          ? standardDaysOfYear(days, year)
          : Array.from(
              { length: 12 },
              (_, i) => weekdaysBetween(`${year}-${pad(i + 1)}-01`, monthEnd(year, i + 1)) * 1000,
            );
      standardByUnit.set(key, found);
    }
    return found;
  };
  const byWorker = new Map<string, Map<number, SymbolRow[]>>();
  for (const row of rows) {
    const months = byWorker.get(row.worker_id) ?? new Map<number, SymbolRow[]>();
    byWorker.set(row.worker_id, months);
    months.set(row.month, [...(months.get(row.month) ?? []), row]);
  }
  for (const worker of workers) {
    const months = byWorker.get(worker.workerId);
    if (!months) continue;
    const standard = standardOf(worker.unitId);
    const facts = new Map<number, TimesheetMonth>();
    for (const [month, found] of months) {
      // a month the calendar gives no working day is left to the employment period
      const normal = standard[month - 1] ?? 0;
      if (normal > 0) facts.set(month, monthOfRows(found, symbols[month - 1] ?? DEFAULT_SYMBOLS, normal));
    }
    const monthOfWork = Math.floor(standard.reduce((sum, days) => sum + days, 0) / 12);
    answer.set(worker.workerId, { months: facts, monthOfWork });
  }
  return answer;
}
