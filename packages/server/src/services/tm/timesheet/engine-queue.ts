import type { JobQueue } from '../../../jobs/job-queue.ts';

/*
 * The record engine calls a resource's hooks with its transaction only (an approved work
 * calendar, a PIN given to a worker), yet those hooks must ask the timesheet engine for days
 * again, which takes the job queue. The tm service hands its queue over here when it registers,
 * before the first request; the job then goes in through the hook's own transaction, so it is
 * asked for exactly when that transaction commits. Until then (a part used without the service,
 * as some unit tests do) nothing is asked for.
 */
const held: { queue?: Pick<JobQueue, 'enqueue'> } = {};

/** Called once by the tm service as it registers. */
export function recomputeThrough(queue: Pick<JobQueue, 'enqueue'>): void {
  held.queue = queue;
}

/** The queue handed over, if any. */
export function recomputeQueue(): Pick<JobQueue, 'enqueue'> | undefined {
  return held.queue;
}
