import { describe, expect, it } from 'vitest';
import { SEEDED_SYMBOLS, clashingSymbols, isConfigMonth, symbolProblem } from './timekeeping-config.ts';

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
