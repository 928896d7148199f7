import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../../db/database.ts';
import type { JobQueue, QueueSettings } from '../../../../jobs/job-queue.ts';
import { todayInVietnam } from '../../../../resources/search/find-latest-effective.ts';
import { runLeaveDayEverywhere } from './daily.ts';

/** The leave jobs' queue and schedule (docs/leave.md "The leave jobs"). */
export const LEAVE_DAILY_QUEUE = 'tm-leave-daily';

/** 00:30 in Vietnam: the day's accruals, carry-over, expiry and payouts as the day begins. */
export const LEAVE_DAILY_CRON = '30 0 * * *';

const SETTINGS: QueueSettings = {
  // a run that failed part-way wrote what it wrote: the retry writes only the rest
  retryLimit: 3,
  retryDelaySeconds: 300,
  retryBackoff: true,
  expireInSeconds: 60 * 60,
};

/** Registers the daily leave run: its day is the run's due time in Vietnam (the queue's clock). */
export async function registerLeaveJobs(queue: JobQueue, db: Db, log: FastifyBaseLogger): Promise<void> {
  await queue.schedule(LEAVE_DAILY_QUEUE, SETTINGS, { cron: LEAVE_DAILY_CRON }, async (job, control) => {
    const today = todayInVietnam(new Date(job.data.dueAt));
    const run = await runLeaveDayEverywhere(db, today, () => control.running());
    log.info(
      { today, ...run },
      'leave: settlements given back, accruals, carry-over, expiry and payouts written',
    );
  });
}
