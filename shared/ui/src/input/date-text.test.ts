import { describe, expect, it } from 'vitest';
import { dateRangeProblem, isInvalidDate, parseDateText } from './date-text.ts';

const ymd = (date: Date | null) =>
  date && !isInvalidDate(date) ? [date.getFullYear(), date.getMonth() + 1, date.getDate()] : date;

describe('date input text', () => {
  it('reads dd/MM/yyyy, also with one-digit day and month, and - or . between', () => {
    expect(ymd(parseDateText('05/03/2024'))).toEqual([2024, 3, 5]);
    expect(ymd(parseDateText('5/3/2024'))).toEqual([2024, 3, 5]);
    expect(ymd(parseDateText('05-03-2024'))).toEqual([2024, 3, 5]);
    expect(ymd(parseDateText(' 05.03.2024 '))).toEqual([2024, 3, 5]);
  });

  it('reads 8 digits as ddMMyyyy and 7 digits as dMMyyyy', () => {
    expect(ymd(parseDateText('01012024'))).toEqual([2024, 1, 1]);
    expect(ymd(parseDateText('31122024'))).toEqual([2024, 12, 31]);
    expect(ymd(parseDateText('1012024'))).toEqual([2024, 1, 1]);
    expect(ymd(parseDateText('9112024'))).toEqual([2024, 11, 9]);
  });

  it('gives null for nothing and an invalid date for anything else', () => {
    expect(parseDateText('')).toBeNull();
    expect(parseDateText('   ')).toBeNull();
    for (const bad of [
      '31/02/2024',
      '29/02/2023',
      '00/01/2024',
      '1/13/2024',
      '123456',
      '123456789',
      '2024-01-01',
      'abc',
    ])
      expect(isInvalidDate(parseDateText(bad)), bad).toBe(true);
    expect(ymd(parseDateText('29/02/2024'))).toEqual([2024, 2, 29]);
  });

  it('checks the effective and expiration dates by calendar day', () => {
    const range = { effectiveDate: '2024-01-10', expirationDate: new Date(2024, 0, 20, 8, 0) };
    expect(dateRangeProblem(new Date(2024, 0, 9, 23, 59), range)).toBe('beforeEffective');
    expect(dateRangeProblem(new Date(2024, 0, 10), range)).toBeNull();
    expect(dateRangeProblem(new Date(2024, 0, 20, 23, 0), range)).toBeNull();
    expect(dateRangeProblem(new Date(2024, 0, 21), range)).toBe('afterExpiration');
    expect(dateRangeProblem(new Date(1990, 0, 1), {})).toBeNull();
  });
});
