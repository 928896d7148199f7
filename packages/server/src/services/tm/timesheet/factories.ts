// Inputs for the day computation's tests (and the benchmark): shifts, rules and punches as a
// Vietnamese tenant has them. Test data, not defaults of the product: a tenant's come from its
// shifts and effective-dated labour rules.
import { DEFAULT_SETTINGS } from './symbols.ts';
import type { DayInput, DayRules, Punch, ShiftPlan } from './types.ts';

/** Minutes from 00:00 of "HH:MM"; "+HH:MM" is the next day (a night shift's morning). */
export function hm(text: string): number {
  const next = text.startsWith('+');
  const [h, m] = text.replace('+', '').split(':').map(Number);
  return (next ? 1440 : 0) + (h ?? 0) * 60 + (m ?? 0);
}

/** The Labour Code 2019 and Decree 145/2020 figures, as a tenant's rules would hold them. */
export const DECREE_145_RULES: DayRules = {
  nightWindow: { start: hm('22:00'), end: hm('06:00') },
  overtimeRates: {
    WEEKDAY: { day: 15_000, night: 20_000, nightAfterDayOvertime: 21_000 },
    REST_DAY: { day: 20_000, night: 27_000 },
    HOLIDAY: { day: 30_000, night: 39_000 },
  },
  holidayPaidValue: 1000,
};

/** Office hours 08:00–17:00, lunch 12:00–13:00, 5 minutes' grace each side. */
export function officeShift(overrides: Partial<ShiftPlan> = {}): ShiftPlan {
  return {
    code: 'HC',
    kind: 'FIXED',
    segments: [
      {
        start: hm('08:00'),
        end: hm('17:00'),
        checkIn: { start: hm('06:00'), end: hm('12:00') },
        checkOut: { start: hm('13:00'), end: hm('23:59') },
      },
    ],
    breaks: [{ start: hm('12:00'), end: hm('13:00') }],
    lateToleranceMinutes: 5,
    earlyToleranceMinutes: 5,
    dayValue: 1000,
    ...overrides,
  };
}

/** A night shift 22:00–06:00, no break. */
export function nightShift(): ShiftPlan {
  return {
    code: 'CD',
    kind: 'FIXED',
    segments: [
      {
        start: hm('22:00'),
        end: hm('+06:00'),
        checkIn: { start: hm('20:00'), end: hm('+02:00') },
        checkOut: { start: hm('+02:00'), end: hm('+09:00') },
      },
    ],
    breaks: [],
    lateToleranceMinutes: 5,
    earlyToleranceMinutes: 5,
    dayValue: 1000,
  };
}

/** A shop's split day: 08:00–12:00 and 17:00–21:00. */
export function splitShift(): ShiftPlan {
  return {
    code: 'CA-GAY',
    kind: 'SPLIT',
    segments: [
      {
        start: hm('08:00'),
        end: hm('12:00'),
        checkIn: { start: hm('06:30'), end: hm('10:00') },
        checkOut: { start: hm('10:00'), end: hm('14:00') },
      },
      {
        start: hm('17:00'),
        end: hm('21:00'),
        checkIn: { start: hm('15:00'), end: hm('19:00') },
        checkOut: { start: hm('19:00'), end: hm('23:30') },
      },
    ],
    breaks: [],
    lateToleranceMinutes: 5,
    earlyToleranceMinutes: 5,
    dayValue: 1000,
  };
}

/** Flexible hours between 07:00 and 19:00, core 09:00–11:30 and 13:30–16:00, 8 hours to work. */
export function flexibleShift(): ShiftPlan {
  return {
    code: 'LH',
    kind: 'FLEXIBLE',
    segments: [
      {
        start: hm('07:00'),
        end: hm('19:00'),
        checkIn: { start: hm('06:00'), end: hm('16:00') },
        checkOut: { start: hm('09:00'), end: hm('22:00') },
      },
    ],
    breaks: [{ start: hm('12:00'), end: hm('13:00') }],
    coreHours: [
      { start: hm('09:00'), end: hm('11:30') },
      { start: hm('13:30'), end: hm('16:00') },
    ],
    requiredMinutes: 480,
    lateToleranceMinutes: 5,
    earlyToleranceMinutes: 5,
    dayValue: 1000,
  };
}

/** A punch at a local time in Vietnam (+07): "2026-01-31 21:50" or with seconds. */
export function punchAt(local: string, device = 'MCC-01'): Punch {
  const withSeconds = local.length === 16 ? `${local}:00` : local;
  return { at: Date.parse(`${withSeconds.replace(' ', 'T')}+07:00`), device };
}

/** One day's input: a weekday with the office shift and no punches unless given. */
export function dayInput(overrides: Partial<DayInput> = {}): DayInput {
  return {
    workDate: '2026-01-05',
    utcOffsetMinutes: 420,
    dayType: 'WEEKDAY',
    plan: officeShift(),
    punches: [],
    rules: DECREE_145_RULES,
    settings: DEFAULT_SETTINGS,
    ...overrides,
  };
}
