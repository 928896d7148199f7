import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import type { Database } from '../../../db/database.ts';
import { startJobQueue, type JobQueue } from '../../../jobs/job-queue.ts';
import { runId } from '../../../jobs/schedules.ts';
import {
  createTestDatabase,
  openTestDatabase,
  testEngines,
  type TestDatabase,
} from '../../../testing/engines.ts';
import { makeTenant } from '../../../testing/factories.ts';
import { ACTION_LOG_RETENTION_QUEUE, scheduleActionLogRetention } from './schedule-retention.ts';
import { waitForState } from '../../../testing/wait-for-state.ts';

const log = pino({ level: 'silent' });
/** a clock no schedule is due at: the queue's own looks send nothing, the test sends the run */
const QUIET_CLOCK = () => new Date('2000-01-01T00:30:00Z');

describe.each(await testEngines())('the action log’s nightly purge on $engine', ({ engine }) => {
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

  it('runs at 02:30 in Vietnam and deletes what is past the tenant’s retention, with the run’s time as now', async () => {
    const { id: tenantId } = await makeTenant(db.orm);
    for (const [record, at] of [
      ['old', '2024-01-10T03:00:00Z'],
      ['recent', '2026-11-10T03:00:00Z'],
    ])
      await db.orm.execute(sql`insert into action_logs (tenant_id, resource, record_id, action, created_at)
        values (${tenantId}, 'job_title', ${record}, 'UPDATE', ${at}::timestamptz)`);
    await scheduleActionLogRetention(queue, db.orm, log);

    // 02:30 in Vietnam is 19:30 UTC the day before; nothing is due at 02:00
    const due = new Date('2026-12-14T19:30:00Z');
    expect(await queue.sendDueRuns(new Date('2026-12-14T19:00:10Z'))).not.toContain(
      runId(ACTION_LOG_RETENTION_QUEUE, new Date('2026-12-14T19:00:00Z')),
    );
    expect(await queue.sendDueRuns(new Date(due.getTime() + 10_000))).toContain(
      runId(ACTION_LOG_RETENTION_QUEUE, due),
    );
    const states = async () =>
      (await db.raw(`select state from hcm_jobs.job where name = $1`, [ACTION_LOG_RETENTION_QUEUE])).rows as {
        state: string;
      }[];
    const [run] = await waitForState(states, (rows) =>
      rows.some((row) => row.state !== 'created' && row.state !== 'active'),
    );
    expect(run?.state).toBe('completed');
    const left = (
      await db.raw(`select record_id from action_logs where tenant_id = $1 order by record_id`, [tenantId])
    ).rows as { record_id: string }[];
    // the default retention is 24 months: January 2024 is past it on 15 December 2026
    expect(left.map((row) => row.record_id)).toEqual(['recent']);
  });
});
