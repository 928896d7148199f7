import { SEEDED_SYMBOLS, SEEDED_TIMEKEEPING_SETTINGS } from '@hcm/contracts/timekeeping-config';
import type { SymbolKey, TimesheetSettings } from './types.ts';

/**
 * The seeded symbols (@hcm/contracts/timekeeping-config: those of the official form 01a-LĐTL,
 * with L for a public holiday), and LEAVE, which always writes its document's symbol. A tenant
 * sets its own from a month on (services/tm/config): `withSymbols`.
 */
export const DEFAULT_SYMBOLS: Readonly<Record<SymbolKey, string | null>> = { ...SEEDED_SYMBOLS, LEAVE: null };

/** The longest symbol a cell holds (tm_day_records.day_symbol). */
export const SYMBOL_MAX_LENGTH = 8;

/** The seeded settings: overtime by registration, punches within a minute counted once. */
export const DEFAULT_SETTINGS: TimesheetSettings = {
  ...SEEDED_TIMEKEEPING_SETTINGS,
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
