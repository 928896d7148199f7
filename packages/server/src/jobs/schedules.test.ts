import pino from 'pino';
import { allOf } from '../../../../scripts/testing/all-of.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open-database.ts';
import { scheduleDateSweep } from '../services/om/date-sweep.ts';
import { createTestDatabase, openTestDatabase, testEngines, type TestDatabase } from '../testing/engines.ts';
import { makeTenant } from '../testing/factories.ts';
import { startJobQueue, type JobQueue, type QueueSettings } from './job-queue.ts';
import { CATCH_UP_MS, lastDueTime, runId } from './schedules.ts';
import { waitForState } from '../testing/wait-for-state.ts';

const SETTINGS: QueueSettings = {
  retryLimit: 0,
  retryDelaySeconds: 1,
  retryBackoff: false,
  expireInSeconds: 60,
};
const log = pino({ level: 'silent' });
/** a clock no schedule of these tests is due at: the queues' own looks send nothing */
const QUIET_CLOCK = () => new Date('2000-01-01T00:30:00Z');

describe('due times and run ids', () => {
  it('takes the last due time at or before now, in Vietnam’s time zone', () => {
    const now = new Date('2026-03-01T01:00:00Z'); // 08:00 in Vietnam
    expect(lastDueTime('0 * * * *', 'Asia/Ho_Chi_Minh', now).toISOString()).toBe('2026-03-01T01:00:00.000Z');
    expect(lastDueTime('0 0 * * *', 'Asia/Ho_Chi_Minh', now).toISOString()).toBe('2026-02-28T17:00:00.000Z');
    expect(lastDueTime('*/15 * * * *', 'UTC', new Date('2026-03-01T01:14:59Z')).toISOString()).toBe(
      '2026-03-01T01:00:00.000Z',
    );
  });

  it('gives a run the same UUID in every process, and another to another time or schedule', () => {
    const due = new Date('2026-03-01T01:00:00Z');
    expect(runId('a', due)).toBe(runId('a', new Date(due.getTime())));
    expect(runId('a', due)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(runId('a', due)).not.toBe(runId('b', due));
    expect(runId('a', due)).not.toBe(runId('a', new Date(due.getTime() + 3_600_000)));
  });
});

/**
 * Schedules in the job queue: two queue instances on one database (two processes: two pools
 * on PostgreSQL) find the same run due, and it runs once. Time comes from the test, never the wall.
 */
describe.each(await testEngines('both'))('schedules on $engine', ({ engine }) => {
  let scratch: TestDatabase;
  let db: Database;
  let other: Database;
  const queues: JobQueue[] = [];
  const start = async (on: Database) => {
    const queue = await startJobQueue(on, log, { pollSeconds: 1, clock: QUIET_CLOCK });
    queues.push(queue);
    return queue;
  };
  const jobsOf = async (name: string) =>
    (await db.raw(`select id, state, output from hcm_jobs.job where name = $1 order by created_on`, [name]))
      .rows as {
      id: string;
      state: string;
      output: { progress?: { done: number; total?: number } } | null;
    }[];

  beforeAll(async () => {
    scratch = await createTestDatabase(engine);
    const config = loadConfig(scratch.env);
    db = await openTestDatabase(config.database);
    await db.migrate(config.migrationsDir);
    // a second process's own connections on PostgreSQL; PGlite is one process by nature
    other = engine === 'postgresql' ? await openDatabase(config.database) : db;
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    if (other !== db) await other?.close();
    await db?.close();
    await scratch?.dispose();
  });

  it('runs a due schedule once, however many processes find it due and however late', async () => {
    const ran: { who: string; dueAt: string }[] = [];
    const a = await start(db);
    const b = await start(other);
    for (const [who, queue] of [
      ['a', a],
      ['b', b],
    ] as const)
      await queue.schedule(
        'test-hourly',
        SETTINGS,
        { cron: '0 * * * *', data: { what: 'tick' } },
        async (job) => {
          ran.push({ who, dueAt: job.data.dueAt });
        },
      );

    const due = new Date('2026-03-01T01:00:00Z'); // 08:00 in Vietnam
    const sentByA = await a.sendDueRuns(new Date(due.getTime() + 20_000));
    const sentByB = await b.sendDueRuns(new Date(due.getTime() + 5 * 60_000));
    expect(sentByA).toEqual([runId('test-hourly', due)]);
    expect(sentByB).toEqual(sentByA);
    // past the catch-up window the run is no longer sent (it would be the same id all the same)
    expect(await a.sendDueRuns(new Date(due.getTime() + CATCH_UP_MS))).toEqual([]);

    const jobs = await waitForState(
      () => jobsOf('test-hourly'),
      (rows) => allOf(rows, (row) => row.state === 'completed'),
    );
    expect(jobs.map((job) => job.id)).toEqual(sentByA);
    expect(ran).toHaveLength(1);
    expect(ran[0]?.dueAt).toBe(due.toISOString());

    // the next hour is another run
    const next = await b.sendDueRuns(new Date(due.getTime() + 3_600_000));
    await waitForState(
      () => jobsOf('test-hourly'),
      (rows) => rows.length === 2 && allOf(rows, (row) => row.state === 'completed'),
    );
    expect(next).toEqual([runId('test-hourly', new Date(due.getTime() + 3_600_000))]);
    expect(ran.map((run) => run.dueAt)).toEqual([
      due.toISOString(),
      new Date(due.getTime() + 3_600_000).toISOString(),
    ]);
  });

  it('runs the date sweep from its schedule, over every tenant, with its progress kept', async () => {
    await makeTenant(db.orm);
    const tenants = Number((await db.raw('select count(*)::int as n from tenants')).rows[0]?.n);
    const queue = await start(db);
    await scheduleDateSweep(queue, db.orm, log, 60);
    const due = new Date('2026-03-01T17:00:00Z'); // midnight in Vietnam
    const sent = await queue.sendDueRuns(new Date(due.getTime() + 30_000));
    const id = runId('om-date-sweep', due);
    expect(sent).toContain(id);
    const [job] = await waitForState(
      () => jobsOf('om-date-sweep'),
      (rows) => rows.some((row) => row.state === 'completed' || row.state === 'failed'),
    );
    expect(job?.id).toBe(id);
    expect(job?.state).toBe('completed');
    expect(job?.output?.progress).toMatchObject({ done: tenants, total: tenants });
    // 0 minutes takes the schedule away: nothing is due any more
    await scheduleDateSweep(queue, db.orm, log, 0);
    expect(await queue.sendDueRuns(new Date('2026-03-01T18:00:30Z'))).not.toContain(
      runId('om-date-sweep', new Date('2026-03-01T18:00:00Z')),
    );
  });
});
