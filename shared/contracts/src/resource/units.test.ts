import { describe, expect, it } from 'vitest';
import type { Label } from './label.ts';
import { yearsAndMonths } from './units.ts';

const vi = (word: Label) => word.vi;
const en = (word: Label) => word.en;

describe('yearsAndMonths', () => {
  it('writes a seniority the way HR says it, leaving out a part that is zero', () => {
    expect(yearsAndMonths(38, vi)).toBe('3 năm 2 tháng');
    expect(yearsAndMonths(24, vi)).toBe('2 năm');
    expect(yearsAndMonths(5, vi)).toBe('5 tháng');
    expect(yearsAndMonths(0, vi)).toBe('0 tháng');
  });

  it('uses the singular where English needs it', () => {
    expect(yearsAndMonths(13, en)).toBe('1 year 1 month');
    expect(yearsAndMonths(26, en)).toBe('2 years 2 months');
  });

  it('never shows a negative or a fraction of a month', () => {
    expect(yearsAndMonths(-3, vi)).toBe('0 tháng');
    expect(yearsAndMonths(14.7, en)).toBe('1 year 2 months');
  });
});
