import { describe, expect, it } from 'vitest';
import type { SignalWatcher } from '../../../db/database.ts';
import type { ShiftPlan as DayComputationPlan } from '../timesheet/types.ts';
import { ShiftPlanCache } from './shift-plan-cache.ts';
import { shiftPlanOf, type ShiftPlan, type ShiftRecordTimes } from './shift-plan.ts';

const record = (over: Partial<ShiftRecordTimes> = {}): ShiftRecordTimes => ({
  id: 'a1',
  code: 'CA_DEM',
  name: 'Ca đêm',
  kind: 'FIXED',
  startTime: '22:00',
  endTime: '06:00',
  breaks: [
    { startTime: '02:00', endTime: '02:30', paid: false },
    { startTime: '04:00', endTime: '04:15', paid: true },
  ],
  lateToleranceMinutes: 5,
  earlyToleranceMinutes: 0,
  requiredHours: '7.500',
  workingDays: '0.5',
  coefficient: '1.30',
  ...over,
});

describe('the plan of a stored shift', () => {
  it('is minutes from the work day’s 00:00, with its figures exact', () => {
    const plan = shiftPlanOf(record());
    expect(plan).toEqual({
      id: 'a1',
      code: 'CA_DEM',
      name: 'Ca đêm',
      kind: 'FIXED',
      segments: [
        { start: 1320, end: 1800, checkIn: { start: 1200, end: 1560 }, checkOut: { start: 1560, end: 2040 } },
      ],
      breaks: [{ start: 1560, end: 1590 }],
      paidBreaks: [{ start: 1680, end: 1695 }],
      lateToleranceMinutes: 5,
      earlyToleranceMinutes: 0,
      requiredMinutes: 450,
      coreHours: [],
      dayValue: 500,
      coefficient: 130,
    });
    // what the day computation takes (services/tm/timesheet/types.ts): the plan is one, as it is
    const input: DayComputationPlan = plan;
    expect(input.segments).toHaveLength(1);
  });

  it('refuses a row that breaks the rules rather than give the engine a wrong day', () => {
    expect(() => shiftPlanOf(record({ kind: 'SPLIT' }))).toThrow(/secondStartTime secondSegmentMissing/);
  });
});

/** A database whose signal the test raises by hand. */
function signals() {
  let watcher: SignalWatcher | undefined;
  return {
    database: {
      watchSignal: (_channel: string, w: SignalWatcher) => {
        watcher = w;
        return Promise.resolve(() => Promise.resolve());
      },
    },
    raise: (payload?: string) => watcher?.changed(payload),
    deafen: (deaf: boolean) => watcher?.deaf(deaf),
  };
}
const plan = (id: string, code = id): ShiftPlan => shiftPlanOf(record({ id, code }));

describe('the plans kept by a process', () => {
  it('reads a plan once, then serves it until its tenant’s shifts change', async () => {
    const { database, raise } = signals();
    const cache = new ShiftPlanCache({ maxEntries: 10 });
    await cache.watch(database);
    const reads: string[][] = [];
    const read = (ids: readonly string[]) => {
      reads.push([...ids]);
      return Promise.resolve(new Map(ids.filter((id) => id !== 'none').map((id) => [id, plan(id)])));
    };
    expect([...(await cache.plans('t1', ['a', 'b', 'none'], read)).keys()]).toEqual(['a', 'b']);
    expect([...(await cache.plans('t1', ['a', 'none'], read)).keys()]).toEqual(['a']);
    expect(reads).toEqual([['a', 'b', 'none']]);
    // another tenant's write leaves t1's plans; t1's forgets them
    raise('t2');
    await cache.plans('t1', ['a'], read);
    expect(reads).toHaveLength(1);
    raise('t1');
    await cache.plans('t1', ['a'], read);
    expect(reads).toEqual([['a', 'b', 'none'], ['a']]);
    // a write with no tenant (the owner's) forgets every tenant's
    raise('');
    await cache.plans('t1', ['a'], read);
    expect(reads).toHaveLength(3);
  });

  it('keeps nothing read while its tenant’s shifts changed, nor while deaf', async () => {
    const { database, raise, deafen } = signals();
    const cache = new ShiftPlanCache({ maxEntries: 10 });
    await cache.watch(database);
    await cache.plans('t1', ['a'], (ids) => {
      raise('t1');
      return Promise.resolve(new Map(ids.map((id) => [id, plan(id)])));
    });
    expect(cache.size).toBe(0);
    deafen(true);
    await cache.plans('t1', ['a'], (ids) => Promise.resolve(new Map(ids.map((id) => [id, plan(id)]))));
    expect(cache.size).toBe(0);
  });

  it('keeps at most its number of plans, the least recently used out first', async () => {
    const { database } = signals();
    const cache = new ShiftPlanCache({ maxEntries: 2 });
    await cache.watch(database);
    const read = (ids: readonly string[]) => Promise.resolve(new Map(ids.map((id) => [id, plan(id)])));
    await cache.plans('t1', ['a', 'b'], read);
    await cache.plans('t1', ['a'], read);
    await cache.plans('t1', ['c'], read);
    expect(cache.size).toBe(2);
    expect(cache.counts).toEqual({ hits: 1, misses: 3 });
    await cache.plans('t1', ['a'], read);
    expect(cache.counts.hits).toBe(2);
  });
});
