import { describe, expect, it } from 'vitest';
import {
  SEEDED_SYMBOLS,
  SYMBOL_KEYS_ADDED,
  SYMBOL_KINDS,
  TIMESHEET_SYMBOL_KEYS,
  clashingSymbols,
  isConfigMonth,
  storedVersionSymbols,
  symbolProblem,
  type TimesheetSymbolKey,
} from './timekeeping-config.ts';

/** A version as stored before migration 0070: the nineteen keys without PAID_PERSONAL. */
const before0070 = (overrides: Partial<Record<TimesheetSymbolKey, string | null>> = {}) => {
  const { PAID_PERSONAL: _added, ...stored } = { ...SEEDED_SYMBOLS, ...overrides };
  return stored as Record<string, string | null>;
};

describe('the timekeeping config rules', () => {
  it('takes the symbols of the form and the usual additions, refuses what breaks a cell', () => {
    for (const symbol of ['+', 'X', 'KL', 'Cô', 'LĐ', '½P', 'KP', null])
      expect(symbolProblem(symbol)).toBeNull();
    expect(symbolProblem('+/P')).toBe('forbidden'); // "/" joins a worked part and a leave part
    expect(symbolProblem('N B')).toBe('forbidden');
    expect(symbolProblem('=1+1')).toBe('forbidden'); // a formula in the Excel sheet
    expect(symbolProblem('ABCDEFGHI')).toBe('tooLong');
    expect(symbolProblem('  ABCDEFGH  ')).toBeNull(); // trimmed first
  });

  it('lets keys of one kind share a symbol and names those of two kinds', () => {
    expect(clashingSymbols(SEEDED_SYMBOLS)).toEqual([]); // "+" work and trip, "H" meeting and conference
    // an absence with no document is not unpaid leave: a hand-written KL would count two ways
    expect(clashingSymbols({ ...SEEDED_SYMBOLS, ABSENT: 'KL' })).toEqual([
      { symbol: 'KL', keys: ['UNPAID_LEAVE', 'ABSENT'] },
    ]);
    expect(clashingSymbols({ ...SEEDED_SYMBOLS, WORKED: 'P' })).toEqual([
      { symbol: 'P', keys: ['WORKED', 'ANNUAL_LEAVE'] },
    ]);
  });

  it('writes paid personal leave (Labour Code art. 115(1)) as R, paid leave, after compensatory leave', () => {
    expect(TIMESHEET_SYMBOL_KEYS).toHaveLength(20);
    const at = TIMESHEET_SYMBOL_KEYS.indexOf('PAID_PERSONAL');
    expect(TIMESHEET_SYMBOL_KEYS[at - 1]).toBe('COMPENSATORY');
    expect(SYMBOL_KINDS.PAID_PERSONAL).toBe('PAID_LEAVE');
    expect(SEEDED_SYMBOLS.PAID_PERSONAL).toBe('R');
    // no other seeded key writes R
    expect(TIMESHEET_SYMBOL_KEYS.filter((key) => SEEDED_SYMBOLS[key] === 'R')).toEqual(['PAID_PERSONAL']);
    // R for an absence (not counted) would count a hand-written R two ways
    expect(clashingSymbols({ ...SEEDED_SYMBOLS, ABSENT: 'R' })).toEqual([
      { symbol: 'R', keys: ['PAID_PERSONAL', 'ABSENT'] },
    ]);
    // the seeded keys' order: every key, each once
    expect(Object.keys(SEEDED_SYMBOLS)).toEqual([...TIMESHEET_SYMBOL_KEYS]);
    expect(Object.keys(SYMBOL_KINDS).sort()).toEqual([...TIMESHEET_SYMBOL_KEYS].sort());
  });

  it('reads a version stored before a key existed: its seeded symbol, or what its days wrote before', () => {
    // stored before PAID_PERSONAL: R, as seeded
    expect(storedVersionSymbols(before0070({ WORKED: 'X' }))).toEqual({
      ...SEEDED_SYMBOLS,
      WORKED: 'X',
      PAID_PERSONAL: 'R',
    });
    // the version writes R for an absence: R would count two ways, so the days write the version's
    // annual leave symbol, as they did before the key existed
    const taken = storedVersionSymbols(before0070({ ABSENT: 'R', ANNUAL_LEAVE: 'NP' }));
    expect(taken).toMatchObject({ ABSENT: 'R', ANNUAL_LEAVE: 'NP', PAID_PERSONAL: 'NP' });
    expect(clashingSymbols(taken)).toEqual([]);
    // ...and blank when the version left annual leave blank
    expect(storedVersionSymbols(before0070({ ABSENT: 'R', ANNUAL_LEAVE: null })).PAID_PERSONAL).toBeNull();
    // R for another paid leave counts alike: kept
    expect(storedVersionSymbols(before0070({ COMPENSATORY: 'R' })).PAID_PERSONAL).toBe('R');
    // a version that has the key keeps it, blank included; a key no longer known is dropped
    expect(storedVersionSymbols({ ...SEEDED_SYMBOLS, PAID_PERSONAL: null, GONE: 'G' })).toEqual({
      ...SEEDED_SYMBOLS,
      PAID_PERSONAL: null,
    });
    // an added key's predecessor is an earlier key of the same kind (filled first)
    for (const [key, before] of Object.entries(SYMBOL_KEYS_ADDED) as [
      TimesheetSymbolKey,
      TimesheetSymbolKey,
    ][]) {
      expect(TIMESHEET_SYMBOL_KEYS.indexOf(before)).toBeLessThan(TIMESHEET_SYMBOL_KEYS.indexOf(key));
      expect(SYMBOL_KINDS[before]).toBe(SYMBOL_KINDS[key]);
    }
  });

  it('names months from 2000 to 2100 only', () => {
    expect(['2026-01', '2000-12', '2100-06'].map(isConfigMonth)).toEqual([true, true, true]);
    expect(['2026-13', '1999-12', '2101-01', '2026-1', 'x'].map(isConfigMonth)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
