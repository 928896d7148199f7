import type {
  GeneralTimesheetColumns,
  GeneralTimesheetDayCorrection,
  GeneralTimesheetTotals,
} from '@hcm/contracts/general-timesheet';
import { sql, type SQL } from 'drizzle-orm';
import { emptyTotals, type SymbolClass } from './month-cells.ts';

/**
 * A worker's month as PostgreSQL answers it for the grid (`monthColumnsQuery`): the fields a day
 * shows as one JSON array each (aligned on `day`), the days with lateness, overtime or flags and
 * the corrected or held days as short lists, and the sums of the totals. Each value turned into
 * JSON costs PostgreSQL about 0.2 µs: an array per worker of every column of every day (28 × 31,000
 * values) took 140 ms of a 180 ms read, the sums and sparse lists take a fraction of it.
 */
export interface WorkerMonthRow {
  readonly workerId: string;
  /** the days of the month (1…31) the engine wrote, in the order of the arrays below; null: none */
  readonly day: number[] | null;
  readonly symbol: (string | null)[] | null;
  readonly outcome: (string | null)[] | null;
  readonly dayType: string[] | null;
  readonly shiftCode: (string | null)[] | null;
  readonly pairs: (string | null)[] | null;
  readonly worked: number[] | null;
  readonly paid: number[] | null;
  /** [day, late, early, overtime, night, flags] of the days with any of them */
  readonly minutes: [number, number, number, number, number, number][] | null;
  /** [day, held, engine's symbol, engine's paid, symbol, paid, reason, by, at] of a corrected or held day */
  readonly notes:
    | [
        number,
        boolean,
        string | null,
        number,
        string | null,
        number | null,
        string | null,
        string | null,
        string | null,
      ][]
    | null;
  /** the totals' sums over every day (minutes), and over the days that count as the engine says (units) */
  readonly sums: number[];
}

/** A day that counts by its correction (totals): HR set its symbol or its paid value. */
const BY_CORRECTION = `(r.corrected_at is not null and (r.corrected_symbol is not null or r.corrected_paid_units is not null))`;

/** The order of `WorkerMonthRow.sums`. */
const SUMS = sql.raw(
  [
    'ot_weekday_day_minutes',
    'ot_weekday_night_minutes',
    'ot_rest_day_minutes',
    'ot_rest_night_minutes',
    'ot_holiday_day_minutes',
    'ot_holiday_night_minutes',
    'night_minutes',
    '(r.late_minutes > 0)::int',
    'late_minutes',
    '(r.early_minutes > 0)::int',
    'early_minutes',
  ]
    .map((column) => `coalesce(sum(${column.startsWith('(') ? column : `r.${column}`}), 0)::int`)
    .concat(
      ['work_units', 'paid_leave_units', 'unpaid_leave_units', 'paid_units'].map(
        (column) => `coalesce(sum(r.${column}) filter (where not ${BY_CORRECTION}), 0)::int`,
      ),
    )
    .join(', '),
);

/**
 * One row per worker of `ids`, in their order: each worker's day records of the month as
 * WorkerMonthRow. A lateral read per worker walks `tm_day_records_worker_idx (tenant, worker,
 * work_date)` in the month's partition (31 rows each): one `worker_id = any(…)` over the month
 * let the planner choose a parallel scan of the whole partition and a sort, twice the time on
 * two busy cores.
 */
export function monthColumnsQuery(tenantId: string, ids: readonly string[], from: string, to: string): SQL {
  const day = sql.raw('extract(day from r.work_date)::int');
  return sql`
    select w.id as "workerId", m.*
      from unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality as w(id, n)
      cross join lateral (
        select json_agg(${day}) as day,
               json_agg(r.day_symbol) as symbol,
               json_agg(r.outcome) as outcome,
               json_agg(r.day_type) as "dayType",
               json_agg(r.shift_code) as "shiftCode",
               json_agg(r.punch_pairs) as pairs,
               json_agg(r.worked_minutes) as worked,
               json_agg(r.paid_units) as paid,
               json_agg(json_build_array(${day}, r.late_minutes, r.early_minutes, r.overtime_minutes,
                                         r.night_minutes, r.flags))
                 filter (where r.late_minutes <> 0 or r.early_minutes <> 0 or r.overtime_minutes <> 0
                           or r.night_minutes <> 0 or r.flags <> 0) as minutes,
               json_agg(json_build_array(${day}, r.held_at is not null, r.day_symbol, r.paid_units,
                                         r.corrected_symbol, r.corrected_paid_units, r.correction_reason,
                                         r.corrected_by,
                                         to_char(r.corrected_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')))
                 filter (where r.corrected_at is not null or r.held_at is not null) as notes,
               array[${SUMS}] as sums
          from tm_day_records r
         where r.tenant_id = ${tenantId}::uuid and r.worker_id = w.id
           and r.work_date between ${from}::date and ${to}::date) m
     order by w.n`;
}

/** A worker's month reduced to what the totals need (monthTotalsQuery): payroll's read of the timesheet. */
export interface WorkerMonthTotalsRow {
  readonly workerId: string;
  /** as WorkerMonthRow.sums */
  readonly sums: number[];
  /** [engine's symbol, engine's paid, symbol, paid] of each day that counts by its correction */
  readonly corrected: [string | null, number, string | null, number | null][] | null;
}

/**
 * The totals' inputs of each worker of `ids` for a month, in their order: the same sums and
 * corrected days the grid's totals come from (totalsOfMonth), without the day-by-day columns
 * (services/pm/variables/load-values.ts reads a payroll chunk's timesheet figures with it).
 */
export function monthTotalsQuery(tenantId: string, ids: readonly string[], from: string, to: string): SQL {
  return sql`
    select w.id as "workerId", m.*
      from unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality as w(id, n)
      cross join lateral (
        select array[${SUMS}] as sums,
               json_agg(json_build_array(r.day_symbol, r.paid_units, r.corrected_symbol, r.corrected_paid_units))
                 filter (where ${sql.raw(BY_CORRECTION)}) as corrected
          from tm_day_records r
         where r.tenant_id = ${tenantId}::uuid and r.worker_id = w.id
           and r.work_date between ${from}::date and ${to}::date) m
     order by w.n`;
}

/** The page's texts: each symbol, shift code, outcome and day type once, by its index. */
export class PageTexts {
  readonly texts: string[] = [];
  private readonly indexes = new Map<string, number>();
  indexOf(text: string | null): number {
    if (text === null) return -1;
    let index = this.indexes.get(text);
    if (index === undefined) {
      index = this.texts.length;
      this.texts.push(text);
      this.indexes.set(text, index);
    }
    return index;
  }
}

/** A day of the engine's as the totals need it when HR corrected it. */
export interface CorrectedDay {
  readonly daySymbol: string | null;
  readonly paidUnits: number;
  readonly correctedSymbol: string | null;
  readonly correctedPaidUnits: number | null;
}

/** A worker's columns (the wire's) and the days their totals count by correction. */
export function columnsOf(
  row: WorkerMonthRow,
  dayCount: number,
  texts: PageTexts,
): { columns: GeneralTimesheetColumns; corrected: CorrectedDay[] } {
  const none = () => new Array<number>(dayCount).fill(0);
  const symbol = new Array<number>(dayCount).fill(-1);
  const outcome = new Array<number>(dayCount).fill(-1);
  const dayType = new Array<number>(dayCount).fill(-1);
  const shiftCode = new Array<number>(dayCount).fill(-1);
  const pairs = new Array<string | null>(dayCount).fill(null);
  const [workedMinutes, lateMinutes, earlyMinutes, overtimeMinutes, nightMinutes, paidUnits, flags] = [
    none(),
    none(),
    none(),
    none(),
    none(),
    none(),
    none(),
  ];
  const days = row.day ?? [];
  for (let k = 0; k < days.length; k++) {
    const i = (days[k] as number) - 1;
    symbol[i] = texts.indexOf(row.symbol?.[k] ?? '');
    outcome[i] = texts.indexOf(row.outcome?.[k] ?? null);
    dayType[i] = texts.indexOf(row.dayType?.[k] ?? null);
    shiftCode[i] = texts.indexOf(row.shiftCode?.[k] ?? null);
    pairs[i] = row.pairs?.[k] ?? null;
    workedMinutes[i] = row.worked?.[k] ?? 0;
    paidUnits[i] = row.paid?.[k] ?? 0;
  }
  for (const [day, late, early, overtime, night, flag] of row.minutes ?? []) {
    lateMinutes[day - 1] = late;
    earlyMinutes[day - 1] = early;
    overtimeMinutes[day - 1] = overtime;
    nightMinutes[day - 1] = night;
    flags[day - 1] = flag;
  }
  const held: number[] = [];
  const corrections: GeneralTimesheetDayCorrection[] = [];
  const corrected: CorrectedDay[] = [];
  for (const [day, isHeld, daySymbol, paid, setSymbol, setPaid, reason, by, at] of row.notes ?? []) {
    const i = day - 1;
    if (isHeld) held.push(i);
    if (at === null) continue;
    corrections.push({
      day: i,
      computedSymbol: daySymbol,
      symbol: setSymbol,
      paidUnits: setPaid,
      reason: reason ?? '',
      by,
      at,
    });
    if (setSymbol !== null) symbol[i] = texts.indexOf(setSymbol);
    if (setPaid !== null) paidUnits[i] = setPaid;
    if (setSymbol !== null || setPaid !== null)
      corrected.push({ daySymbol, paidUnits: paid, correctedSymbol: setSymbol, correctedPaidUnits: setPaid });
  }
  return {
    columns: {
      symbol,
      outcome,
      dayType,
      shiftCode,
      pairs,
      workedMinutes,
      lateMinutes,
      earlyMinutes,
      overtimeMinutes,
      nightMinutes,
      paidUnits,
      flags,
      held,
      corrections,
    },
    corrected,
  };
}

/**
 * A worker's month (docs/general-timesheet.md, "Totals"): PostgreSQL's sums, and the days HR
 * corrected counted by their correction: the paid value (the engine's when the correction sets
 * none) goes to work, paid leave or unpaid leave by the class of the symbol HR wrote; a day
 * corrected to the unpaid-leave symbol counts the rest of a day (1000 − paid) as unpaid; a symbol
 * the legend does not know (a tenant's X) is work. The minutes (overtime, night, lateness) are the
 * engine's: a correction changes the day's value, not what the punches showed.
 */
export function totalsOfMonth(
  sums: readonly number[],
  corrected: readonly CorrectedDay[],
  standardDays: string | null,
  classes: ReadonlyMap<string, SymbolClass>,
): GeneralTimesheetTotals {
  const at = (i: number) => sums[i] ?? 0;
  const totals = {
    ...emptyTotals(standardDays),
    overtime: {
      weekdayDay: at(0),
      weekdayNight: at(1),
      restDay: at(2),
      restNight: at(3),
      holidayDay: at(4),
      holidayNight: at(5),
    },
    nightMinutes: at(6),
    lateCount: at(7),
    lateMinutes: at(8),
    earlyCount: at(9),
    earlyMinutes: at(10),
    workUnits: at(11),
    paidLeaveUnits: at(12),
    unpaidLeaveUnits: at(13),
    paidUnits: at(14),
  };
  for (const day of corrected) {
    const paid = day.correctedPaidUnits ?? day.paidUnits;
    const symbol = day.correctedSymbol ?? day.daySymbol ?? '';
    const kind = classes.get(symbol) ?? (symbol === '' ? null : 'WORK');
    if (kind === 'UNPAID_LEAVE') totals.unpaidLeaveUnits += Math.max(0, 1000 - paid);
    else if (kind === 'PAID_LEAVE') totals.paidLeaveUnits += paid;
    else if (kind === 'WORK') totals.workUnits += paid;
    totals.paidUnits += paid;
  }
  return totals;
}
