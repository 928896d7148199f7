import { describe, expect, it } from 'vitest';
import { formatMonthText, parseMonthText, shiftMonth } from './month-text.ts';

describe('month text', () => {
  it('shows a month as MM/yyyy', () => {
    expect(formatMonthText('2026-03')).toBe('03/2026');
    expect(formatMonthText('2026-13')).toBe('');
    expect(formatMonthText('')).toBe('');
  });

  it.each([
    ['03/2026', '2026-03'],
    ['3/2026', '2026-03'],
    ['3-2026', '2026-03'],
    ['12.2025', '2025-12'],
    ['032026', '2026-03'],
    ['32026', '2026-03'],
    ['2026-03', '2026-03'],
    ['2026/3', '2026-03'],
    ['  11/2026 ', '2026-11'],
  ])('reads %s as %s', (text, month) => {
    expect(parseMonthText(text)).toBe(month);
  });

  it.each(['13/2026', '0/2026', '3/26', 'tháng ba', '2026-00', '1/1800'])('refuses %s', (text) => {
    expect(parseMonthText(text)).toBe('invalid');
  });

  it('reads empty text as no month', () => {
    expect(parseMonthText('  ')).toBe(null);
  });

  it('steps across years both ways', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-05', -17)).toBe('2024-12');
    expect(shiftMonth('2026-05', 0)).toBe('2026-05');
  });
});
