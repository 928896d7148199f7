import { describe, expect, it } from 'vitest';
import { accrualEntries, type AccrualRule } from './accrual.ts';

const MONTHLY: AccrualRule = { mode: 'MONTHLY', updateDay: 5, rounding: 'NONE' };
const sum = (entries: { days: number }[]) => entries.reduce((total, e) => total + e.days, 0);

describe('annual leave accrual', () => {
  it('gives a yearly entitlement at once, on the year’s first day or the first day of service', () => {
    expect(accrualEntries({ ...MONTHLY, mode: 'YEARLY' }, 2026, 12_000)).toEqual([
      { kind: 'ACCRUED', on: '2026-01-01', days: 12_000 },
    ]);
    expect(accrualEntries({ ...MONTHLY, mode: 'YEARLY' }, 2026, 7_000, '2026-06-01')).toEqual([
      { kind: 'ACCRUED', on: '2026-06-01', days: 7_000 },
    ]);
  });

  it('writes a twelfth a month on the update day', () => {
    const entries = accrualEntries(MONTHLY, 2026, 12_000);
    expect(entries).toHaveLength(12);
    expect(entries[0]).toEqual({ kind: 'ACCRUED', on: '2026-01-05', days: 1_000 });
    expect(entries[11]).toEqual({ kind: 'ACCRUED', on: '2026-12-05', days: 1_000 });
  });

  it.each([
    ['NONE', 13_000],
    ['HALF_DAY_NEAREST', 13_000],
    ['WHOLE_DAY_DOWN', 14_000],
    ['HALF_DAY_DOWN', 7_500],
  ] as const)('keeps the year’s total exact when each month rounds (%s, %i)', (rounding, days) => {
    const entries = accrualEntries({ ...MONTHLY, rounding }, 2026, days);
    expect(sum(entries)).toBe(days);
    for (const entry of entries) expect(entry.days).toBeGreaterThan(0);
    if (rounding !== 'NONE')
      for (const entry of entries) expect(entry.days % (rounding.startsWith('HALF') ? 500 : 1000)).toBe(0);
  });

  it('shares a partial year among the months of service, the first on its day of joining', () => {
    // joined 20 June, update day 5: June's share on the 20th, then the 5th of July to December
    const entries = accrualEntries(MONTHLY, 2026, 7_000, '2026-06-20');
    expect(entries.map((e) => e.on)).toEqual([
      '2026-06-20',
      '2026-07-05',
      '2026-08-05',
      '2026-09-05',
      '2026-10-05',
      '2026-11-05',
      '2026-12-05',
    ]);
    expect(sum(entries)).toBe(7_000);
  });

  it('refuses an update day February lacks, and a start outside the year', () => {
    expect(() => accrualEntries({ ...MONTHLY, updateDay: 29 }, 2026, 12_000)).toThrow(/1 to 28/);
    expect(() => accrualEntries({ ...MONTHLY, updateDay: 0 }, 2026, 12_000)).toThrow(/1 to 28/);
    expect(() => accrualEntries(MONTHLY, 2026, 12_000, '2025-12-01')).toThrow(/not in 2026/);
    expect(accrualEntries(MONTHLY, 2026, 0)).toEqual([]);
  });
});
