import { describe, expect, it } from 'vitest';
import { calendarErrors, namedShifts } from './check-calendar.ts';

const SHIFT = '44444444-4444-4444-8444-444444444444';
const weekly = {
  targetType: 'UNIT',
  organizationUnitId: 'unit',
  fromDate: '2026-03-01',
  toDate: '2026-03-31',
  patternType: 'WEEKLY',
  weekdays: ['MON'],
  workShiftId: SHIFT,
  rotation: [],
  workerIds: [],
};
const rotation = {
  ...weekly,
  patternType: 'ROTATION',
  workShiftId: null,
  rotationUnit: 'WEEK',
  anchorDate: '2026-03-02',
  rotation: [{ workShiftId: SHIFT }, { workShiftId: null }],
};
const fields = (record: Record<string, unknown>) => calendarErrors(record).map((error) => error.field);

/** The calendar's own rules (docs/work-calendars.md "Bad input"), each broken alone. */
describe('a work calendar’s rules', () => {
  it('accepts a weekly calendar, a rotation, and a rotation of days off only', () => {
    expect(fields(weekly)).toEqual([]);
    expect(fields(rotation)).toEqual([]);
    expect(fields({ ...rotation, rotation: [{ workShiftId: null }, { workShiftId: null }] })).toEqual([]);
  });

  it.each([
    ['the end before the start', { ...weekly, toDate: '2026-02-28' }, ['toDate']],
    ['no weekday', { ...weekly, weekdays: [] }, ['weekdays']],
    ['a weekly calendar without its shift', { ...weekly, workShiftId: null }, ['workShiftId']],
    ['a weekly calendar with slots', { ...weekly, rotation: [{ workShiftId: SHIFT }] }, ['rotation']],
    ['a rotation without an anchor', { ...rotation, anchorDate: null }, ['anchorDate']],
    ['a rotation without a slot length', { ...rotation, rotationUnit: null }, ['rotationUnit']],
    ['a rotation of one slot', { ...rotation, rotation: [{ workShiftId: SHIFT }] }, ['rotation']],
    ['a rotation with a shift of its own', { ...rotation, workShiftId: SHIFT }, ['workShiftId']],
    ['a unit calendar naming no unit', { ...weekly, organizationUnitId: null }, ['organizationUnitId']],
    ['a unit calendar naming workers', { ...weekly, workerIds: ['w1'] }, ['workerIds']],
    [
      'a title calendar with a unit',
      { ...weekly, targetType: 'JOB_TITLE', jobTitleId: 'title' },
      ['organizationUnitId'],
    ],
    [
      'a worker calendar naming no one',
      { ...weekly, targetType: 'WORKER', organizationUnitId: null },
      ['workerIds'],
    ],
  ])('refuses %s', (_name, record, expected) => {
    expect(fields(record)).toEqual(expected);
  });

  it('names each shift once, from the field and the slots', () => {
    expect(
      namedShifts({ workShiftId: SHIFT, rotation: [{ workShiftId: SHIFT }, { workShiftId: 'b' }, null] }),
    ).toEqual([SHIFT, 'b']);
  });
});
