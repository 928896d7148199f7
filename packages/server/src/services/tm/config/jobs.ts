import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.ts';
import type { JobQueue, QueueSettings } from '../../../jobs/job-queue.ts';
import {
  CONFIG_RECOMPUTE_QUEUE,
  recomputeConfigMonths,
  type ConfigRecomputeJob,
} from './recompute-months.ts';

const SETTINGS: QueueSettings = {
  // asking twice is harmless: keys still waiting are not added again
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
};

/** The job a changed version starts: its months' days asked of the engine, a month a transaction. */
export async function registerTimekeepingConfigJobs(
  queue: JobQueue,
  db: Db,
  log: FastifyBaseLogger,
): Promise<void> {
  await queue.work<ConfigRecomputeJob>(CONFIG_RECOMPUTE_QUEUE, SETTINGS, async (job, control) => {
    const asked = await recomputeConfigMonths(db, queue, job.data, () => control.running());
    log.info(
      { tenantId: job.data.tenantId, from: job.data.from, asked },
      'timesheet settings changed: days asked for again',
    );
  });
}
