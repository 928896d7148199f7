import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../config.ts';
import type { Database } from '../../../../db/database.ts';
import { inScope } from '../../../../db/tenant-scope.ts';
import { startJobQueue, type JobQueue } from '../../../../jobs/job-queue.ts';
import { runId } from '../../../../jobs/schedules.ts';
import {
  createTestDatabase,
  openTestDatabase,
  testEngines,
  type TestDatabase,
} from '../../../../testing/engines.ts';
import { makeTenant } from '../../../../testing/factories.ts';
import { rows } from '../../../../testing/migrated-database.ts';
import { waitForState } from '../../../../testing/wait-for-state.ts';
import { allOf } from '../../../../../../../scripts/testing/all-of.ts';
import { LEAVE_DAILY_QUEUE, registerLeaveJobs } from './jobs.ts';

const log = pino({ level: 'silent' });
/** a clock no schedule is due at: the queue's own looks send nothing, the test sends the run */
const QUIET_CLOCK = () => new Date('2000-01-01T00:10:00Z');

/*
 * The daily leave run through the job queue (docs/leave.md "The leave jobs"): due at 00:30 in
 * Vietnam, it takes its due time's day as today. No rules stored: the statutory ones (monthly on
 * the 1st), so on 1 February a worker hired in 2019 has January's and February's shares.
 */
describe.each(await testEngines())('the daily leave run on $engine', ({ engine }) => {
  let scratch: TestDatabase;
  let db: Database;
  let queue: JobQueue;

  beforeAll(async () => {
    scratch = await createTestDatabase(engine);
    const config = loadConfig(scratch.env);
    db = await openTestDatabase(config.database);
    await db.migrate(config.migrationsDir);
    queue = await startJobQueue(db, log, { pollSeconds: 1, clock: QUIET_CLOCK });
  });
  afterAll(async () => {
    await queue?.stop();
    await db?.close();
    await scratch?.dispose();
  });

  it("runs at 00:30 in Vietnam and writes the day's accruals, once", async () => {
    const { id: tenantId } = await makeTenant(db.orm);
    const workerId = await inScope(db.orm, { tenantId, userId: null }, async (tx) => {
      const [unit] = await rows<{ id: string }>(
        tx,
        sql`insert into organization_units (tenant_id, code, name) values (${tenantId}, 'VP', 'Văn phòng') returning id`,
      );
      const [worker] = await rows<{ id: string }>(
        tx,
        sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id, joined_date)
            values (${tenantId}, 'NV001', 'Nguyễn Văn An', 'MALE', ${unit?.id}, '2019-01-02') returning id`,
      );
      return worker?.id ?? '';
    });
    await registerLeaveJobs(queue, db.orm, log);
    const entries = async () =>
      (
        await rows<{ on_day: string; amount: number }>(
          db.orm,
          sql`select on_day::text as on_day, amount from tm_leave_ledger
               where tenant_id = ${tenantId} and worker_id = ${workerId} order by on_day`,
        )
      ).map((r) => [r.on_day, r.amount]);
    const states = async () =>
      (await db.raw(`select state from hcm_jobs.job where name = $1`, [LEAVE_DAILY_QUEUE])).rows as {
        state: string;
      }[];
    const settled = (rowsNow: { state: string }[], count: number) =>
      rowsNow.length === count && allOf(rowsNow, (row) => row.state !== 'created' && row.state !== 'active');

    // 00:30 on 1 February in Vietnam is 17:30 UTC on 31 January; nothing is due at 00:00
    const due = new Date('2026-01-31T17:30:00Z');
    expect(await queue.sendDueRuns(new Date('2026-01-31T17:00:10Z'))).not.toContain(
      runId(LEAVE_DAILY_QUEUE, new Date('2026-01-31T17:00:00Z')),
    );
    expect(await queue.sendDueRuns(new Date(due.getTime() + 10_000))).toContain(
      runId(LEAVE_DAILY_QUEUE, due),
    );
    const [run] = await waitForState(states, (rowsNow) => settled(rowsNow, 1));
    expect(run?.state).toBe('completed');
    // 13 days a year (five full years on 1 January 2026), half days nearest: 1 and 1
    expect(await entries()).toEqual([
      ['2026-01-01', 1_000],
      ['2026-02-01', 1_000],
    ]);

    // the next night's run writes nothing new
    const next = new Date('2026-02-01T17:30:00Z');
    await queue.sendDueRuns(new Date(next.getTime() + 10_000));
    const done = await waitForState(states, (rowsNow) => settled(rowsNow, 2));
    expect(done.map((row) => row.state)).toEqual(['completed', 'completed']);
    expect(await entries()).toHaveLength(2);
  });
});
