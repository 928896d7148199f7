import type {
  GeneralTimesheetCell,
  GeneralTimesheetLegendEntry,
  GeneralTimesheetTotals,
} from '@hcm/contracts/general-timesheet';
import { SYMBOL_KINDS, type SymbolKind, type TimesheetSymbolKey } from '@hcm/contracts/timekeeping-config';

/** A stored day record as the grid reads it (one row of tm_day_records). */
export interface DayRecordOfGrid {
  readonly workerId: string;
  /** 1…31 */
  readonly day: number;
  readonly daySymbol: string | null;
  readonly outcome: string | null;
  readonly dayType: 'WEEKDAY' | 'REST_DAY' | 'HOLIDAY';
  readonly shiftCode: string | null;
  readonly punchPairs: string | null;
  readonly workedMinutes: number;
  readonly lateMinutes: number;
  readonly earlyMinutes: number;
  readonly overtimeMinutes: number;
  readonly nightMinutes: number;
  readonly otWeekdayDay: number;
  readonly otWeekdayNight: number;
  readonly otRestDay: number;
  readonly otRestNight: number;
  readonly otHolidayDay: number;
  readonly otHolidayNight: number;
  readonly workUnits: number;
  readonly paidLeaveUnits: number;
  readonly unpaidLeaveUnits: number;
  readonly paidUnits: number;
  readonly flags: number;
  readonly held: boolean;
  readonly correctedSymbol: string | null;
  readonly correctedPaidUnits: number | null;
  readonly correctionReason: string | null;
  readonly correctedBy: string | null;
  readonly correctedAt: string | null;
}

/**
 * How a corrected cell counts, by the symbol HR wrote and the tenant's symbols: the kind of the
 * keys that write it (SYMBOL_KINDS; a version's symbols never give one symbol two kinds).
 */
export type SymbolClass = SymbolKind;
export function symbolClasses(legend: readonly GeneralTimesheetLegendEntry[]): Map<string, SymbolClass> {
  const classes = new Map<string, SymbolClass>();
  for (const entry of legend) {
    if (classes.has(entry.symbol)) continue;
    classes.set(entry.symbol, SYMBOL_KINDS[entry.key as TimesheetSymbolKey] ?? 'PAID_LEAVE');
  }
  return classes;
}

/** The legend: each symbol the tenant writes once, in the seeded order (blank ones left out). */
export function legendOf(symbols: Readonly<Record<string, string | null>>): GeneralTimesheetLegendEntry[] {
  return Object.entries(symbols).flatMap(([key, symbol]) => (symbol ? [{ key, symbol }] : []));
}

/** A cell: only what is not nothing, so a month of a thousand workers stays small on the wire. */
export function cellOf(record: DayRecordOfGrid): GeneralTimesheetCell {
  const corrected = record.correctedAt !== null;
  const shown = corrected && record.correctedSymbol !== null ? record.correctedSymbol : record.daySymbol;
  const cell: Record<string, unknown> = { symbol: shown === '' ? null : shown };
  if (corrected && record.correctedSymbol !== null) cell.computedSymbol = record.daySymbol;
  if (record.outcome) cell.outcome = record.outcome;
  if (record.dayType !== 'WEEKDAY') cell.dayType = record.dayType;
  if (record.shiftCode) cell.shiftCode = record.shiftCode;
  if (record.punchPairs) cell.pairs = record.punchPairs;
  // plain assignments, not a loop over an object: 31,000 cells a page (bench/general-timesheet.ts)
  if (record.workedMinutes !== 0) cell.workedMinutes = record.workedMinutes;
  if (record.lateMinutes !== 0) cell.lateMinutes = record.lateMinutes;
  if (record.earlyMinutes !== 0) cell.earlyMinutes = record.earlyMinutes;
  if (record.overtimeMinutes !== 0) cell.overtimeMinutes = record.overtimeMinutes;
  if (record.nightMinutes !== 0) cell.nightMinutes = record.nightMinutes;
  const paid = corrected && record.correctedPaidUnits !== null ? record.correctedPaidUnits : record.paidUnits;
  if (paid !== 0) cell.paidUnits = paid;
  if (record.flags !== 0) cell.flags = record.flags;
  if (record.held) cell.held = true;
  if (corrected)
    cell.correction = {
      symbol: record.correctedSymbol,
      paidUnits: record.correctedPaidUnits,
      reason: record.correctionReason ?? '',
      by: record.correctedBy,
      at: record.correctedAt,
    };
  return cell as unknown as GeneralTimesheetCell;
}

export const emptyTotals = (standardDays: string | null): GeneralTimesheetTotals => ({
  standardDays,
  workUnits: 0,
  paidLeaveUnits: 0,
  unpaidLeaveUnits: 0,
  paidUnits: 0,
  overtime: { weekdayDay: 0, weekdayNight: 0, restDay: 0, restNight: 0, holidayDay: 0, holidayNight: 0 },
  nightMinutes: 0,
  lateCount: 0,
  lateMinutes: 0,
  earlyCount: 0,
  earlyMinutes: 0,
});

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends object ? Mutable<T[K]> : T[K] };

/**
 * A worker's month from their day records (docs/general-timesheet.md, "Totals"). A day HR
 * corrected counts by its correction: its paid value (the engine's when the correction sets
 * none) goes to work, paid leave or unpaid leave by the class of the symbol HR wrote; a day
 * corrected to the unpaid-leave symbol counts the rest of a day (1000 − paid) as unpaid. The
 * minutes (overtime, night, lateness) are the engine's: a correction changes the day's value,
 * not what the punches showed.
 */
export function totalsOf(
  records: readonly DayRecordOfGrid[],
  standardDays: string | null,
  classes: ReadonlyMap<string, SymbolClass>,
): GeneralTimesheetTotals {
  const t = emptyTotals(standardDays) as Mutable<GeneralTimesheetTotals>;
  for (const r of records) {
    const o = t.overtime;
    o.weekdayDay += r.otWeekdayDay;
    o.weekdayNight += r.otWeekdayNight;
    o.restDay += r.otRestDay;
    o.restNight += r.otRestNight;
    o.holidayDay += r.otHolidayDay;
    o.holidayNight += r.otHolidayNight;
    t.nightMinutes += r.nightMinutes;
    if (r.lateMinutes > 0) t.lateCount += 1;
    t.lateMinutes += r.lateMinutes;
    if (r.earlyMinutes > 0) t.earlyCount += 1;
    t.earlyMinutes += r.earlyMinutes;
    if (r.correctedAt === null || (r.correctedSymbol === null && r.correctedPaidUnits === null)) {
      t.workUnits += r.workUnits;
      t.paidLeaveUnits += r.paidLeaveUnits;
      t.unpaidLeaveUnits += r.unpaidLeaveUnits;
      t.paidUnits += r.paidUnits;
      continue;
    }
    const paid = r.correctedPaidUnits ?? r.paidUnits;
    const symbol = r.correctedSymbol ?? r.daySymbol ?? '';
    const kind = classes.get(symbol) ?? (symbol === '' ? null : 'WORK');
    if (kind === 'UNPAID_LEAVE') t.unpaidLeaveUnits += Math.max(0, 1000 - paid);
    else if (kind === 'PAID_LEAVE') t.paidLeaveUnits += paid;
    else if (kind === 'WORK') t.workUnits += paid;
    t.paidUnits += paid;
  }
  return t;
}
