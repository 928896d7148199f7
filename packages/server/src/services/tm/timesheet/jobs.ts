import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.ts';
import type { JobQueue, QueueSettings } from '../../../jobs/job-queue.ts';
import { todayInVietnam } from '../../../resources/search/find-latest-effective.ts';
import { markAbsences } from './absence-marking.ts';
import { addDays } from './dates.ts';
import type { TimesheetInputs } from './inputs.ts';
import { DAY_RECOMPUTE_QUEUE, type DayRecomputeJob } from './recompute-keys.ts';
import { drainDayRecomputation } from './recompute-job.ts';

/** The daily absence marking's queue and schedule. */
export const ABSENCE_MARKING_QUEUE = 'tm-absence-marking';

/**
 * 10:00 in Vietnam, for the day before: late enough that a night shift's checkout window (to
 * 09:00 the next morning, say) has closed, so a night worker is not marked absent first.
 */
export const ABSENCE_MARKING_CRON = '0 10 * * *';

const RECOMPUTE_SETTINGS: QueueSettings = {
  // a batch that failed left its keys: the retry takes them again
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  // jobs of different tenants at once; two of one tenant share its keys (SKIP LOCKED)
  batchSize: 2,
};

const ABSENCE_SETTINGS: QueueSettings = {
  retryLimit: 2,
  retryDelaySeconds: 300,
  retryBackoff: false,
  expireInSeconds: 60 * 60,
};

/**
 * Registers the timesheet engine's jobs (docs/timesheet-engine.md): the recomputation of the
 * (worker, day) keys asked for (requestDayRecomputation), and the daily absence marking.
 */
export async function registerTimesheetJobs(
  queue: JobQueue,
  db: Db,
  log: FastifyBaseLogger,
  inputs: TimesheetInputs,
): Promise<void> {
  await queue.work<DayRecomputeJob>(DAY_RECOMPUTE_QUEUE, RECOMPUTE_SETTINGS, async (job, control) => {
    const result = await drainDayRecomputation(db, job.data.tenantId, inputs, {
      between: (done) =>
        control.report({
          done: done.computed + done.held,
          message: `${done.computed} days computed, ${done.held} held`,
        }),
    });
    if (result.skipped > 0)
      log.warn(
        { tenantId: job.data.tenantId, skipped: result.skipped },
        'timesheet days skipped (no worker or no labour rules)',
      );
  });
  await queue.schedule(
    ABSENCE_MARKING_QUEUE,
    ABSENCE_SETTINGS,
    { cron: ABSENCE_MARKING_CRON },
    async (job, control) => {
      const day = addDays(todayInVietnam(new Date(job.data.dueAt)), -1);
      const result = await markAbsences(db, queue, inputs, day, { between: () => control.running() });
      log.info({ day, requested: result.requested }, 'absence marking asked for days');
    },
  );
}
