import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open-database.ts';
import { inScope } from '../db/tenant-scope.ts';
import { createTestDatabase, openTestDatabase, testEngines, type TestDatabase } from '../testing/engines.ts';
import { makeTenant } from '../testing/factories.ts';
import { startJobQueue, type JobQueue, type QueueSettings } from './job-queue.ts';
import { allOf } from '../../../../scripts/testing/all-of.ts';

const SETTINGS: QueueSettings = {
  retryLimit: 2,
  retryDelaySeconds: 1,
  retryBackoff: false,
  expireInSeconds: 60,
};
/** What the queue logs at warn and above, one parsed line each (a failed attempt must be seen). */
const logged: { level: number; msg: string; queue?: string }[] = [];
const log = pino(
  { level: 'warn' },
  { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) },
);
const until = async (done: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
};

/**
 * The job queue (pg-boss on the application's database): jobs written in a transaction exist
 * only if it commits, a job due later survives the process that wrote it, a failing job is
 * tried again, and processes sharing a database take each job once.
 */
describe.each(await testEngines('both'))('the job queue on $engine', ({ engine }) => {
  let scratch: TestDatabase;
  let db: Database;
  let tenantId: string;
  const queues: JobQueue[] = [];
  const start = async (on = db) => {
    const queue = await startJobQueue(on, log, { pollSeconds: 1 });
    queues.push(queue);
    return queue;
  };
  /** jobs added as the application's role, inside a tenant's transaction */
  const enqueue = (queue: JobQueue, name: string, data: object[], startAfter?: Date, rollback = false) =>
    inScope(db.orm, { tenantId, userId: null }, async (tx) => {
      const ids = await queue.enqueue(
        tx,
        name,
        data.map((d) => ({ data: d, ...(startAfter ? { startAfter } : {}) })),
      );
      if (rollback) throw new Error('rolled back on purpose');
      return ids;
    });

  beforeAll(async () => {
    scratch = await createTestDatabase(engine);
    const config = loadConfig(scratch.env);
    db = await openTestDatabase(config.database);
    await db.migrate(config.migrationsDir);
    tenantId = (await makeTenant(db.orm)).id;
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await db?.close();
    await scratch?.dispose();
  });

  it('runs the jobs of a committed transaction, none of a rolled-back one, and retries a failure', async () => {
    logged.length = 0; // the other engine's run logged its own
    const queue = await start();
    const seen: string[] = [];
    let failures = 0;
    await queue.work<{ n: string }>('test-commit', SETTINGS, async (job) => {
      if (job.data.n === 'flaky' && failures++ === 0) throw new Error('the first attempt fails');
      seen.push(`${job.data.n}#${job.retryCount}`);
    });
    await expect(enqueue(queue, 'test-commit', [{ n: 'lost' }], undefined, true)).rejects.toThrow(
      'on purpose',
    );
    await enqueue(queue, 'test-commit', [{ n: 'one' }, { n: 'flaky' }]);
    await until(() => seen.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(seen.sort()).toEqual(['flaky#1', 'one#0']);
    // the failed attempt is a warning an operator sees, with its queue; a retry is still to come
    expect(logged.filter((line) => line.queue === 'test-commit')).toEqual([
      expect.objectContaining({ level: 40, msg: 'job failed, it will be retried' }),
    ]);
  });

  it('keeps a job due later when its process stops, for the next process to run', async () => {
    const first = await start();
    await first.work('test-later', SETTINGS, async () => {
      throw new Error('the first process must not run it');
    });
    await enqueue(first, 'test-later', [{ n: 1 }], new Date(Date.now() + 2500));
    await first.stop();
    const ran: number[] = [];
    const second = await start();
    await second.work<{ n: number }>('test-later', SETTINGS, async (job) => {
      ran.push(job.data.n);
    });
    await until(() => ran.length > 0);
    expect(ran).toEqual([1]);
  });

  it.runIf(engine === 'postgresql')(
    'gives each job to one of two processes on the same database',
    async () => {
      const config = loadConfig(scratch.env);
      const other = await openDatabase(config.database);
      try {
        const handled: string[] = [];
        const taken = new Map<string, number>();
        const a = await start();
        const b = await start(other);
        const handler = (who: string) => async (job: { id: string }) => {
          taken.set(job.id, (taken.get(job.id) ?? 0) + 1);
          handled.push(who);
          await new Promise((resolve) => setTimeout(resolve, 20));
        };
        await a.work('test-shared', { ...SETTINGS, batchSize: 10 }, handler('a'));
        await b.work('test-shared', { ...SETTINGS, batchSize: 10 }, handler('b'));
        const ids = await enqueue(
          a,
          'test-shared',
          Array.from({ length: 40 }, (_, n) => ({ n })),
        );
        await until(() => taken.size >= 40);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect(taken.size).toBe(40);
        expect([...taken.keys()].sort()).toEqual([...ids].sort());
        expect(allOf([...taken.values()], (count) => count === 1)).toBe(true);
        await b.stop();
      } finally {
        await other.close();
      }
    },
  );

  it('lets the application role add jobs but not read the queue of another schema it was not granted', async () => {
    // the grants of startJobQueue: the app role inserts and reads jobs, and nothing of the owner's tables
    const refused = await inScope(db.orm, { tenantId, userId: null }, (tx) =>
      tx.execute(sql`select count(*) from hcm_jobs.version`).then(
        () => 'allowed',
        () => 'refused',
      ),
    ).catch(() => 'refused');
    expect(refused).toBe('refused');
  });
});
