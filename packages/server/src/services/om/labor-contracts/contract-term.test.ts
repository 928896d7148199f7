import { describe, expect, it } from 'vitest';
import { addMonths } from './contract-term.ts';

describe('addMonths', () => {
  it('ends a 12-month contract from 1 March on the last day of February', () => {
    expect(addMonths('2026-03-01', 12, -1)).toBe('2027-02-28');
  });
  it('ends a 36-month contract the day before its anniversary', () => {
    expect(addMonths('2026-07-15', 36, -1)).toBe('2029-07-14');
  });
  it('falls back to the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
  });
  it('crosses years both ways', () => {
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-01-01', 1, -1)).toBe('2026-01-31');
  });
});
