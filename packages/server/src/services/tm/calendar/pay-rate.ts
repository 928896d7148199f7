import type { DayType, PayClass } from '@hcm/contracts/labour-calendar';

/** The rates of a labour rule, in whole per cent (labour_rules). */
export interface PayRates {
  readonly overtimeWeekdayPercent: number;
  readonly overtimeRestDayPercent: number;
  readonly overtimeHolidayPercent: number;
  readonly nightWorkPercent: number;
  readonly nightOvertimePercent: number;
}

/** An hour of work, as the rate depends on it. */
export interface HourOfWork {
  readonly payClass: PayClass;
  /** within the night window (22:00–06:00 by default) */
  readonly night: boolean;
  /** beyond normal hours; all work on a rest day or a holiday is overtime */
  readonly overtime: boolean;
  /** the worker did daytime overtime earlier the same day (a weekday's night overtime pays more) */
  readonly dayOvertimeEarlier: boolean;
}

/** 100 % in basis points: rates are answered as whole basis points, exact for any whole-per-cent rule. */
export const FULL_RATE = 10_000;

/**
 * The pay rate of an hour of work, in basis points of the hourly wage (20 000 is 200 %), by
 * Labour Code 2019 art. 98 and Decree 145/2020 art. 57, from the tenant's rule of the day:
 *
 * - normal hours: 100 %; at night, plus the night supplement (130 %);
 * - overtime by day: the day's overtime rate (150 % weekday, 200 % rest day, 300 % holiday; a
 *   holiday's own pay is paid besides, as the day is paid off);
 * - overtime at night: the overtime rate, plus the night supplement, plus the night-overtime share
 *   (20 %) of the day rate of that day: on a weekday the normal day's 100 %, or its overtime rate
 *   when the worker did daytime overtime earlier that day; on a rest day or holiday its overtime
 *   rate. So 200 %, 210 %, 270 % and 390 %.
 *
 * Per cent × per cent is whole basis points, so no rounding is ever needed.
 */
export function payRate(hour: HourOfWork, rates: PayRates): number {
  const overtime = hour.overtime || hour.payClass !== 'WEEKDAY';
  if (!overtime) return (100 + (hour.night ? rates.nightWorkPercent : 0)) * 100;
  const dayRate = overtimeRateOf(hour.payClass, rates);
  if (!hour.night) return dayRate * 100;
  const base = hour.payClass === 'WEEKDAY' && !hour.dayOvertimeEarlier ? 100 : dayRate;
  return dayRate * 100 + rates.nightWorkPercent * 100 + rates.nightOvertimePercent * base;
}

/** The overtime rate (per cent) of a class of day. */
export function overtimeRateOf(payClass: PayClass, rates: PayRates): number {
  if (payClass === 'HOLIDAY') return rates.overtimeHolidayPercent;
  if (payClass === 'REST_DAY') return rates.overtimeRestDayPercent;
  return rates.overtimeWeekdayPercent;
}

/**
 * The class of pay of work on a day of a type: a public holiday and a paid day off (art. 98(1)(c)
 * "ngày nghỉ có hưởng lương": a compensatory day, a company day off with pay) earn the holiday
 * rate; a weekly rest day, a day off in a swap (a rest day moved) and an unpaid company day off the
 * rest-day rate; a working day, a rest day worked in a swap, and a half rest day's worked half the
 * weekday rate (the hours in its rest half are the rest day's: the engine asks with REST_DAY).
 */
export function payClassOf(type: DayType, paidOff: boolean): PayClass {
  switch (type) {
    case 'PUBLIC_HOLIDAY':
    case 'COMPENSATORY_DAY_OFF':
      return 'HOLIDAY';
    case 'COMPANY_DAY_OFF':
      return paidOff ? 'HOLIDAY' : 'REST_DAY';
    case 'WEEKLY_REST_DAY':
    case 'SWAPPED_DAY_OFF':
      return 'REST_DAY';
    case 'WORKING_DAY':
    case 'SWAPPED_WORKING_DAY':
    case 'HALF_REST_DAY':
      return 'WEEKDAY';
  }
}

/** A rate in basis points as per cent for people: 21 000 → "210", 15 550 → "155.5". */
export const ratePercent = (basisPoints: number): string => String(basisPoints / 100);
