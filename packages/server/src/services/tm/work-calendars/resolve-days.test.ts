import { describe, expect, it } from 'vitest';
import type { CalendarRule } from './calendar-rule.ts';
import { dateOf, dayNumber, isoWeekday } from './calendar-days.ts';
import { resolveDays, type UnitNode, type WorkerPlace } from './resolve-days.ts';

/*
 * The precedence rule and the pattern arithmetic of docs/work-calendars.md, without a database:
 * a company → factory → workshop tree with a team (working group) in the workshop.
 */
const units: UnitNode[] = [
  { id: 'company', parentId: null },
  { id: 'factory', parentId: 'company' },
  { id: 'workshop', parentId: 'factory' },
  { id: 'team', parentId: 'workshop' },
];
const worker: WorkerPlace = { workerId: 'w1', organizationUnitId: 'team', jobTitleId: 'welder' };
const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7];

let serial = 0;
function calendar(overrides: Partial<CalendarRule>): CalendarRule {
  serial++;
  return {
    id: `c${String(serial).padStart(3, '0')}`,
    code: `LLV_${serial}`,
    name: `Lịch ${serial}`,
    targetType: 'UNIT',
    organizationUnitId: 'company',
    includeSubUnits: true,
    jobTitleId: null,
    workerIds: [],
    fromDate: '2026-01-01',
    toDate: null,
    weekdays: ALL_WEEK,
    patternType: 'WEEKLY',
    workShiftId: 'HC',
    rotationUnit: null,
    anchorDate: null,
    rotation: [],
    approved: true,
    approvedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const on = (calendars: CalendarRule[], date: string, who: WorkerPlace = worker) =>
  resolveDays({ workers: [who], units, calendars, from: date, to: date }).get(who.workerId)?.[0];

describe('calendar days', () => {
  it('counts whole days in UTC+7 dates with no daylight-saving hour, across month and year ends', () => {
    expect(dayNumber('2026-03-01') - dayNumber('2026-02-28')).toBe(1);
    expect(dayNumber('2028-03-01') - dayNumber('2028-02-28')).toBe(2);
    expect(dayNumber('2027-01-01') - dayNumber('2026-12-31')).toBe(1);
    expect(dateOf(dayNumber('2026-10-25'))).toBe('2026-10-25');
    expect(isoWeekday(dayNumber('2026-12-07'))).toBe(1); // a Monday
    expect(isoWeekday(dayNumber('2026-12-13'))).toBe(7);
    expect(() => dayNumber('2026-02-30')).toThrow(RangeError);
  });
});

describe('the more specific assignment wins', () => {
  // Each row: the calendars that reach the worker on 2026-03-10; the shift the worker gets.
  const table: { name: string; calendars: Partial<CalendarRule>[]; shift: string }[] = [
    {
      name: 'individual over working group, job title and unit',
      calendars: [
        { targetType: 'UNIT', organizationUnitId: 'team', workShiftId: 'UNIT' },
        { targetType: 'JOB_TITLE', organizationUnitId: null, jobTitleId: 'welder', workShiftId: 'TITLE' },
        { targetType: 'WORKING_GROUP', organizationUnitId: 'team', workShiftId: 'GROUP' },
        { targetType: 'WORKER', organizationUnitId: null, workerIds: ['w1'], workShiftId: 'MINE' },
      ],
      shift: 'MINE',
    },
    {
      name: 'working group over job title',
      calendars: [
        { targetType: 'JOB_TITLE', organizationUnitId: null, jobTitleId: 'welder', workShiftId: 'TITLE' },
        { targetType: 'WORKING_GROUP', organizationUnitId: 'team', workShiftId: 'GROUP' },
      ],
      shift: 'GROUP',
    },
    {
      name: 'job title over the worker’s own unit',
      calendars: [
        { targetType: 'UNIT', organizationUnitId: 'team', workShiftId: 'UNIT' },
        { targetType: 'JOB_TITLE', organizationUnitId: null, jobTitleId: 'welder', workShiftId: 'TITLE' },
      ],
      shift: 'TITLE',
    },
    {
      name: 'a nearer unit over its parent, whatever their dates',
      calendars: [
        { organizationUnitId: 'company', workShiftId: 'COMPANY', fromDate: '2026-03-01' },
        { organizationUnitId: 'workshop', workShiftId: 'WORKSHOP', fromDate: '2026-01-01' },
        { organizationUnitId: 'factory', workShiftId: 'FACTORY', fromDate: '2026-03-09' },
      ],
      shift: 'WORKSHOP',
    },
    {
      name: 'on a tie, the later start',
      calendars: [
        { organizationUnitId: 'factory', workShiftId: 'EARLY', fromDate: '2026-01-01' },
        { organizationUnitId: 'factory', workShiftId: 'LATE', fromDate: '2026-02-01' },
      ],
      shift: 'LATE',
    },
    {
      name: 'on the same start, the later approval',
      calendars: [
        { organizationUnitId: 'factory', workShiftId: 'SECOND', approvedAt: '2026-02-02T08:00:00.000Z' },
        { organizationUnitId: 'factory', workShiftId: 'FIRST', approvedAt: '2026-02-01T08:00:00.000Z' },
      ],
      shift: 'SECOND',
    },
    {
      name: 'a unit calendar without its sub-units does not reach below it',
      calendars: [
        { organizationUnitId: 'company', workShiftId: 'COMPANY' },
        { organizationUnitId: 'workshop', includeSubUnits: false, workShiftId: 'WORKSHOP_ONLY' },
      ],
      shift: 'COMPANY',
    },
    {
      name: 'a more specific calendar that does not claim the weekday passes the day on',
      calendars: [
        { organizationUnitId: 'company', workShiftId: 'COMPANY' },
        // 2026-03-10 is a Tuesday
        {
          targetType: 'WORKER',
          organizationUnitId: null,
          workerIds: ['w1'],
          weekdays: [6],
          workShiftId: 'SAT',
        },
      ],
      shift: 'COMPANY',
    },
    {
      name: 'an ended calendar passes the day on',
      calendars: [
        { organizationUnitId: 'company', workShiftId: 'COMPANY' },
        {
          targetType: 'WORKER',
          organizationUnitId: null,
          workerIds: ['w1'],
          toDate: '2026-03-09',
          workShiftId: 'ENDED',
        },
      ],
      shift: 'COMPANY',
    },
  ];

  it.each(table)('$name', ({ calendars, shift }) => {
    const made = calendars.map(calendar);
    // the order the rows come in never matters
    expect(on(made, '2026-03-10')?.workShiftId).toBe(shift);
    expect(on([...made].reverse(), '2026-03-10')?.workShiftId).toBe(shift);
  });

  it('names the deciding calendar, and gives nothing where no calendar claims the day', () => {
    const mine = calendar({
      targetType: 'WORKER',
      organizationUnitId: null,
      workerIds: ['w1'],
      weekdays: [1, 2, 3, 4, 5],
    });
    expect(on([mine], '2026-03-10')).toEqual({
      date: '2026-03-10',
      workShiftId: 'HC',
      off: false,
      calendarId: mine.id,
    });
    expect(on([mine], '2026-03-14')).toEqual({
      date: '2026-03-14',
      workShiftId: null,
      off: false,
      calendarId: null,
    });
  });

  it('lets a rotation’s day off win over a less specific calendar’s shift', () => {
    const unit = calendar({ organizationUnitId: 'company', workShiftId: 'HC' });
    const group = calendar({
      targetType: 'WORKING_GROUP',
      organizationUnitId: 'team',
      patternType: 'ROTATION',
      rotationUnit: 'DAY',
      anchorDate: '2026-03-09',
      rotation: ['A', null],
    });
    expect(on([unit, group], '2026-03-09')).toMatchObject({
      workShiftId: 'A',
      off: false,
      calendarId: group.id,
    });
    expect(on([unit, group], '2026-03-10')).toMatchObject({
      workShiftId: null,
      off: true,
      calendarId: group.id,
    });
  });
});

describe('rotations', () => {
  const days = (rule: CalendarRule, from: string, to: string) =>
    (resolveDays({ workers: [worker], units, calendars: [rule], from, to }).get('w1') ?? []).map((d) =>
      d.off ? 'off' : (d.workShiftId ?? '-'),
    );

  it('rotates three shifts weekly from a Monday anchor across a month end', () => {
    const rule = calendar({
      patternType: 'ROTATION',
      rotationUnit: 'WEEK',
      anchorDate: '2026-03-02', // a Monday
      rotation: ['S1', 'S2', 'S3'],
      weekdays: [1, 2, 3, 4, 5, 6],
    });
    // Mon 23/3 … Sun 12/4 are weeks 3, 4 and 5 from the anchor: S1, S2 (across 31/3 → 1/4), S3;
    // Sundays not claimed
    expect(days(rule, '2026-03-23', '2026-04-12')).toEqual([
      ...['S1', 'S1', 'S1', 'S1', 'S1', 'S1', '-'],
      ...['S2', 'S2', 'S2', 'S2', 'S2', 'S2', '-'],
      ...['S3', 'S3', 'S3', 'S3', 'S3', 'S3', '-'],
    ]);
  });

  it('counts a daily cycle with days off across February of a leap year and the year end', () => {
    const rule = calendar({
      patternType: 'ROTATION',
      rotationUnit: 'DAY',
      anchorDate: '2028-02-27',
      rotation: ['N1', 'N2', null, null],
    });
    expect(days(rule, '2028-02-27', '2028-03-04')).toEqual(['N1', 'N2', 'off', 'off', 'N1', 'N2', 'off']);
    // 2028-12-30 is 307 days after the anchor: 307 mod 4 = 3
    expect(days(rule, '2028-12-30', '2029-01-02')).toEqual(['off', 'N1', 'N2', 'off']);
  });

  it('counts backwards before the anchor the same way', () => {
    const rule = calendar({
      patternType: 'ROTATION',
      rotationUnit: 'DAY',
      anchorDate: '2026-03-10',
      fromDate: '2026-03-01',
      rotation: ['A', 'B', 'C'],
    });
    expect(days(rule, '2026-03-07', '2026-03-11')).toEqual(['A', 'B', 'C', 'A', 'B']);
  });
});

describe('resolving many workers', () => {
  it('answers every (worker, day) of the range, and workers of one unit and title share their days', () => {
    const workers: WorkerPlace[] = Array.from({ length: 1000 }, (_, i) => ({
      workerId: `w${i}`,
      organizationUnitId: i % 2 === 0 ? 'team' : 'factory',
      jobTitleId: null,
    }));
    const calendars = [
      calendar({ organizationUnitId: 'company', workShiftId: 'HC', weekdays: [1, 2, 3, 4, 5] }),
      calendar({ targetType: 'WORKER', organizationUnitId: null, workerIds: ['w1'], workShiftId: 'OWN' }),
    ];
    const result = resolveDays({ workers, units, calendars, from: '2026-03-01', to: '2026-03-31' });
    expect(result.size).toBe(1000);
    expect(result.get('w0')).toHaveLength(31);
    expect(result.get('w2')).toBe(result.get('w0'));
    expect(new Set(result.get('w1')?.map((d) => d.workShiftId))).toEqual(new Set(['OWN']));
    expect(result.get('w3')?.filter((d) => d.workShiftId === 'HC')).toHaveLength(22);
  });
});
