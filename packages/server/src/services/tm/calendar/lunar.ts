import { CalendarVietnamese } from 'date-chinese';
import { addDays, dayOf } from './days.ts';

/*
 * The Vietnamese lunisolar calendar (âm lịch), computed by date-chinese's CalendarVietnamese: the
 * Chinese rules on the meridian of UTC+7 (from 1968; UTC+8 before), which is what makes Vietnam's
 * Tết differ from China's Spring Festival in some years (1985: 21 January in Vietnam, 20 February
 * in China; 2007: 17 and 18 February; 2030: 2 and 3 February). A Chinese-calendar library would
 * give Vietnam the wrong Tết in those years.
 */

/** The years the lunar computation is offered for: Vietnam's calendar is on UTC+7 from 1968. */
export const LUNAR_YEARS = { min: 1968, max: 2199 } as const;

const calendar = new CalendarVietnamese();

/** Mùng 1 Tết: the first day of the lunar year that begins in Gregorian `year`. */
export function lunarNewYear(year: number): string {
  return lunarDay(year, 1, 1);
}

/** The last day of the lunar year that ends in Gregorian `year` (Tết's eve, giao thừa). */
export function lunarNewYearsEve(year: number): string {
  return addDays(lunarNewYear(year), -1);
}

/**
 * The Gregorian day of `day` of the (not leap) lunar `month` of the lunar year that begins in
 * Gregorian `year`: 10 of month 3 of 2026 is 26 April 2026 (Hùng Kings' day). Month 11 and 12
 * fall in the next Gregorian year.
 */
export function lunarDay(year: number, month: number, day: number): string {
  // cycle and year are not read: toGregorian(year) places the month in the lunar year of `year`
  calendar.set(0, 0, month, 0, day);
  const found = calendar.toGregorian(year);
  return dayOf(found.year, found.month, found.day);
}
