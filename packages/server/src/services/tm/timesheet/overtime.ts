import { intersect, nightRanges, subtract, total } from './minute-ranges.ts';
import type { DayRules, DayType, MinuteRange, OvertimeMinutes, ShiftPlan } from './types.ts';

export const NO_OVERTIME: OvertimeMinutes = {
  weekdayDay: 0,
  weekdayNight: 0,
  restDay: 0,
  restNight: 0,
  holidayDay: 0,
  holidayNight: 0,
};

/** Overtime minutes split by the night window into the day type's two cells. */
export function overtimeByCategory(
  ranges: readonly MinuteRange[],
  dayType: DayType,
  rules: DayRules,
): OvertimeMinutes {
  const nights = nightRanges(rules.nightWindow);
  const night = total(intersect(ranges, nights));
  const day = total(subtract(ranges, nights));
  switch (dayType) {
    case 'WEEKDAY':
      return { ...NO_OVERTIME, weekdayDay: day, weekdayNight: night };
    case 'REST_DAY':
      return { ...NO_OVERTIME, restDay: day, restNight: night };
    case 'HOLIDAY':
      return { ...NO_OVERTIME, holidayDay: day, holidayNight: night };
  }
}

export function overtimeTotal(o: OvertimeMinutes): number {
  return o.weekdayDay + o.weekdayNight + o.restDay + o.restNight + o.holidayDay + o.holidayNight;
}

/**
 * Overtime weighted by the rules' rates: the minutes at 100 % that pay it, rounded half up. A
 * weekday's night overtime after daytime overtime the same day takes its own rate (Decree 145:
 * 210 % rather than 200 %).
 */
export function overtimePaidMinutes(o: OvertimeMinutes, rules: DayRules): number {
  const r = rules.overtimeRates;
  const weekdayNightRate =
    o.weekdayDay > 0 && r.WEEKDAY.nightAfterDayOvertime !== undefined
      ? r.WEEKDAY.nightAfterDayOvertime
      : r.WEEKDAY.night;
  const basisPoints =
    o.weekdayDay * r.WEEKDAY.day +
    o.weekdayNight * weekdayNightRate +
    o.restDay * r.REST_DAY.day +
    o.restNight * r.REST_DAY.night +
    o.holidayDay * r.HOLIDAY.day +
    o.holidayNight * r.HOLIDAY.night;
  return Math.floor((basisPoints + 5000) / 10_000);
}

/**
 * The shift's windows widened to an approved overtime registration, so that the checkout of a
 * registered evening (or the check-in of a registered early morning) pairs with the shift
 * instead of falling outside every window.
 */
export function widenForOvertime(plan: ShiftPlan, registrations: readonly MinuteRange[]): ShiftPlan {
  if (registrations.length === 0 || plan.segments.length === 0) return plan;
  const earliest = Math.min(...registrations.map((r) => r.start));
  const latest = Math.max(...registrations.map((r) => r.end));
  const segments = plan.segments.map((segment, index) => {
    const first = index === 0;
    const last = index === plan.segments.length - 1;
    return {
      ...segment,
      checkIn: first
        ? { start: Math.min(segment.checkIn.start, earliest), end: segment.checkIn.end }
        : segment.checkIn,
      // the registration's end plus the slack the shift gives after its own end
      checkOut: last
        ? {
            start: segment.checkOut.start,
            end: Math.max(segment.checkOut.end, latest + Math.max(1, segment.checkOut.end - segment.end)),
          }
        : segment.checkOut,
    };
  });
  return { ...plan, segments };
}
