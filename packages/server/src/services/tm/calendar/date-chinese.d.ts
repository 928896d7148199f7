// The part of date-chinese (2.1.4) this folder uses: the package ships an ambient declaration
// (types/index.d.ts) that its package.json does not point at, so TypeScript cannot find it.
declare module 'date-chinese' {
  export interface GregorianDate {
    year: number;
    month: number;
    day: number;
  }
  /** The Chinese calendar on the meridian of UTC+8 (UTC+7 in CalendarVietnamese from 1968). */
  export class CalendarChinese {
    /** a lunar date: the 60-year cycle, the year of it, the month (1–12), leap month or not, the day */
    set(cycle: number, year: number, month: number, leap: number | boolean, day: number): this;
    get(): [number, number, number, boolean, number];
    fromGregorian(year: number, month: number, day: number): this;
    /** the Gregorian date of the lunar date set, in the lunar year that begins in `gyear` */
    toGregorian(gyear?: number): GregorianDate;
    /** the Julian ephemeris day of the new year of Gregorian year `gyear` */
    newYear(gyear: number): number;
  }
  export class CalendarVietnamese extends CalendarChinese {}
}
