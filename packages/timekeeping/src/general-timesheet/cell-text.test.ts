import { describe, expect, it } from 'vitest';
import { cellText, dayFacts } from './cell-text.ts';

const key = (name: string) => name;

/* What a held day (a punch that arrived after the month was locked: docs/timesheets.md) shows. */
describe('a held day of the general timesheet', () => {
  it('is marked ! after its symbol (and after * when corrected)', () => {
    expect(cellText({ symbol: '', held: true })).toBe('!');
    expect(cellText({ symbol: '+', held: true })).toBe('+!');
    expect(
      cellText({
        symbol: 'X',
        held: true,
        correction: {
          symbol: 'X',
          paidUnits: null,
          reason: 'Quên chấm',
          by: null,
          at: '2026-03-10T02:00:00Z',
        },
      }),
    ).toBe('X*!');
    expect(cellText({ symbol: '+' })).toBe('+');
  });

  it('says so in its details', () => {
    expect(dayFacts({ symbol: '+', held: true }, key)).toContain('heldDay');
    expect(dayFacts({ symbol: '+' }, key)).not.toContain('heldDay');
  });
});
