import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBatch } from '../../../bulk/index.ts';
import type { Database, Tx } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { startJobQueue, type JobQueue } from '../../../jobs/job-queue.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeTenant } from '../../../testing/factories.ts';
import { migratedDatabaseDuringSuite, rows } from '../../../testing/migrated-database.ts';
import { statementsDuring } from '../../../testing/statements-during.ts';
import { waitForState } from '../../../testing/wait-for-state.ts';
import { punchStore } from '../tables/punches.ts';
import { markAbsences } from './absence-marking.ts';
import { eachDay } from './dates.ts';
import { DECREE_145_RULES, nightShift, officeShift, punchAt } from './factories.ts';
import {
  noDocuments,
  seededSettings,
  type AppliedShift,
  type CalendarDayOf,
  type MonthLockSource,
  type TimesheetInputs,
} from './inputs.ts';
import { registerTimesheetJobs } from './jobs.ts';
import {
  DAY_RECOMPUTE_QUEUE,
  requestDayRecomputation,
  requestRecomputationForPunches,
} from './recompute-keys.ts';
import { drainDayRecomputation } from './recompute-job.ts';
import type { ShiftPlan } from './types.ts';

const log = pino({ level: 'silent' });
const NOW = new Date('2026-02-10T03:00:00Z');

/**
 * The calendars as the work-calendar and labour-calendar parts answer them, for these tests:
 * each worker's shift per day, and Saturdays and Sundays as weekly rest days.
 */
class TestCalendars {
  readonly plans = new Map<string, Map<string, AppliedShift>>();
  readonly locked = new Map<string, Set<string>>();

  assign(workerId: string, days: string[], plan: ShiftPlan, assignmentId: string) {
    const ofWorker = this.plans.get(workerId) ?? new Map<string, AppliedShift>();
    for (const day of days) ofWorker.set(day, { plan, assignmentId });
    this.plans.set(workerId, ofWorker);
  }

  inputs(): TimesheetInputs {
    const locks: MonthLockSource = {
      lockedMonths: async (_tx, workerIds) =>
        new Map(
          workerIds.flatMap((id) => (this.locked.has(id) ? [[id, this.locked.get(id) as Set<string>]] : [])),
        ),
    };
    return {
      shifts: {
        shifts: async (_tx, workerIds, from, to) =>
          new Map(
            workerIds.map((id) => [
              id,
              new Map(
                [...(this.plans.get(id) ?? new Map<string, AppliedShift>())].filter(
                  ([day]) => day >= from && day <= to,
                ),
              ),
            ]),
          ),
      },
      dayTypes: {
        days: async (_tx, workerIds, from, to) => {
          const days = new Map<string, CalendarDayOf>(
            eachDay(from, to).map((day) => {
              const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
              const rest = weekday === 0 || weekday === 6;
              return [
                day,
                { dayType: rest ? 'REST_DAY' : 'WEEKDAY', paidOff: false, rules: DECREE_145_RULES },
              ];
            }),
          );
          return new Map(workerIds.map((id) => [id, days]));
        },
      },
      documents: noDocuments,
      locks,
      settings: seededSettings,
    };
  }
}

describe.each(await testEngines())('the incremental timesheet path on $engine', ({ engine }) => {
  const database = migratedDatabaseDuringSuite(engine);
  let db: Database;
  let tenantId: string;
  let queue: JobQueue;
  const workers: string[] = [];
  const calendars = new TestCalendars();
  const scope = () => ({ tenantId, userId: null });
  const inTenant = <T>(work: (tx: Tx) => Promise<T>) => inScope(db.orm, scope(), work);
  const actor = () => ({ scope: scope(), ip: null, userAgent: 'timesheet-test' });

  /** Punches stored as a device's batch would be, and their days asked for in the same transaction. */
  const punch = (workerId: string, locals: string[]) =>
    inTenant(async (tx) => {
      const batch = locals.map((local) => ({
        punchedAt: new Date(punchAt(local).at),
        deviceCode: 'MCC-01',
        attendanceCode: workerId.slice(0, 8),
        workerId,
        source: 'DEVICE' as const,
      }));
      await writeBatch(tx, punchStore, batch, { actor: actor() });
      return requestRecomputationForPunches(tx, queue, tenantId, batch);
    });
  const dayOf = async (workerId: string, day: string) =>
    (
      await rows<{
        outcome: string | null;
        day_symbol: string | null;
        worked_minutes: number;
        late_minutes: number;
        punch_count: number;
        punch_pairs: string | null;
        held_at: Date | null;
        shift_code: string | null;
        assignment_id: string | null;
        corrected_symbol: string | null;
        paid_units: number;
        engine_version: number;
      }>(
        db.orm,
        sql`select outcome, day_symbol, worked_minutes, late_minutes, punch_count, punch_pairs, held_at, shift_code,
                   assignment_id, corrected_symbol, paid_units, engine_version
              from tm_day_records where tenant_id = ${tenantId} and worker_id = ${workerId} and work_date = ${day}`,
      )
    )[0];
  const waitingKeys = async () =>
    (
      await rows<{ n: number }>(
        db.orm,
        sql`select count(*)::int as n from tm_day_recompute_keys where tenant_id = ${tenantId}`,
      )
    )[0]?.n;
  const drain = () => drainDayRecomputation(db.orm, tenantId, calendars.inputs(), { now: () => NOW });

  beforeAll(async () => {
    db = database();
    tenantId = (await makeTenant(db.orm)).id;
    const [unit] = await rows<{ id: string }>(
      db.orm,
      sql`insert into organization_units (tenant_id, code, name) values (${tenantId}, 'XUONG', 'Xưởng') returning id`,
    );
    for (let i = 0; i < 3; i++) {
      const [worker] = await rows<{ id: string }>(
        db.orm,
        sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
            values (${tenantId}, ${`CN${i}`}, ${`Trần Thị ${i}`}, 'FEMALE', ${unit?.id}) returning id`,
      );
      workers.push(worker?.id ?? '');
    }
    const [a, b, c] = workers as [string, string, string];
    calendars.assign(
      a,
      eachDay('2026-01-05', '2026-01-09'),
      officeShift(),
      '11111111-1111-4111-8111-111111111111',
    );
    calendars.assign(b, ['2026-01-30', '2026-01-31'], nightShift(), '22222222-2222-4222-8222-222222222222');
    calendars.assign(
      c,
      eachDay('2026-01-05', '2026-01-09'),
      officeShift(),
      '11111111-1111-4111-8111-111111111111',
    );
    // an API-only queue: jobs are added (registering makes the queues), and these tests run the job's work themselves
    queue = await startJobQueue(db, log, { pollSeconds: 1, runJobs: false });
    await registerTimesheetJobs(queue, db.orm, log, calendars.inputs());
  });
  afterAll(async () => {
    await queue.stop();
  });

  it('asks for the days a punch touches once, however often, and adds a job only for new keys', async () => {
    const [a] = workers as [string];
    const jobs = async () =>
      (
        await rows<{ n: number }>(
          db.orm,
          sql`select count(*)::int as n from hcm_jobs.job where name = ${DAY_RECOMPUTE_QUEUE}`,
        )
      )[0]?.n ?? 0;
    const before = await jobs();
    expect(await punch(a, ['2026-01-05 07:56', '2026-01-05 17:04'])).toBe(3); // 4, 5 and 6 January
    expect(
      await inTenant((tx) =>
        requestDayRecomputation(tx, queue, tenantId, [{ workerId: a, workDate: '2026-01-05' }]),
      ),
    ).toBe(0);
    expect(await waitingKeys()).toBe(3);
    expect(await jobs()).toBe(before + 1);
  });

  it('computes only the waiting days, through the bulk path, and forgets their keys', async () => {
    const [a] = workers as [string];
    const result = await drain();
    expect(result).toMatchObject({ computed: 3, held: 0, stopped: false });
    expect(await waitingKeys()).toBe(0);
    expect(await dayOf(a, '2026-01-05')).toMatchObject({
      outcome: 'WORKED',
      day_symbol: '+',
      worked_minutes: 480,
      punch_count: 2,
      punch_pairs: '476~1024',
      shift_code: 'HC',
      assignment_id: '11111111-1111-4111-8111-111111111111',
      paid_units: 1000,
      engine_version: 1,
    });
    // the day before and after: a rest day (no shift) and a day whose shift had no punch
    expect(await dayOf(a, '2026-01-04')).toMatchObject({ outcome: 'REST', punch_count: 0 });
    expect(await dayOf(a, '2026-01-06')).toMatchObject({ outcome: 'ABSENT', day_symbol: null });
    expect(await dayOf(a, '2026-01-07')).toBeUndefined();
  });

  it('a late punch recomputes its day again, and keeps HR’s correction', async () => {
    const [a] = workers as [string];
    await db.orm.execute(sql`
      update tm_day_records set corrected_symbol = 'X', correction_reason = 'Quên chấm công', corrected_at = now()
       where tenant_id = ${tenantId} and worker_id = ${a} and work_date = '2026-01-06'`);
    await punch(a, ['2026-01-06 08:20', '2026-01-06 17:00']);
    await drain();
    expect(await dayOf(a, '2026-01-06')).toMatchObject({
      outcome: 'WORKED',
      late_minutes: 20,
      corrected_symbol: 'X',
    });
  });

  it('an overnight shift across the month end belongs to 31 January; 1 February does not count it', async () => {
    const [, b] = workers as [string, string];
    await punch(b, ['2026-01-31 21:55', '2026-02-01 06:03']);
    await drain();
    expect(await dayOf(b, '2026-01-31')).toMatchObject({
      outcome: 'WORKED',
      worked_minutes: 480,
      shift_code: 'CD',
      punch_pairs: '1315~1803',
    });
    expect(await dayOf(b, '2026-02-01')).toMatchObject({
      outcome: 'REST',
      punch_count: 0,
      worked_minutes: 0,
    });
    const [january] = await rows<{ n: number }>(
      db.orm,
      sql`select count(*)::int as n from tm_day_records_2026_01 where tenant_id = ${tenantId} and worker_id = ${b} and work_date = '2026-01-31'`,
    );
    expect(january?.n).toBe(1);
  });

  it('two devices reporting the same punch: one day, counted once', async () => {
    const [, , c] = workers as [string, string, string];
    await inTenant(async (tx) => {
      const batch = ['GATE-1', 'GATE-2'].flatMap((deviceCode) =>
        ['2026-01-07 07:59', '2026-01-07 17:01'].map((local) => ({
          punchedAt: new Date(punchAt(local).at),
          deviceCode,
          attendanceCode: '0042',
          workerId: c,
          source: 'DEVICE' as const,
        })),
      );
      await writeBatch(tx, punchStore, batch, { actor: actor() });
      await requestRecomputationForPunches(tx, queue, tenantId, batch);
    });
    await drain();
    expect(await dayOf(c, '2026-01-07')).toMatchObject({
      outcome: 'WORKED',
      worked_minutes: 480,
      punch_count: 2,
    });
  });

  it('a punch in a locked month is held for review, not applied; applied once the month opens', async () => {
    const [, , c] = workers as [string, string, string];
    calendars.locked.set(c, new Set(['2026-01']));
    await punch(c, ['2026-01-08 08:00', '2026-01-08 17:00']);
    // the 8th and its neighbours are asked for; only the 8th would change
    expect(await drain()).toMatchObject({ computed: 0, held: 1 });
    const held = await dayOf(c, '2026-01-08');
    // the day keeps what it was (no punch of the 8th applied), marked held
    expect(held).toMatchObject({ outcome: 'ABSENT', worked_minutes: 0 });
    expect(held?.held_at).not.toBeNull();
    expect((await dayOf(c, '2026-01-07'))?.held_at ?? null).toBeNull();
    expect((await dayOf(c, '2026-01-09'))?.held_at ?? null).toBeNull();
    calendars.locked.delete(c);
    const days = ['2026-01-07', '2026-01-08', '2026-01-09'];
    await inTenant((tx) =>
      requestDayRecomputation(
        tx,
        queue,
        tenantId,
        days.map((workDate) => ({ workerId: c, workDate })),
      ),
    );
    await drain();
    expect(await dayOf(c, '2026-01-08')).toMatchObject({ outcome: 'WORKED', held_at: null });
    expect(await dayOf(c, '2026-01-09')).toMatchObject({ outcome: 'ABSENT', held_at: null });
  });

  it('the daily absence marking asks for scheduled workers with no day, and they come out absent', async () => {
    const [a] = workers as [string];
    expect(await dayOf(a, '2026-01-09')).toBeUndefined();
    // a has a shift and no day; b has no shift; c has a day already
    const requested = await markAbsences(db.orm, queue, calendars.inputs(), '2026-01-09');
    expect(requested).toEqual({ requested: 1, stopped: false });
    await drain();
    expect(await dayOf(a, '2026-01-09')).toMatchObject({ outcome: 'ABSENT', punch_count: 0 });
    // run again: every scheduled worker has a day now, nothing is asked
    expect(await markAbsences(db.orm, queue, calendars.inputs(), '2026-01-09')).toEqual({
      requested: 0,
      stopped: false,
    });
  });

  it('reads a batch in the same number of statements for one worker as for three', async () => {
    if (engine !== 'postgresql') return; // statementsDuring sees node-postgres only
    const [a, b, c] = workers as [string, string, string];
    const ask = (ids: string[]) =>
      inTenant((tx) =>
        requestDayRecomputation(
          tx,
          queue,
          tenantId,
          ids.flatMap((workerId) =>
            eachDay('2026-01-05', '2026-01-09').map((workDate) => ({ workerId, workDate })),
          ),
        ),
      );
    await ask([a]);
    const dataStatements = async () =>
      (await statementsDuring(drain)).filter((s) => !s.startsWith('analyze'));
    const one = await dataStatements();
    await ask([a, b, c]);
    const three = await dataStatements();
    expect(three).toEqual(one);
  });

  it('batches smaller than the keys take every key once, continuing where the last ended', async () => {
    const [a, b] = workers as [string, string];
    const keys = [a, b].flatMap((workerId) =>
      eachDay('2026-01-12', '2026-01-14').map((workDate) => ({ workerId, workDate })),
    );
    await inTenant((tx) => requestDayRecomputation(tx, queue, tenantId, keys));
    const result = await drainDayRecomputation(db.orm, tenantId, calendars.inputs(), {
      now: () => NOW,
      batch: 4,
    });
    expect(result).toMatchObject({ computed: 6, held: 0, stopped: false });
    expect(await waitingKeys()).toBe(0);
  });

  it('two lanes at once take every key once between them', async () => {
    const keys = workers.flatMap((workerId) =>
      eachDay('2026-01-19', '2026-01-21').map((workDate) => ({ workerId, workDate })),
    );
    await inTenant((tx) => requestDayRecomputation(tx, queue, tenantId, keys));
    const result = await drainDayRecomputation(db.orm, tenantId, calendars.inputs(), {
      now: () => NOW,
      batch: 2,
      lanes: 2,
    });
    expect(result).toMatchObject({ computed: 9, held: 0, stopped: false });
    expect(await waitingKeys()).toBe(0);
  });

  it('a day asked for again with the same inputs is not rewritten; the day a new punch changes is', async () => {
    const [a] = workers as [string];
    const later = new Date('2026-02-11T03:00:00Z');
    const days = ['2026-01-04', '2026-01-05', '2026-01-06'];
    const computedAt = async () =>
      (
        await rows<{ work_date: string; computed_at: Date | string }>(
          db.orm,
          sql`select work_date::text as work_date, computed_at from tm_day_records
               where tenant_id = ${tenantId} and worker_id = ${a} and work_date in ('2026-01-04', '2026-01-05', '2026-01-06')
               order by work_date`,
        )
      ).map((r) => new Date(r.computed_at).toISOString());
    const before = await computedAt();
    await inTenant((tx) =>
      requestDayRecomputation(
        tx,
        queue,
        tenantId,
        days.map((workDate) => ({ workerId: a, workDate })),
      ),
    );
    const again = await drainDayRecomputation(db.orm, tenantId, calendars.inputs(), { now: () => later });
    expect(again).toMatchObject({ computed: 3, unchanged: 3 });
    expect(await computedAt()).toEqual(before);
    // staying late on the 5th: that day's checkout moves, the days either side stay as they were
    await punch(a, ['2026-01-05 18:30']);
    const punched = await drainDayRecomputation(db.orm, tenantId, calendars.inputs(), { now: () => later });
    expect(punched).toMatchObject({ computed: 3, unchanged: 2 });
    expect(await dayOf(a, '2026-01-05')).toMatchObject({ punch_count: 3, punch_pairs: '476~1110' });
    expect(await computedAt()).toEqual([before[0], later.toISOString(), before[2]]);
  });

  it('the registered job computes what a request asked for', async () => {
    const [a] = workers as [string];
    const running = await startJobQueue(db, log, { pollSeconds: 1 });
    try {
      await registerTimesheetJobs(running, db.orm, log, calendars.inputs());
      await punch(a, ['2026-01-07 08:30', '2026-01-07 17:00']);
      const day = await waitForState(
        () => dayOf(a, '2026-01-07'),
        (found) => found?.outcome === 'WORKED',
      );
      expect(day).toMatchObject({ late_minutes: 30, worked_minutes: 450 });
      // the job's handler has finished (nothing of it still running when the queue stops)
      await waitForState(
        async () =>
          (
            await rows<{ n: number }>(
              db.orm,
              sql`select count(*)::int as n from hcm_jobs.job where name = ${DAY_RECOMPUTE_QUEUE} and state in ('created', 'retry', 'active')`,
            )
          )[0]?.n,
        (n) => n === 0,
      );
    } finally {
      await running.stop();
    }
  });
});
