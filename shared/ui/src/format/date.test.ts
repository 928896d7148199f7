import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { formatDate, isoWeek } from './date.ts';

describe('formatDate', () => {
  const at = new Date(2024, 2, 5, 8, 7, 9);

  it('writes every format of catalogues §9', () => {
    expect(formatDate(at)).toBe('05/03/2024');
    expect(formatDate(at, 'date')).toBe('05/03/2024');
    expect(formatDate(at, 'monthYear')).toBe('03/2024');
    expect(formatDate(at, 'isoDate')).toBe('2024-03-05');
    expect(formatDate(at, 'timeDate')).toBe('08:07 05/03/2024');
    expect(formatDate(at, 'year')).toBe('2024');
    expect(formatDate(at, 'yearMonth')).toBe('2024-03');
    expect(formatDate(at, 'week')).toBe('2024-10');
    expect(formatDate(at, 'dateTime')).toBe('2024-03-05 08:07:09');
    expect(formatDate(at, 'time')).toBe('08:07:09');
  });

  it('reads Date, dayjs, epoch milliseconds and ISO strings', () => {
    expect(formatDate(dayjs(at))).toBe('05/03/2024');
    expect(formatDate(at.getTime(), 'dateTime')).toBe('2024-03-05 08:07:09');
    expect(formatDate('2024-12-31')).toBe('31/12/2024');
  });

  it('gives blank for nothing or an invalid date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });

  it('numbers weeks the ISO way, across year ends', () => {
    expect(isoWeek(dayjs('2021-01-03'))).toEqual({ year: 2020, week: 53 });
    expect(isoWeek(dayjs('2024-12-30'))).toEqual({ year: 2025, week: 1 });
    expect(formatDate('2024-01-01', 'week')).toBe('2024-01');
    expect(formatDate('2026-11-22', 'week')).toBe('2026-47');
  });
});
