import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, JobPaths, JobStatus } from '@hcm/contracts';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Database } from '../db/database.ts';
import { requireActor } from '../http/caller-scope.ts';
import { envelope, errorResponses } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { JOBS_SCHEMA } from './jobs-schema.ts';
import { readTrackedJob, type TrackedJob } from './job-status.ts';

/**
 * Who else may follow a user's job: whoever may read what everyone of the tenant did (the action
 * log) is its administrator, and may read and cancel its jobs too.
 */
export const JOB_OVERSIGHT_PERMISSION = 'action_log.view';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const tags = ['system/jobs'];
// any signed-in user: what they reach is decided per job below
const config = { auth: 'user', permission: [] } as const;

/** The caller's job, or 404: another tenant's, another user's (unless an administrator), or none. */
async function jobOfCaller(db: Database, request: FastifyRequest, id: string): Promise<TrackedJob> {
  const actor = requireActor(request);
  const job = await readTrackedJob(db, id);
  const mine =
    job !== undefined &&
    actor.tenantId === job.tenantId &&
    (actor.userId === job.startedBy || actor.permissions.has(JOB_OVERSIGHT_PERMISSION));
  if (!mine) throw notFound('No such job');
  return job;
}

const asStatus = ({ tenantId: _tenant, ...status }: TrackedJob): JobStatus => status;

/**
 * `GET /api/system/jobs/{id}`, `POST /api/system/jobs/{id}/cancel`: the status and progress of a
 * job a user started (docs/jobs.md), for that user and their tenant's administrators.
 */
export const jobRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    JobPaths.status,
    {
      config,
      schema: {
        summary: 'A job you started: its status (queued, running, completed, failed, cancelled) and progress',
        tags,
        operationId: 'system.jobs.get',
        params: IdParams,
        response: { 200: DataEnvelope(JobStatus), ...errorResponses },
      },
    },
    async (request) => envelope(asStatus(await jobOfCaller(db, request, request.params.id))),
  );

  app.post(
    JobPaths.cancel,
    {
      config,
      schema: {
        summary: 'Cancels it: a queued job never starts, a running one stops at the end of its chunk',
        tags,
        operationId: 'system.jobs.cancel',
        params: IdParams,
        response: { 200: DataEnvelope(JobStatus), ...errorResponses },
      },
    },
    async (request) => {
      const job = await jobOfCaller(db, request, request.params.id);
      // pg-boss's cancel: every state before completed (queued, retrying, running) becomes cancelled
      await db.raw(
        `update ${JOBS_SCHEMA}.job set state = 'cancelled', completed_on = now()
         where name = $1 and id = $2 and state < 'completed'`,
        [job.queue, job.id],
      );
      return envelope(asStatus((await readTrackedJob(db, job.id)) ?? job));
    },
  );
};
