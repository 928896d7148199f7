import { describe, expect, it } from 'vitest';
import { lunarDay, lunarNewYear, lunarNewYearsEve } from './lunar.ts';

describe('the Vietnamese lunar calendar', () => {
  // Mùng 1 Tết and Giỗ Tổ Hùng Vương (10/3 âm lịch) as Vietnam's calendars print them.
  it.each([
    [2024, '2024-02-10', '2024-04-18'],
    [2025, '2025-01-29', '2025-04-07'],
    [2026, '2026-02-17', '2026-04-26'],
    [2027, '2027-02-06', '2027-04-16'],
    [2028, '2028-01-26', '2028-04-04'],
    [2029, '2029-02-13', '2029-04-23'],
    [2030, '2030-02-02', '2030-04-12'],
  ])('%i: Tết %s, Hùng Kings %s', (year, tet, hungKings) => {
    expect(lunarNewYear(year)).toBe(tet);
    expect(lunarDay(year, 3, 10)).toBe(hungKings);
  });

  it('gives Vietnam its own Tết where China differs (UTC+7, not UTC+8)', () => {
    // 1985: Vietnam 21 January, China 20 February; 2007: 17 and 18 February; 2030: 2 and 3 February
    expect(lunarNewYear(1985)).toBe('1985-01-21');
    expect(lunarNewYear(2007)).toBe('2007-02-17');
    expect(lunarNewYear(2030)).toBe('2030-02-02');
  });

  it("puts the 3rd month after 1985's leap 2nd month (date-chinese's own table: 1985-04-20 is 1/3)", () => {
    expect(lunarDay(1985, 3, 1)).toBe('1985-04-20');
    expect(lunarDay(1985, 3, 10)).toBe('1985-04-29');
  });

  it("gives the eve as the lunar year's last day, whether the 12th month has 29 or 30 days", () => {
    expect(lunarNewYearsEve(2026)).toBe('2026-02-16'); // 29 tháng Chạp Ất Tỵ
    expect(lunarNewYearsEve(2025)).toBe('2025-01-28'); // 29 tháng Chạp Giáp Thìn
    expect(lunarNewYearsEve(2024)).toBe('2024-02-09'); // 30 tháng Chạp Quý Mão
  });
});
