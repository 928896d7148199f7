import type { SymbolKey, TimesheetSettings } from './types.ts';

/**
 * The seeded symbols: those of the official timesheet form 01a-LĐTL (Circular 200/2014) — +
 * time-paid work, SP product-paid, Ô sick, Cô child sick, TS maternity, T work accident, P paid
 * leave, H meeting/study, NB compensatory leave, KL unpaid leave, N stopped work, LĐ labour duty.
 * The form has none for a public holiday: L is the common addition. A null leaves the cell
 * blank, as the form does for a day not worked. A tenant replaces any of them (many write X for
 * a worked day): `withSymbols`.
 */
export const DEFAULT_SYMBOLS: Readonly<Record<SymbolKey, string | null>> = {
  WORKED: '+',
  PRODUCT: 'SP',
  LEAVE: null,
  ABSENT: null,
  INCOMPLETE: null,
  UNSCHEDULED: null,
  HOLIDAY: 'L',
  REST: null,
  ANNUAL_LEAVE: 'P',
  SICK: 'Ô',
  CHILD_SICK: 'Cô',
  MATERNITY: 'TS',
  WORK_ACCIDENT: 'T',
  MEETING_STUDY: 'H',
  COMPENSATORY: 'NB',
  UNPAID_LEAVE: 'KL',
  STOPPED_WORK: 'N',
  LABOUR_DUTY: 'LĐ',
  BUSINESS_TRIP: '+',
  CONFERENCE: 'H',
};

/** The longest symbol a cell holds (tm_day_records.day_symbol). */
export const SYMBOL_MAX_LENGTH = 8;

/** The seeded settings: overtime by registration, punches within a minute counted once. */
export const DEFAULT_SETTINGS: TimesheetSettings = {
  overtimeMode: 'REGISTERED',
  overtimeMinimumMinutes: 0,
  repeatPunchSeconds: 60,
  symbols: DEFAULT_SYMBOLS,
};

/** A tenant's symbols over the seeded ones (an empty text blanks a symbol). */
export function withSymbols(
  overrides: Partial<Record<SymbolKey, string | null>>,
  base: Readonly<Record<SymbolKey, string | null>> = DEFAULT_SYMBOLS,
): Readonly<Record<SymbolKey, string | null>> {
  const merged: Record<SymbolKey, string | null> = { ...base };
  for (const [key, value] of Object.entries(overrides) as [SymbolKey, string | null | undefined][]) {
    if (value === undefined) continue;
    const symbol = value === null ? null : value.trim().normalize('NFC');
    if (symbol !== null && symbol.length > SYMBOL_MAX_LENGTH)
      throw new Error(`symbol ${key}: at most ${SYMBOL_MAX_LENGTH} characters`);
    merged[key] = symbol === '' ? null : symbol;
  }
  return merged;
}

/** The cell of a day worked in part and away in part: both symbols, "+/P". */
export function joinSymbols(work: string | null, away: string | null): string | null {
  if (!work) return away;
  if (!away) return work;
  return `${work}/${away}`.slice(0, SYMBOL_MAX_LENGTH);
}
