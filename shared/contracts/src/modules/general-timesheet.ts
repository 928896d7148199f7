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

/** A day of a worker: only what differs from nothing is sent (a month of 1,000 workers is 31,000 cells). */
export interface GeneralTimesheetCell {
  /** what the grid shows: the correction's symbol, else the engine's (null: blank) */
  readonly symbol: string | null;
  /** the engine's own symbol, when a correction hides it */
  readonly computedSymbol?: string | null;
  readonly outcome?: string | null;
  readonly dayType?: 'WEEKDAY' | 'REST_DAY' | 'HOLIDAY';
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
  /** one per day of the month: null where the engine wrote nothing */
  readonly cells: readonly (GeneralTimesheetCell | null)[];
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
 * conference), in the order the symbols first appear. The page and the Excel sheet both show it.
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
    if (!known.includes(text)) known.push(text);
    meanings.set(entry.symbol, known);
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
