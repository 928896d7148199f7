import { describe, expect, it } from 'vitest';
import { dayStartOf, daySpan, placePunches } from './day-span.ts';
import { hm, nightShift, officeShift, punchAt } from './factories.ts';
import { intersect, nightRanges, subtract, total } from './minute-ranges.ts';

describe('which minutes are a work day’s', () => {
  it.each([
    ['no shift, no neighbours: the local day', null, null, null, { start: 0, end: 1440 }],
    [
      'a night shift reaches into the next morning',
      nightShift(),
      null,
      null,
      { start: 0, end: hm('+09:00') },
    ],
    [
      'a day after a night shift starts where its checkout window ends',
      null,
      nightShift(),
      null,
      { start: hm('09:00'), end: 1440 },
    ],
    [
      'a day shift after a night shift: they part halfway between 06:00 and 08:00',
      officeShift(),
      nightShift(),
      null,
      { start: hm('07:00'), end: 1440 },
    ],
    [
      'an unscheduled day ends where the next shift’s check-in opens',
      null,
      null,
      nightShift(),
      { start: 0, end: 1440 },
    ],
  ])('%s', (_, plan, previous, next, expected) => {
    expect(daySpan(plan, previous, next)).toEqual(expected);
  });

  it('an unscheduled day before a shift whose check-in opens the evening before', () => {
    const early = officeShift({
      segments: [
        {
          start: hm('00:00'),
          end: hm('08:00'),
          checkIn: { start: -60, end: hm('02:00') },
          checkOut: { start: hm('06:00'), end: hm('10:00') },
        },
      ],
    });
    expect(daySpan(null, null, early)).toEqual({ start: 0, end: hm('23:00') });
    expect(daySpan(early, null, null)).toEqual({ start: -60, end: 1440 });
  });

  it('places a day in the zone given (Vietnam +07: 00:00 local is 17:00 UTC the day before)', () => {
    expect(new Date(dayStartOf('2026-02-01', 420)).toISOString()).toBe('2026-01-31T17:00:00.000Z');
    expect(() => dayStartOf('2026-2-1', 420)).toThrow();
  });

  it('counts punches within the repeat window once and leaves out those beyond the span', () => {
    const start = dayStartOf('2026-01-05', 420);
    const placed = placePunches(
      [
        punchAt('2026-01-05 08:00:30'),
        punchAt('2026-01-05 08:00:00'),
        punchAt('2026-01-05 08:01:10'),
        punchAt('2026-01-06 01:00'),
      ],
      start,
      { start: 0, end: 1440 },
      60,
    );
    expect(placed.map((p) => p.minute)).toEqual([480, 481]);
  });
});

describe('minute ranges', () => {
  it('the night window 22:00–06:00 on every day a work day reaches', () => {
    const nights = nightRanges({ start: hm('22:00'), end: hm('06:00') });
    expect(intersect(nights, [{ start: -1440, end: 2880 }])).toEqual([
      { start: -1440, end: -1080 },
      { start: -120, end: 360 },
      { start: 1320, end: 1800 },
      { start: 2760, end: 2880 },
    ]);
  });

  it('subtracts and totals', () => {
    const worked = subtract([{ start: 480, end: 1020 }], [{ start: 720, end: 780 }]);
    expect(worked).toEqual([
      { start: 480, end: 720 },
      { start: 780, end: 1020 },
    ]);
    expect(total(worked)).toBe(480);
  });
});
