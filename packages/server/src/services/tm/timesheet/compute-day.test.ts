import { describe, expect, it } from 'vitest';
import { computeDay } from './compute-day.ts';
import { dayInput, flexibleShift, hm, nightShift, officeShift, punchAt, splitShift } from './factories.ts';
import { DEFAULT_SETTINGS, withSymbols } from './symbols.ts';
import type { DayAdjustment, DayInput, DayResult } from './types.ts';

const MONDAY = '2026-01-05';
const on = (times: string[], date = MONDAY) => times.map((t) => punchAt(`${date} ${t}`));
const day = (times: string[], overrides: Partial<DayInput> = {}) =>
  computeDay(dayInput({ punches: on(times, overrides.workDate ?? MONDAY), ...overrides }));
const punched = { ...DEFAULT_SETTINGS, overtimeMode: 'PUNCHED' as const };

/** The cells a timesheet shows and payroll reads, for compact tables. */
const cells = (d: DayResult) => ({
  outcome: d.outcome,
  symbol: d.symbol,
  worked: d.workedMinutes,
  late: d.lateMinutes,
  early: d.earlyMinutes,
  units: d.workUnits,
});

describe('a fixed office day (08:00–17:00, lunch 12:00–13:00, 5 minutes of grace)', () => {
  it.each([
    [
      'on time',
      ['07:55', '17:05'],
      { outcome: 'WORKED', symbol: '+', worked: 480, late: 0, early: 0, units: 1000 },
    ],
    [
      'late within the grace',
      ['08:04', '17:00'],
      { outcome: 'WORKED', symbol: '+', worked: 476, late: 0, early: 0, units: 1000 },
    ],
    [
      'late beyond the grace: counted whole',
      ['08:20', '17:00'],
      { outcome: 'WORKED', symbol: '+', worked: 460, late: 20, early: 0, units: 958 },
    ],
    [
      'seconds dropped: 08:05:59 is 5 minutes',
      ['08:05:59', '17:00'],
      { outcome: 'WORKED', symbol: '+', worked: 475, late: 0, early: 0, units: 1000 },
    ],
    [
      'leaving at 16:30',
      ['07:58', '16:30'],
      { outcome: 'WORKED', symbol: '+', worked: 450, late: 0, early: 30, units: 938 },
    ],
    [
      'lunch punches in between change nothing',
      ['07:58', '12:01', '12:58', '17:01'],
      { outcome: 'WORKED', symbol: '+', worked: 480, late: 0, early: 0, units: 1000 },
    ],
  ])('%s', (_, times, expected) => {
    expect(cells(day(times))).toEqual(expected);
  });

  it('keeps the pair as instants and the first in and last out', () => {
    const d = day(['07:55', '17:05']);
    expect(d.pairs).toEqual([{ in: punchAt(`${MONDAY} 07:55`).at, out: punchAt(`${MONDAY} 17:05`).at }]);
    expect(d.firstIn).toBe(punchAt(`${MONDAY} 07:55`).at);
    expect(d.lastOut).toBe(punchAt(`${MONDAY} 17:05`).at);
    expect(d).toMatchObject({
      shiftCode: 'HC',
      scheduledMinutes: 480,
      paidUnits: 1000,
      punchCount: 2,
      strayPunches: 0,
    });
  });

  it.each([
    ['no out: only the morning punch', ['07:58'], { missingIn: false, missingOut: true }],
    ['no in: only the evening punch', ['17:02'], { missingIn: true, missingOut: false }],
  ])('a missing punch: %s', (_, times, flags) => {
    const d = day(times);
    expect(d).toMatchObject({
      outcome: 'INCOMPLETE',
      symbol: null,
      workedMinutes: 0,
      paidUnits: 0,
      ...flags,
    });
  });

  it('no punch on a working day is an absence; on a rest day or with no shift, nothing', () => {
    expect(day([])).toMatchObject({
      outcome: 'ABSENT',
      symbol: null,
      paidUnits: 0,
      missingIn: false,
      missingOut: false,
    });
    expect(day([], { dayType: 'REST_DAY', plan: null })).toMatchObject({
      outcome: 'REST',
      symbol: null,
      paidUnits: 0,
    });
    expect(day([], { plan: null })).toMatchObject({ outcome: 'REST', symbol: null });
  });

  it('a public holiday not worked is paid its own day (L)', () => {
    expect(day([], { dayType: 'HOLIDAY', plan: null })).toMatchObject({
      outcome: 'HOLIDAY',
      symbol: 'L',
      paidLeaveUnits: 1000,
      paidUnits: 1000,
    });
  });

  it('a compensatory day off (paid off, the rest-day pay class) is paid; an unpaid company day off is not', () => {
    expect(day([], { dayType: 'REST_DAY', plan: null, paidOff: true })).toMatchObject({
      paidLeaveUnits: 1000,
      paidUnits: 1000,
    });
    expect(day([], { dayType: 'HOLIDAY', plan: null, paidOff: false })).toMatchObject({ paidUnits: 0 });
  });

  it('punches outside every window are kept as stray, not worked', () => {
    // 12:20 and 12:40 fall between the check-in window (to 12:00) and the check-out window (from 13:00)
    expect(day(['12:20', '12:40'])).toMatchObject({
      outcome: 'ABSENT',
      punchCount: 2,
      strayPunches: 2,
      workedMinutes: 0,
    });
  });

  it('two devices reporting the same moment count once', () => {
    const twice = [
      punchAt(`${MONDAY} 07:55:00`, 'GATE-1'),
      punchAt(`${MONDAY} 07:55:00`, 'GATE-2'),
      punchAt(`${MONDAY} 07:55:20`, 'GATE-2'),
      punchAt(`${MONDAY} 17:05`, 'GATE-1'),
      punchAt(`${MONDAY} 17:05`, 'GATE-1'),
    ];
    const d = computeDay(dayInput({ punches: twice }));
    expect(d).toMatchObject({ punchCount: 2, workedMinutes: 480, strayPunches: 0 });
    expect(d.pairs).toHaveLength(1);
  });

  it('a worker with no shift who punches on a working day: minutes recorded as unscheduled, no lateness, no pay', () => {
    expect(day(['09:30', '17:30'], { plan: null })).toMatchObject({
      outcome: 'UNSCHEDULED',
      symbol: null,
      workedMinutes: 480,
      lateMinutes: 0,
      paidUnits: 0,
      overtimeMinutes: 0,
      shiftCode: null,
    });
  });

  it('a tenant that writes X, and a product-paid worker (SP)', () => {
    const settings = { ...DEFAULT_SETTINGS, symbols: withSymbols({ WORKED: 'X' }) };
    expect(day(['07:55', '17:05'], { settings }).symbol).toBe('X');
    expect(day(['07:55', '17:05'], { productBased: true }).symbol).toBe('SP');
  });
});

describe('overtime by day type × day/night (Decree 145 rates as the rules give them)', () => {
  const evening: DayAdjustment = { kind: 'OVERTIME', period: { start: hm('17:00'), end: hm('20:00') } };

  it('a weekday evening inside a registration: its checkout pairs with the shift', () => {
    const d = day(['07:55', '20:10'], { adjustments: [evening] });
    expect(d.overtime).toMatchObject({ weekdayDay: 180, weekdayNight: 0 });
    expect(d).toMatchObject({
      outcome: 'WORKED',
      workedMinutes: 480,
      overtimeMinutes: 180,
      overtimePaidMinutes: 270,
    });
  });

  it('no registration: presence after the shift is not overtime (REGISTERED mode)', () => {
    expect(day(['07:55', '20:10']).overtimeMinutes).toBe(0);
  });

  it('PUNCHED mode: presence after the shift counts, above the minimum', () => {
    expect(day(['07:55', '19:00'], { settings: punched }).overtime.weekdayDay).toBe(120);
    expect(
      day(['07:55', '17:20'], { settings: { ...punched, overtimeMinimumMinutes: 30 } }).overtimeMinutes,
    ).toBe(0);
  });

  it('into the night after daytime overtime: 300 day minutes at 150 %, 60 night minutes at 210 %', () => {
    const late: DayAdjustment = { kind: 'OVERTIME', period: { start: hm('17:00'), end: hm('23:00') } };
    const d = day(['07:55', '23:02'], { adjustments: [late] });
    expect(d.overtime).toMatchObject({ weekdayDay: 300, weekdayNight: 60 });
    expect(d.overtimePaidMinutes).toBe(300 * 1.5 + 60 * 2.1);
  });

  it.each([
    ['a weekly rest day', 'REST_DAY', { restDay: 240 }, 480],
    ['a public holiday', 'HOLIDAY', { holidayDay: 240 }, 720],
  ] as const)('%s worked 08:00–12:00 (PUNCHED)', (_, dayType, overtime, paid) => {
    const d = day(['08:00', '12:00'], { dayType, plan: null, settings: punched });
    expect(d.overtime).toMatchObject(overtime);
    expect(d).toMatchObject({ outcome: 'WORKED', symbol: '+', overtimePaidMinutes: paid, workedMinutes: 0 });
  });

  it('a holiday worked at night: 390 %, and still paid its own day', () => {
    const d = day(['20:00', '23:00'], { dayType: 'HOLIDAY', plan: null, settings: punched });
    expect(d.overtime).toMatchObject({ holidayDay: 120, holidayNight: 60 });
    expect(d).toMatchObject({ overtimePaidMinutes: 120 * 3 + 60 * 3.9, paidLeaveUnits: 1000 });
  });

  it('a shift on the calendar’s weekly rest day is the worker’s working day; on a holiday, holiday work', () => {
    expect(day(['07:55', '17:05'], { dayType: 'REST_DAY' })).toMatchObject({
      dayType: 'WEEKDAY',
      outcome: 'WORKED',
      workUnits: 1000,
      overtimeMinutes: 0,
    });
    const holiday = day(['08:00', '17:00'], { dayType: 'HOLIDAY', settings: punched });
    expect(holiday).toMatchObject({ dayType: 'HOLIDAY', workUnits: 0, paidLeaveUnits: 1000 });
    expect(holiday.overtime.holidayDay).toBe(480);
  });

  it('a rest day worked without registration (REGISTERED mode): recorded, not paid', () => {
    expect(day(['08:00', '12:00'], { dayType: 'REST_DAY', plan: null })).toMatchObject({
      outcome: 'UNSCHEDULED',
      workedMinutes: 240,
      overtimeMinutes: 0,
      paidUnits: 0,
    });
  });
});

describe('night work and overnight shifts', () => {
  it('a night shift is normal work inside the night window', () => {
    const d = computeDay(
      dayInput({ plan: nightShift(), punches: [punchAt('2026-01-05 21:55'), punchAt('2026-01-06 06:02')] }),
    );
    expect(d).toMatchObject({
      outcome: 'WORKED',
      workedMinutes: 480,
      nightMinutes: 480,
      paidUnits: 1000,
      lateMinutes: 0,
    });
  });

  it('31 Jan 22:00 → 1 Feb 06:00 belongs to 31 January, and 1 February does not count it again', () => {
    const punches = [punchAt('2026-01-31 21:50'), punchAt('2026-02-01 06:05')];
    const january = computeDay(
      dayInput({ workDate: '2026-01-31', dayType: 'REST_DAY', plan: null, punches }),
    );
    expect(january).toMatchObject({ outcome: 'INCOMPLETE', missingOut: true }); // with no shift, 06:05 is February's
    const night = computeDay(dayInput({ workDate: '2026-01-31', plan: nightShift(), punches }));
    expect(night).toMatchObject({
      workDate: '2026-01-31',
      outcome: 'WORKED',
      workedMinutes: 480,
      nightMinutes: 480,
    });
    expect(night.lastOut).toBe(punchAt('2026-02-01 06:05').at);
    const february = computeDay(
      dayInput({
        workDate: '2026-02-01',
        dayType: 'REST_DAY',
        plan: null,
        previousPlan: nightShift(),
        punches,
      }),
    );
    expect(february).toMatchObject({ outcome: 'REST', punchCount: 0, workedMinutes: 0 });
  });

  it('the next day shift does not take the night shift’s checkout', () => {
    const punches = [
      punchAt('2026-01-05 21:58'),
      punchAt('2026-01-06 06:01'),
      punchAt('2026-01-06 07:58'),
      punchAt('2026-01-06 17:01'),
    ];
    const tuesday = computeDay(dayInput({ workDate: '2026-01-06', previousPlan: nightShift(), punches }));
    expect(tuesday).toMatchObject({
      workedMinutes: 480,
      punchCount: 2,
      firstIn: punchAt('2026-01-06 07:58').at,
    });
  });
});

describe('split and flexible shifts', () => {
  it.each([
    ['both halves', ['07:58', '12:01', '16:55', '21:02'], { worked: 480, late: 0, units: 1000, pairs: 2 }],
    [
      'the evening half late by 15 minutes',
      ['07:58', '12:01', '17:15', '21:02'],
      { worked: 465, late: 15, units: 969, pairs: 2 },
    ],
    ['the morning only: half a day', ['07:58', '12:01'], { worked: 240, late: 0, units: 500, pairs: 1 }],
  ])('a split day: %s', (_, times, expected) => {
    const d = day(times, { plan: splitShift() });
    expect({
      worked: d.workedMinutes,
      late: d.lateMinutes,
      units: d.workUnits,
      pairs: d.pairs.length,
    }).toEqual(expected);
    expect(d.outcome).toBe('WORKED');
  });

  it('a split day whose evening out is missing', () => {
    expect(day(['07:58', '12:01', '16:55'], { plan: splitShift() })).toMatchObject({
      outcome: 'INCOMPLETE',
      missingOut: true,
    });
  });

  it.each([
    ['core hours met', ['08:30', '17:30'], { worked: 480, late: 0, early: 0, core: false, units: 1000 }],
    [
      'arriving at 10:00 misses an hour of core',
      ['10:00', '18:30'],
      { worked: 450, late: 60, early: 0, core: true, units: 938 },
    ],
    [
      'leaving at 15:00 misses the end of the core',
      ['07:00', '15:00'],
      { worked: 420, late: 0, early: 60, core: true, units: 875 },
    ],
  ])('a flexible day: %s', (_, times, expected) => {
    const d = day(times, { plan: flexibleShift() });
    expect({
      worked: d.workedMinutes,
      late: d.lateMinutes,
      early: d.earlyMinutes,
      core: d.coreHoursMissed,
      units: d.workUnits,
    }).toEqual(expected);
  });
});

describe('documents folded into the day', () => {
  const morning = { start: hm('08:00'), end: hm('12:00') };

  it.each([
    [
      'annual leave',
      { reason: 'ANNUAL_LEAVE', paid: true },
      'P',
      { paidLeaveUnits: 1000, unpaidLeaveUnits: 0 },
    ],
    [
      'sick, paid by insurance not the employer',
      { reason: 'SICK', paid: false },
      'Ô',
      { paidLeaveUnits: 0, unpaidLeaveUnits: 1000 },
    ],
    [
      'unpaid leave',
      { reason: 'UNPAID_LEAVE', paid: false },
      'KL',
      { paidLeaveUnits: 0, unpaidLeaveUnits: 1000 },
    ],
    ['maternity', { reason: 'MATERNITY', paid: false }, 'TS', { unpaidLeaveUnits: 1000 }],
  ] as const)('a whole day of %s', (_, absence, symbol, units) => {
    const d = day([], { adjustments: [{ kind: 'ABSENCE', ...absence }] });
    expect(d).toMatchObject({ outcome: 'LEAVE', symbol, workUnits: 0, ...units });
  });

  it('half a day of leave and half worked: "+/P", no lateness for the morning', () => {
    const d = day(['12:58', '17:02'], {
      adjustments: [{ kind: 'ABSENCE', reason: 'ANNUAL_LEAVE', paid: true, period: morning }],
    });
    expect(d).toMatchObject({
      outcome: 'WORKED',
      symbol: '+/P',
      lateMinutes: 0,
      workUnits: 500,
      paidLeaveUnits: 500,
      paidUnits: 1000,
    });
  });

  it('a business trip is a worked day with no punch; a conference writes H', () => {
    expect(day([], { adjustments: [{ kind: 'PRESENCE', reason: 'BUSINESS_TRIP' }] })).toMatchObject({
      outcome: 'WORKED',
      symbol: '+',
      workUnits: 1000,
    });
    expect(day([], { adjustments: [{ kind: 'PRESENCE', reason: 'CONFERENCE' }] }).symbol).toBe('H');
  });

  it('a shift change replaces the day’s shift (to none: a day off swapped)', () => {
    expect(day([], { adjustments: [{ kind: 'SHIFT_CHANGE', plan: null }] }).outcome).toBe('REST');
    const d = day(['21:55'], { adjustments: [{ kind: 'SHIFT_CHANGE', plan: nightShift() }] });
    expect(d).toMatchObject({ shiftCode: 'CD', outcome: 'INCOMPLETE', missingOut: true });
  });
});

describe('a shift whose windows overlap (refused when saved; defined anyway)', () => {
  it('a punch in both windows is the in: the earlier role takes it', () => {
    const overlapping = officeShift({
      segments: [
        {
          start: hm('08:00'),
          end: hm('17:00'),
          checkIn: { start: hm('06:00'), end: hm('18:00') },
          checkOut: { start: hm('07:00'), end: hm('23:00') },
        },
      ],
    });
    expect(day(['07:58'], { plan: overlapping })).toMatchObject({
      outcome: 'INCOMPLETE',
      missingOut: true,
      missingIn: false,
    });
    expect(day(['07:58', '17:01'], { plan: overlapping })).toMatchObject({
      outcome: 'WORKED',
      workedMinutes: 480,
    });
  });
});
