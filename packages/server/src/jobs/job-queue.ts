import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, Tx } from '../db/database.ts';
import { APP_ROLE } from '../db/tenant-scope.ts';

/** pg-boss keeps its tables in a schema of their own, beside the application's. */
export const JOBS_SCHEMA = 'hcm_jobs';

export interface QueueSettings {
  /** attempts after the first, each after retryDelaySeconds (doubling with backoff) */
  readonly retryLimit: number;
  readonly retryDelaySeconds: number;
  readonly retryBackoff: boolean;
  /** a job running longer than this is taken as lost (its process died) and run again */
  readonly expireInSeconds: number;
  /**
   * jobs a worker takes per look and runs at once (default 1): pg-boss waits its polling
   * interval after each look, so this is also how many it can get through per interval
   */
  readonly batchSize?: number;
}

export interface QueuedJob<T> {
  readonly id: string;
  readonly data: T;
  /** 0 on the first attempt */
  readonly retryCount: number;
  readonly retryLimit: number;
}

export interface JobQueue {
  /**
   * Creates the queue when missing and runs `handler` for each of its jobs, in this process, as
   * they come due. A handler that throws has its job tried again per the queue's settings.
   */
  work<T extends object>(
    name: string,
    settings: QueueSettings,
    handler: (job: QueuedJob<T>) => Promise<void>,
  ): Promise<void>;
  /**
   * Adds jobs inside the caller's transaction: they exist once it commits and never if it rolls
   * back, so a record and the work it promises are written together or not at all.
   */
  enqueue<T extends object>(
    tx: Tx,
    name: string,
    jobs: readonly { data: T; startAfter?: Date }[],
  ): Promise<string[]>;
  /** Withdraws waiting jobs (a job already running finishes; its handler re-checks its record). */
  cancel(tx: Tx, name: string, ids: readonly string[]): Promise<void>;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  /** how often each queue's worker looks for due jobs */
  readonly pollSeconds: number;
}

/** The raw client of a drizzle transaction: node-postgres's PoolClient or PGlite's transaction. */
function clientOf(tx: Tx): PgBoss.Db {
  const client = (
    tx as unknown as {
      session: { client: { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } };
    }
  ).session.client;
  return {
    executeSql: async (text, values) => {
      const result = await client.query(text, values);
      return { rows: result.rows as object[] };
    },
  };
}

/**
 * The background job queue: pg-boss on the application's database (design.md "background jobs
 * in a PostgreSQL-backed queue"), the same on PGlite and on a PostgreSQL server. Jobs survive a
 * restart, and with several API processes on one database each job is taken by one of them
 * (SELECT … FOR UPDATE SKIP LOCKED). The application's role may add and cancel jobs inside its
 * own transactions; pg-boss's own work runs as the owner.
 */
export async function startJobQueue(
  db: Database,
  log: FastifyBaseLogger,
  options: JobQueueOptions,
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => db.raw(text, values) },
    schema: JOBS_SCHEMA,
    // no cron schedules: the clock-driven sweeps keep their own timers
    schedule: false,
    supervise: true,
    migrate: true,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  await db.raw(
    `GRANT USAGE ON SCHEMA ${JOBS_SCHEMA} TO ${APP_ROLE};
     GRANT SELECT ON ${JOBS_SCHEMA}.queue TO ${APP_ROLE};
     GRANT SELECT, INSERT, UPDATE ON ${JOBS_SCHEMA}.job TO ${APP_ROLE};`,
  );
  let stopped = false;
  return {
    async work<T extends object>(
      name: string,
      settings: QueueSettings,
      handler: (job: QueuedJob<T>) => Promise<void>,
    ) {
      const queue = {
        name,
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: settings.retryBackoff,
        expireInSeconds: settings.expireInSeconds,
      };
      if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
      else await boss.createQueue(name, queue);
      const batchSize = settings.batchSize ?? 1;
      let workerId = '';
      workerId = await boss.work<T>(
        name,
        { pollingIntervalSeconds: options.pollSeconds, batchSize, includeMetadata: true },
        async (jobs) => {
          // each job fails on its own (to be retried); pg-boss then completes the ones still active
          await Promise.all(
            jobs.map(async (job) => {
              try {
                await handler({
                  id: job.id,
                  data: job.data,
                  retryCount: job.retryCount,
                  retryLimit: job.retryLimit,
                });
              } catch (error) {
                const message = error instanceof Error ? error.message : String(error);
                await boss.fail(name, job.id, { message });
              }
            }),
          );
          // a full batch: more are likely waiting, so the next look comes at once, not after the interval
          if (jobs.length === batchSize && workerId) boss.notifyWorker(workerId);
        },
      );
    },
    async enqueue(tx, name, jobs) {
      const ids: string[] = [];
      const db = clientOf(tx);
      for (let start = 0; start < jobs.length; start += 500) {
        const chunk = jobs.slice(start, start + 500).map((job) => {
          const id = crypto.randomUUID();
          ids.push(id);
          return { id, name, data: job.data, ...(job.startAfter ? { startAfter: job.startAfter } : {}) };
        });
        await boss.insert(chunk, { db });
      }
      return ids;
    },
    async cancel(tx, name, ids) {
      if (ids.length > 0) await boss.cancel(name, [...ids], { db: clientOf(tx) });
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
  };
}
