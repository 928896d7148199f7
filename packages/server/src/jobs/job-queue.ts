import type { JobProgressReport } from '@hcm/contracts';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, Tx } from '../db/database.ts';
import { APP_ROLE } from '../db/tenant-scope.ts';
import { OWNER_KEY, stillRunning, writeProgress, type JobOwner } from './job-status.ts';
import { JOBS_SCHEMA } from './jobs-schema.ts';
import {
  SCHEDULE_TIMEZONE,
  checkCron,
  sendDueRuns,
  startScheduleClock,
  type ScheduledRun,
} from './schedules.ts';

export { JOBS_SCHEMA } from './jobs-schema.ts';

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

/**
 * What a running job may tell the queue, between two chunks of its work (docs/jobs.md). Both
 * answer false once the job was cancelled: the handler then returns without another chunk.
 */
export interface JobControl {
  /** stores the job's progress for `GET /api/system/jobs/{id}` */
  report(progress: JobProgressReport): Promise<boolean>;
  /** whether the job is still wanted (a handler that reports no progress asks this) */
  running(): Promise<boolean>;
}

export type JobHandler<T> = (job: QueuedJob<T>, control: JobControl) => Promise<void>;

/** A cron schedule: the queue gets one job per due time, however many processes run. */
export interface Schedule {
  /** five fields (minute hour day month weekday), read in `timezone` */
  readonly cron: string;
  /** default Asia/Ho_Chi_Minh */
  readonly timezone?: string;
  /** what each run's job carries, besides its due time */
  readonly data?: object;
}

export interface JobQueue {
  /**
   * Creates the queue when missing and, in a process that runs jobs (process-role.ts), runs
   * `handler` for each of its jobs as they come due; an API-only process only adds jobs. A
   * handler that throws has its job tried again per the queue's settings.
   */
  work<T extends object>(name: string, settings: QueueSettings, handler: JobHandler<T>): Promise<void>;
  /**
   * A queue whose jobs a schedule sends: stored in pg-boss's schedule table (its `schedule()`),
   * each due time's run sent once with a job id derived from the time (schedules.ts), and its
   * handler given the due time as its clock. Modules call it at start; the last call wins.
   */
  schedule(
    name: string,
    settings: QueueSettings,
    schedule: Schedule,
    handler: JobHandler<ScheduledRun>,
  ): Promise<void>;
  /** Removes a schedule (its queue and any run already sent stay). */
  unschedule(name: string): Promise<void>;
  /**
   * Sends the runs due at `now` (the schedules' clock calls it every 30 s in a process that
   * runs jobs; tests call it with their own time). Answers the runs' job ids.
   */
  sendDueRuns(now: Date): Promise<string[]>;
  /**
   * Adds jobs inside the caller's transaction: they exist once it commits and never if it rolls
   * back, so a record and the work it promises are written together or not at all.
   */
  enqueue<T extends object>(
    tx: Tx,
    name: string,
    jobs: readonly { data: T; startAfter?: Date; startedBy?: JobOwner }[],
  ): Promise<string[]>;
  /** Withdraws waiting jobs (a job already running finishes; its handler re-checks its record). */
  cancel(tx: Tx, name: string, ids: readonly string[]): Promise<void>;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  /** how often each queue's worker looks for due jobs */
  readonly pollSeconds: number;
  /** false in an API-only process: it adds jobs, and runs neither jobs nor schedules (default true) */
  readonly runJobs?: boolean;
  /** the schedules' clock (tests give their own); default the wall's */
  readonly clock?: () => Date;
  /** how often the schedules' clock looks; default SCHEDULE_CHECK_MS */
  readonly scheduleCheckMs?: number;
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
  const runJobs = options.runJobs ?? true;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => db.raw(text, values) },
    schema: JOBS_SCHEMA,
    // pg-boss's own cron clock reads the wall (Date.now) and keeps a run once by a 60 s slot of
    // the database's clock; ours (schedules.ts) reads an injected clock and keys each run by its
    // due time, on the same schedule table
    schedule: false,
    // maintenance (expiry, archive) where jobs run: pg-boss keeps it to one process at a time
    supervise: runJobs,
    migrate: true,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  await db.raw(
    `GRANT USAGE ON SCHEMA ${JOBS_SCHEMA} TO ${APP_ROLE};
     GRANT SELECT ON ${JOBS_SCHEMA}.queue TO ${APP_ROLE};
     GRANT SELECT, INSERT, UPDATE ON ${JOBS_SCHEMA}.job TO ${APP_ROLE};`,
  );
  const clock = startClockWhenJobsRun(boss, log, runJobs, options);
  // what this process does with jobs, once at start (docs/jobs.md "What runs where")
  if (runJobs) log.info('job queue started: this process runs jobs and the schedules clock');
  else log.info('job queue started: this process only adds jobs (no job worker, no schedules clock)');
  let stopped = false;

  const ensureQueue = async (name: string, settings: QueueSettings, policy?: 'singleton') => {
    const queue = {
      name,
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: settings.retryBackoff,
      expireInSeconds: settings.expireInSeconds,
      ...(policy ? { policy } : {}),
    };
    if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
    else await boss.createQueue(name, queue);
  };

  const work = async <T extends object>(name: string, settings: QueueSettings, handler: JobHandler<T>) => {
    if (!runJobs) return;
    const batchSize = settings.batchSize ?? 1;
    let workerId = '';
    workerId = await boss.work<T & { [OWNER_KEY]?: JobOwner }>(
      name,
      { pollingIntervalSeconds: options.pollSeconds, batchSize, includeMetadata: true },
      async (jobs) => {
        // each job fails on its own (to be retried); pg-boss then completes the ones still active
        await Promise.all(jobs.map((job) => runOne(boss, db, log, name, job, handler)));
        // a full batch: more are likely waiting, so the next look comes at once, not after the interval
        if (jobs.length === batchSize && workerId) boss.notifyWorker(workerId);
      },
    );
    log.debug({ queue: name, batchSize, pollSeconds: options.pollSeconds }, 'job worker started');
  };

  return {
    async work(name, settings, handler) {
      await ensureQueue(name, settings);
      await work(name, settings, handler);
    },
    async schedule(name, settings, schedule, handler) {
      const timezone = schedule.timezone ?? SCHEDULE_TIMEZONE;
      checkCron(schedule.cron, timezone);
      // singleton: a run still going when the next comes due holds the next back
      await ensureQueue(name, settings, 'singleton');
      await boss.schedule(name, schedule.cron, schedule.data ?? {}, { tz: timezone });
      await work(name, settings, handler);
    },
    async unschedule(name) {
      await boss.unschedule(name);
    },
    sendDueRuns: (now) => sendDueRuns(boss, now),
    async enqueue(tx, name, jobs) {
      const ids: string[] = [];
      const db = clientOf(tx);
      for (let start = 0; start < jobs.length; start += 500) {
        const chunk = jobs.slice(start, start + 500).map((job) => {
          const id = crypto.randomUUID();
          ids.push(id);
          const data = job.startedBy ? { ...job.data, [OWNER_KEY]: job.startedBy } : job.data;
          return { id, name, data, ...(job.startAfter ? { startAfter: job.startAfter } : {}) };
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
      await clock?.stop();
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
  };
}

/** The schedules' clock, in a process that runs jobs. */
function startClockWhenJobsRun(
  boss: PgBoss,
  log: FastifyBaseLogger,
  runJobs: boolean,
  options: JobQueueOptions,
) {
  if (!runJobs) return undefined;
  return startScheduleClock(
    boss,
    options.clock ?? (() => new Date()),
    {
      // at every look while a run is due (every 30 s for 15 minutes): debug, not info
      sent: (runIds) => log.debug({ runIds }, 'schedules clock: due runs sent'),
      failed: (error) => log.error({ err: error }, 'the schedules clock failed'),
    },
    options.scheduleCheckMs,
  );
}

/**
 * Runs one job's handler with its control, and ends the job here, with its last progress as
 * its output: pg-boss's own completion of the batch would write the handler's result (none)
 * over it. A job cancelled meanwhile stays cancelled (completion touches active jobs only).
 */
async function runOne<T extends object>(
  boss: PgBoss,
  db: Database,
  log: FastifyBaseLogger,
  name: string,
  job: PgBoss.JobWithMetadata<T & { [OWNER_KEY]?: JobOwner }>,
  handler: JobHandler<T>,
): Promise<void> {
  let progress: JobProgressReport | undefined;
  const control: JobControl = {
    async report(next) {
      progress = next;
      return writeProgress(db, name, job.id, next);
    },
    running: () => stillRunning(db, name, job.id),
  };
  const { [OWNER_KEY]: _owner, ...data } = job.data;
  try {
    await handler(
      { id: job.id, data: data as T, retryCount: job.retryCount, retryLimit: job.retryLimit },
      control,
    );
    if (progress) await boss.complete(name, job.id, { progress });
    log.debug({ queue: name, jobId: job.id }, 'job done');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await boss.fail(name, job.id, progress ? { message, progress } : { message });
    // an operator must see it: a retry to come is a warning, the last attempt an error
    const final = job.retryCount >= job.retryLimit;
    log[final ? 'error' : 'warn'](
      { queue: name, jobId: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit, err: error },
      final ? 'job failed, no retry left' : 'job failed, it will be retried',
    );
  }
}
