import { describe, expect, it } from 'vitest';
import { computeDay } from './compute-day.ts';
import { dayInput, hm, nightShift, punchAt } from './factories.ts';
import type { DayAdjustment, DayInput } from './types.ts';

/*
 * An approved work update request folded into the day (PUNCHES, docs/work-update-requests.md):
 * the office day 08:00–17:00 of factories.ts, and the night shift 22:00–06:00.
 */
const MONDAY = '2026-01-05';
const on = (times: string[], date = MONDAY) => times.map((t) => punchAt(`${date} ${t}`));
const asked = (times: string[], replace = false): DayAdjustment => ({
  kind: 'PUNCHES',
  minutes: times.map(hm),
  replace,
  documentId: 'r-1',
});
const day = (times: string[], adjustments: DayAdjustment[], overrides: Partial<DayInput> = {}) =>
  computeDay(dayInput({ punches: on(times), adjustments, ...overrides }));

describe('a work update request on the day', () => {
  it('adds the missing out: the day is paired and worked, no longer missing a punch', () => {
    expect(day(['07:58'], [])).toMatchObject({ outcome: 'INCOMPLETE', missingOut: true });
    expect(day(['07:58'], [asked(['17:00'])])).toMatchObject({
      outcome: 'WORKED',
      symbol: '+',
      missingIn: false,
      missingOut: false,
      workedMinutes: 480,
      workUnits: 1000,
      punchCount: 2,
    });
  });

  it('replaces a wrong punch: the device punches of the day are not read', () => {
    expect(day(['09:30', '17:00'], [])).toMatchObject({ lateMinutes: 90 });
    expect(day(['09:30', '17:00'], [asked(['08:00', '17:00'], true)])).toMatchObject({
      outcome: 'WORKED',
      lateMinutes: 0,
      workedMinutes: 480,
      punchCount: 2,
    });
  });

  it('a requested punch on the minute of a device punch is that punch', () => {
    expect(day(['08:00', '17:00'], [asked(['17:00'])])).toMatchObject({ punchCount: 2, workedMinutes: 480 });
  });

  it("gives a night shift its checkout the next morning (minutes after 1440 are the next day's)", () => {
    const night = { plan: nightShift() };
    expect(day(['21:55'], [], night)).toMatchObject({ outcome: 'INCOMPLETE', missingOut: true });
    const fixed = day(['21:55'], [{ kind: 'PUNCHES', minutes: [hm('06:00') + 1440], replace: false }], night);
    expect(fixed).toMatchObject({ outcome: 'WORKED', missingOut: false });
  });

  it('later requests build on earlier ones, in the order they were approved', () => {
    const d = day(['07:58'], [asked(['12:00', '13:00'], true), asked(['08:00', '17:00'])]);
    expect(d).toMatchObject({ punchCount: 4, workedMinutes: 480, outcome: 'WORKED' });
  });
});
