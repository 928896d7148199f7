import { describe, expect, it } from 'vitest';
import {
  STATUTORY_NIGHT_WINDOW,
  clockOf,
  layoutShift,
  nightMinutesOf,
  ShiftRuleTexts,
  type ShiftTimes,
} from './work-shift-layout.ts';
import { workShiftContract } from './work-shifts.ts';

const fixed = (times: Partial<ShiftTimes> = {}): ShiftTimes => ({
  kind: 'FIXED',
  startTime: '08:00',
  endTime: '17:00',
  breaks: [{ startTime: '12:00', endTime: '13:00', paid: false }],
  requiredHours: '8',
  ...times,
});
const split = (times: Partial<ShiftTimes> = {}): ShiftTimes =>
  fixed({
    kind: 'SPLIT',
    endTime: '11:00',
    secondStartTime: '17:00',
    secondEndTime: '21:00',
    breaks: [],
    requiredHours: '7',
    ...times,
  });

const laid = (times: ShiftTimes) => {
  const { layout, issues } = layoutShift(times);
  expect(issues).toEqual([]);
  if (!layout) throw new Error('no layout');
  return layout;
};
const rules = (times: ShiftTimes) => layoutShift(times).issues.map((i) => `${i.field}:${i.rule}`);
const night = (times: ShiftTimes) => nightMinutesOf(laid(times), STATUTORY_NIGHT_WINDOW);

describe('a work shift laid out on its day', () => {
  it('puts a day shift on the day, with default windows 2 hours before and 4 after', () => {
    const layout = laid(fixed());
    expect(layout.segments).toEqual([
      { start: 480, end: 1020, checkIn: { start: 360, end: 750 }, checkOut: { start: 750, end: 1260 } },
    ]);
    expect(layout.breaks).toEqual([{ start: 720, end: 780, paid: false }]);
    expect(layout.workMinutes).toBe(480);
  });

  it.each([
    ['22:00–06:00 (the night shift)', '22:00', '06:00', 1320, 1800],
    ['an end equal to the start is a whole day', '06:00', '06:00', 360, 1800],
    ['00:00–08:00 (the day it starts)', '00:00', '08:00', 0, 480],
    ['18:00–02:30 (across midnight)', '18:00', '02:30', 1080, 1590],
  ])('reads an end not after the start as the next day: %s', (_name, startTime, endTime, start, end) => {
    const layout = laid(fixed({ startTime, endTime, breaks: [], requiredHours: '1' }));
    expect(layout.segments[0]).toMatchObject({ start, end });
  });

  it('opens a midnight shift’s check-in window the evening before (negative minutes)', () => {
    const layout = laid(
      fixed({ startTime: '00:00', endTime: '08:00', breaks: [], checkInFrom: '23:00', checkInTo: '01:00' }),
    );
    expect(layout.segments[0]?.checkIn).toEqual({ start: -60, end: 61 });
    expect(clockOf(-60)).toBe('23:00');
  });

  it('places a night shift’s break after midnight on the next morning', () => {
    const layout = laid(
      fixed({
        startTime: '22:00',
        endTime: '06:00',
        breaks: [{ startTime: '02:00', endTime: '02:30' }],
        requiredHours: '7.5',
      }),
    );
    expect(layout.breaks).toEqual([{ start: 1560, end: 1590, paid: false }]);
  });

  it('lays out a split shift as two segments, windows parted halfway between them', () => {
    const layout = laid(split());
    expect(layout.segments.map(({ start, end }) => [start, end])).toEqual([
      [480, 660],
      [1020, 1260],
    ]);
    // 6 hours between the segments: each side's windows reach 3 hours into the gap
    expect(layout.segments[0]?.checkOut.end).toBe(840);
    expect(layout.segments[1]?.checkIn.start).toBe(840);
  });

  it('lays out a flexible shift’s core hours inside its band', () => {
    const layout = laid(
      fixed({
        kind: 'FLEXIBLE',
        startTime: '07:00',
        endTime: '19:00',
        coreStartTime: '10:00',
        coreEndTime: '15:00',
      }),
    );
    expect(layout.core).toEqual({ start: 600, end: 900 });
  });
});

describe('the rules a work shift is refused by (docs/work-shifts.md)', () => {
  it.each<[string, ShiftTimes, string[]]>([
    ['a time that is not HH:mm', fixed({ startTime: '8:00' }), ['startTime:badClock']],
    [
      'a split shift without its second segment',
      fixed({ kind: 'SPLIT' }),
      ['secondStartTime:secondSegmentMissing'],
    ],
    [
      'a second segment on a fixed shift',
      fixed({ secondStartTime: '18:00', secondEndTime: '20:00' }),
      ['secondStartTime:secondSegmentNotSplit'],
    ],
    [
      'split segments that overlap',
      split({ secondStartTime: '10:00', secondEndTime: '14:00' }),
      ['secondStartTime:segmentsOverlap'],
    ],
    [
      'a split shift longer than 24 hours',
      split({ startTime: '06:00', endTime: '14:00', secondStartTime: '20:00', secondEndTime: '08:00' }),
      ['secondEndTime:longerThanDay'],
    ],
    ['a flexible shift without core hours', fixed({ kind: 'FLEXIBLE' }), ['coreStartTime:coreMissing']],
    [
      'core hours on a fixed shift',
      fixed({ coreStartTime: '09:00', coreEndTime: '10:00' }),
      ['coreStartTime:coreNotFlexible'],
    ],
    [
      'core hours outside the band',
      fixed({ kind: 'FLEXIBLE', coreStartTime: '15:00', coreEndTime: '18:00' }),
      ['coreStartTime:coreOutside'],
    ],
    [
      'a break outside the shift',
      fixed({ breaks: [{ startTime: '17:30', endTime: '18:00' }] }),
      ['breaks:breakOutside'],
    ],
    [
      'a break reaching past the end',
      fixed({ breaks: [{ startTime: '16:30', endTime: '17:30' }] }),
      ['breaks:breakOutside'],
    ],
    [
      'a break between split segments',
      split({ breaks: [{ startTime: '12:00', endTime: '13:00' }] }),
      ['breaks:breakOutside'],
    ],
    [
      'two breaks that overlap',
      fixed({
        breaks: [
          { startTime: '12:00', endTime: '13:00' },
          { startTime: '12:30', endTime: '12:45' },
        ],
      }),
      ['breaks:breaksOverlap'],
    ],
    [
      'a break of no length',
      fixed({ breaks: [{ startTime: '12:00', endTime: '12:00' }] }),
      ['breaks:breakEmpty'],
    ],
    ['half a window', fixed({ checkInFrom: '07:00' }), ['checkInFrom:windowHalf']],
    [
      'a check-in window opening after the start',
      fixed({ checkInFrom: '08:30', checkInTo: '09:00' }),
      ['checkInFrom:checkInAfterStart'],
    ],
    [
      'a check-out window closing before the end',
      fixed({ checkOutFrom: '16:00', checkOutTo: '16:30' }),
      ['checkOutFrom:checkOutBeforeEnd'],
    ],
    [
      'check-in and check-out windows that cross',
      fixed({ checkInFrom: '07:00', checkInTo: '13:00', checkOutFrom: '12:00', checkOutTo: '18:00' }),
      ['checkOutFrom:windowsCross'],
    ],
    [
      'a window that overlaps the next segment',
      split({ checkOutFrom: '10:00', checkOutTo: '17:30' }),
      ['checkOutTo:windowOverlapsNext'],
    ],
    [
      'windows spanning more than 24 hours',
      fixed({
        startTime: '06:00',
        endTime: '22:00',
        breaks: [],
        checkInFrom: '02:00',
        checkInTo: '07:00',
        checkOutFrom: '21:00',
        checkOutTo: '03:00',
      }),
      ['checkOutTo:windowsLongerThanDay'],
    ],
    [
      'required hours longer than the work',
      fixed({ requiredHours: '8.5' }),
      ['requiredHours:requiredTooLong'],
    ],
  ])('%s', (_name, times, expected) => {
    expect(rules(times)).toEqual(expected);
    expect(layoutShift(times).layout).toBe(null);
  });

  it('says every rule in both languages, the API in English and the form in Vietnamese', () => {
    for (const [rule, words] of Object.entries(ShiftRuleTexts)) {
      expect(words.en, rule).toMatch(/^[a-z]/);
      expect(words.vi, rule).toMatch(/^[a-zà-ỹđ]/u);
    }
  });
});

describe('night hours (the night window 22:00–06:00 unless the tenant’s rules say otherwise)', () => {
  it.each<[string, ShiftTimes, number]>([
    ['a day shift', fixed(), 0],
    ['a night shift 22:00–06:00', fixed({ startTime: '22:00', endTime: '06:00', breaks: [] }), 480],
    [
      'a night shift with an unpaid break at 02:00',
      fixed({
        startTime: '22:00',
        endTime: '06:00',
        breaks: [{ startTime: '02:00', endTime: '02:30' }],
        requiredHours: '7.5',
      }),
      450,
    ],
    [
      'a night shift with a paid break (working time, art. 109)',
      fixed({
        startTime: '22:00',
        endTime: '06:00',
        breaks: [{ startTime: '02:00', endTime: '02:30', paid: true }],
      }),
      480,
    ],
    ['an evening shift 14:00–23:00', fixed({ startTime: '14:00', endTime: '23:00', breaks: [] }), 60],
    ['an early shift 04:00–12:00', fixed({ startTime: '04:00', endTime: '12:00', breaks: [] }), 120],
    [
      'a split shift 05:00–09:00 and 19:00–23:00',
      split({ startTime: '05:00', endTime: '09:00', secondStartTime: '19:00', secondEndTime: '23:00' }),
      120,
    ],
  ])('%s', (_name, times, minutes) => expect(night(times)).toBe(minutes));

  it('follows another window given as the tenant’s (21:00–05:00)', () => {
    const layout = laid(fixed({ startTime: '22:00', endTime: '06:00', breaks: [] }));
    expect(nightMinutesOf(layout, { start: 21 * 60, end: 5 * 60 })).toBe(420);
  });
});

describe('the work shift contract', () => {
  it('is the tm service’s record at the menu’s route, with the limits of catalogues §5.2', () => {
    expect(workShiftContract.apiPath).toBe('/api/tm/work-shifts');
    expect(workShiftContract.route).toBe('/tm/work-shift');
    expect(workShiftContract.fields.coefficient).toMatchObject({ precision: 5, scale: 2, minimum: '1' });
    expect(workShiftContract.fields.workingDays).toMatchObject({ precision: 5, scale: 3 });
    // derived, never typed
    expect(workShiftContract.create).not.toContain('nightHours');
    expect(workShiftContract.update).not.toContain('nightHours');
  });
});
