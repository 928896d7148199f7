import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.ts';
import type { JobQueue, QueueSettings } from '../../../jobs/job-queue.ts';
import { purgeActionLogs } from '../../../resources/action-log/retention.ts';

/** The action log's daily purge (docs/lists.md, "The action log's retention"). */
export const ACTION_LOG_RETENTION_QUEUE = 'action-log-retention';

/** 02:30 in Vietnam (the schedules' time zone): the quietest hour of a working day's log. */
const EVERY_NIGHT = '30 2 * * *';

const RETENTION_SETTINGS: QueueSettings = {
  // a failed purge is tried at the next night's run: it deletes only what is past retention
  retryLimit: 0,
  retryDelaySeconds: 60,
  retryBackoff: false,
  expireInSeconds: 3_600,
};

/**
 * Registers the purge with the job queue: once a night however many processes run, each
 * tenant's entries older than its `actionLogRetentionMonths` deleted in short transactions, the
 * coming months' partitions made and the empty old ones dropped, with the run's due time as now.
 */
export async function scheduleActionLogRetention(queue: JobQueue, db: Db, log: FastifyBaseLogger) {
  await queue.schedule(ACTION_LOG_RETENTION_QUEUE, RETENTION_SETTINGS, { cron: EVERY_NIGHT }, async (job) => {
    const purge = await purgeActionLogs(db, new Date(job.data.dueAt));
    const deleted = purge.tenants.reduce((sum, tenant) => sum + tenant.deleted, 0);
    if (deleted > 0 || purge.droppedMonths > 0)
      log.info({ deleted, droppedMonths: purge.droppedMonths }, 'action log purged past retention');
  });
}
