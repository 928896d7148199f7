import type { Label } from '../resource/label.ts';
import { TimekeepingConfigLabels } from './timekeeping-config.ts';

/*
 * The general timesheet (issue 30 item 8; docs/general-timesheet.md): a month of a unit (and the
 * units below it) as workers × days, each cell the day record's symbol and what its tooltip
 * says, each worker's totals; and HR's correction of a cell, with its reason.
 */

export const GeneralTimesheetPaths = {
  grid: '/api/tm/general-timesheet',
  /** POST: set a cell's symbol and paid value by hand, with the reason */
  correct: '/api/tm/general-timesheet/corrections',
  /** POST: clear a cell's correction (the engine's day again), with the reason */
  clear: '/api/tm/general-timesheet/corrections/clear',
  /** GET ?organizationUnitId=&month=: the month as HR's Excel form 01a-LĐTL (a column per day) */
  exportExcel: '/api/tm/general-timesheet/export',
  /** POST multipart (?organizationUnitId=&month=): that form read back, each changed cell a correction */
  importExcel: '/api/tm/general-timesheet/import',
} as const;

export const GeneralTimesheetLimits = {
  /** workers a page holds: a 1,000-worker unit is one page (the figure of issue 30) */
  pageSizeMax: 1000,
  pageSizeDefault: 200,
  reasonMaxLength: 500,
  /** tm_day_records.corrected_symbol */
  symbolMaxLength: 8,
  /** thousandths of a work day (99.999 days, catalogues §5.2) */
  paidUnitsMax: 99_999,
  cursorMaxLength: 400,
  /** cells one Excel import may correct (each is a correction with its action-log entry) */
  importCorrectionsMax: 5000,
  /** worker rows an Excel file may hold (a unit's month; blank rows count) */
  importWorkersMax: 5000,
} as const;

/** Bits of a cell's `flags` (the day record's): 1 missing in, 2 missing out, 4 core hours missed. */
export const GeneralTimesheetFlags = { missingIn: 1, missingOut: 2, coreHoursMissed: 4 } as const;

/**
 * A day of a worker as the page shows it (its symbol, the details under the grid, the correction
 * dialog): `dayCell` reads it from the row's columns. Only what differs from nothing is set.
 */
export interface GeneralTimesheetCell {
  /** what the grid shows: the correction's symbol, else the engine's (null: blank) */
  readonly symbol: string | null;
  /** the engine's own symbol, when a correction hides it */
  readonly computedSymbol?: string | null;
  readonly outcome?: string | null;
  readonly dayType?: string;
  readonly shiftCode?: string | null;
  /** "478~1025;1035~": minutes from the work day's 00:00 (an empty side is missing) */
  readonly pairs?: string | null;
  readonly workedMinutes?: number;
  readonly lateMinutes?: number;
  readonly earlyMinutes?: number;
  readonly overtimeMinutes?: number;
  readonly nightMinutes?: number;
  /** thousandths of a work day; the correction's when it sets one */
  readonly paidUnits?: number;
  readonly flags?: number;
  /** a punch arrived after the month was locked */
  readonly held?: boolean;
  readonly correction?: {
    readonly symbol: string | null;
    readonly paidUnits: number | null;
    readonly reason: string;
    readonly by: string | null;
    readonly at: string;
  };
}

/** HR's correction of a day (a few a month): on the wire beside the row's columns. */
export interface GeneralTimesheetDayCorrection {
  /** the day's index in the page's `days` */
  readonly day: number;
  /** the engine's own symbol (null: blank), which a correction's symbol hides */
  readonly computedSymbol: string | null;
  /** the symbol HR set ('' blanks the day; null: the engine's stays) */
  readonly symbol: string | null;
  /** the paid value HR set, thousandths of a day (null: the engine's) */
  readonly paidUnits: number | null;
  readonly reason: string;
  readonly by: string | null;
  readonly at: string;
}

/**
 * A worker's month as columns (docs/general-timesheet.md, "The answer"): each array has one entry
 * per day of the month (index 0 is the 1st). A text is an index into the page's `texts` (each
 * symbol, shift code, outcome and day type once a page), -1 for none; numbers are 0 for none.
 * A 1,000-worker month is 31,000 days: an object per day, with its keys, was 3.5 MB.
 */
export interface GeneralTimesheetColumns {
  /** the symbol shown (the correction's when it sets one, else the engine's; '' blank); -1: the engine wrote nothing that day */
  readonly symbol: readonly number[];
  readonly outcome: readonly number[];
  /** WEEKDAY, REST_DAY or HOLIDAY, as the engine wrote the day */
  readonly dayType: readonly number[];
  readonly shiftCode: readonly number[];
  /** "478~1025;1035~": minutes from the work day's 00:00 (an empty side is missing); null: none */
  readonly pairs: readonly (string | null)[];
  readonly workedMinutes: readonly number[];
  readonly lateMinutes: readonly number[];
  readonly earlyMinutes: readonly number[];
  readonly overtimeMinutes: readonly number[];
  readonly nightMinutes: readonly number[];
  /** thousandths of a work day; the correction's when it sets one */
  readonly paidUnits: readonly number[];
  /** GeneralTimesheetFlags */
  readonly flags: readonly number[];
  /** the days (indexes) a punch arrived for after the month was locked */
  readonly held: readonly number[];
  readonly corrections: readonly GeneralTimesheetDayCorrection[];
}

/** A worker's month: minutes and thousandths of a day, integers. */
export interface GeneralTimesheetTotals {
  /** the labour calendar's standard working days of the month for the worker's unit ("26", "24.5") */
  readonly standardDays: string | null;
  readonly workUnits: number;
  readonly paidLeaveUnits: number;
  readonly unpaidLeaveUnits: number;
  readonly paidUnits: number;
  readonly overtime: {
    readonly weekdayDay: number;
    readonly weekdayNight: number;
    readonly restDay: number;
    readonly restNight: number;
    readonly holidayDay: number;
    readonly holidayNight: number;
  };
  readonly nightMinutes: number;
  readonly lateCount: number;
  readonly lateMinutes: number;
  readonly earlyCount: number;
  readonly earlyMinutes: number;
}

export interface GeneralTimesheetRow {
  readonly workerId: string;
  readonly code: string;
  readonly fullName: string;
  readonly organizationUnitId: string;
  /** the days of the month, a column per field (`dayCell` reads one day) */
  readonly columns: GeneralTimesheetColumns;
  readonly totals: GeneralTimesheetTotals;
}

export interface GeneralTimesheetLegendEntry {
  /** the symbol's key (timesheet/symbols.ts SymbolKey) */
  readonly key: string;
  readonly symbol: string;
}

export interface GeneralTimesheetPage {
  readonly month: string;
  readonly organizationUnitId: string;
  readonly days: readonly string[];
  /**
   * the unit's calendar type of each day (a weekly rest day, a public holiday…; null: the tenant
   * has no calendar), for the columns HR expects shaded
   */
  readonly dayTypes: readonly (string | null)[];
  readonly rows: readonly GeneralTimesheetRow[];
  /** the page's texts the rows' columns point into (symbols, shift codes, outcomes, day types) */
  readonly texts: readonly string[];
  /** the tenant's symbols (the seeded ones until tenants store theirs) */
  readonly legend: readonly GeneralTimesheetLegendEntry[];
  /** the month is locked for some of the page's workers (an approved timesheet) */
  readonly lockedWorkerIds: readonly string[];
  /** the cursor of the next page of workers, null at the end */
  readonly next: string | null;
}

export interface GeneralTimesheetCorrection {
  readonly workerId: string;
  readonly workDate: string;
  /** the symbol shown (empty: blank the cell); at least one of symbol and paidUnits */
  readonly symbol?: string | null;
  readonly paidUnits?: number | null;
  readonly reason: string;
}

export interface GeneralTimesheetClear {
  readonly workerId: string;
  readonly workDate: string;
  readonly reason: string;
}

/** What an Excel import did: the cells it corrected (0: the file matched the month, nothing written). */
export interface GeneralTimesheetImportResult {
  readonly fileName: string;
  /** worker rows read */
  readonly workers: number;
  readonly corrected: number;
  /** the first corrections (at most 50), for the page to show */
  readonly changes: readonly {
    readonly code: string;
    readonly workDate: string;
    readonly before: string | null;
    readonly after: string | null;
  }[];
}

/** The legend's texts, by symbol key (the symbols themselves are the tenant's data: /tm/config). */
export const GeneralTimesheetSymbolLabels: Readonly<Record<string, Label>> = TimekeepingConfigLabels.symbols;

/**
 * The legend as HR reads it: each symbol once, with the meanings of every key that writes it
 * (the seeded symbols write "+" for time-paid work and a business trip, "H" for a meeting and a
 * conference), in the order the symbols first appear; a meaning another already says is left
 * out. The page and the Excel sheet both show it.
 */
export function legendBySymbol(
  legend: readonly GeneralTimesheetLegendEntry[],
  language: 'vi' | 'en',
): { symbol: string; meanings: string[] }[] {
  const meanings = new Map<string, string[]>();
  for (const entry of legend) {
    const label = GeneralTimesheetSymbolLabels[entry.key];
    const text = label ? label[language] : entry.key;
    const known = meanings.get(entry.symbol) ?? [];
    // a meaning another already says is left out: H is "Hội nghị, học tập", not "Hội nghị, Hội nghị, học tập"
    if (known.some((said) => said.toLowerCase().includes(text.toLowerCase()))) continue;
    meanings.set(entry.symbol, [
      ...known.filter((said) => !text.toLowerCase().includes(said.toLowerCase())),
      text,
    ]);
  }
  return [...meanings].map(([symbol, texts]) => ({ symbol, meanings: texts }));
}

const REST_DAYS: ReadonlySet<string> = new Set([
  'WEEKLY_REST_DAY',
  'HALF_REST_DAY',
  'COMPANY_DAY_OFF',
  'SWAPPED_DAY_OFF',
]);
const HOLIDAYS: ReadonlySet<string> = new Set(['PUBLIC_HOLIDAY', 'COMPENSATORY_DAY_OFF']);

/**
 * How a day's column is shaded, on the page and in the Excel sheet: a public holiday (and the
 * day off it gives) apart from the weekly rest and the company's days off; a working day (and a
 * Saturday swapped to work) not at all.
 */
export function dayShade(dayType: string | null | undefined): 'rest' | 'holiday' | null {
  if (!dayType) return null;
  if (HOLIDAYS.has(dayType)) return 'holiday';
  return REST_DAYS.has(dayType) ? 'rest' : null;
}

const textAt = (texts: readonly string[], index: number | undefined) =>
  index === undefined || index < 0 ? null : (texts[index] ?? null);

/** The symbol a day shows ('' when blank or when the engine wrote nothing). */
export function shownSymbol(texts: readonly string[], columns: GeneralTimesheetColumns, day: number): string {
  return textAt(texts, columns.symbol[day]) ?? '';
}

/** HR's correction of a day, if any. */
export const correctionOf = (columns: GeneralTimesheetColumns, day: number) =>
  columns.corrections.find((correction) => correction.day === day);

/**
 * A day of a row as one object (its symbol, details and correction), read from the columns with
 * the texts of the page the row came in; null where the engine wrote nothing that day.
 */
export function dayCell(
  texts: readonly string[],
  columns: GeneralTimesheetColumns,
  day: number,
): GeneralTimesheetCell | null {
  const symbol = columns.symbol[day];
  if (symbol === undefined || symbol < 0) return null;
  const shown = textAt(texts, symbol);
  const cell: { -readonly [K in keyof GeneralTimesheetCell]: GeneralTimesheetCell[K] } = {
    symbol: shown === '' ? null : shown,
  };
  const put = <K extends keyof GeneralTimesheetCell>(key: K, value: GeneralTimesheetCell[K] | null) => {
    if (value !== null && value !== 0) cell[key] = value as GeneralTimesheetCell[K];
  };
  put('outcome', textAt(texts, columns.outcome[day]));
  const dayType = textAt(texts, columns.dayType[day]);
  if (dayType && dayType !== 'WEEKDAY') cell.dayType = dayType;
  put('shiftCode', textAt(texts, columns.shiftCode[day]));
  put('pairs', columns.pairs[day] ?? null);
  put('workedMinutes', columns.workedMinutes[day] ?? 0);
  put('lateMinutes', columns.lateMinutes[day] ?? 0);
  put('earlyMinutes', columns.earlyMinutes[day] ?? 0);
  put('overtimeMinutes', columns.overtimeMinutes[day] ?? 0);
  put('nightMinutes', columns.nightMinutes[day] ?? 0);
  put('paidUnits', columns.paidUnits[day] ?? 0);
  put('flags', columns.flags[day] ?? 0);
  if (columns.held.includes(day)) cell.held = true;
  const correction = correctionOf(columns, day);
  if (correction) {
    const { symbol: set, paidUnits, reason, by, at, computedSymbol } = correction;
    if (set !== null) cell.computedSymbol = computedSymbol;
    cell.correction = { symbol: set, paidUnits, reason, by, at };
  }
  return cell;
}
