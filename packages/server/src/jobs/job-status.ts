import type { JobProgressReport, JobStatus, JobStatusName } from '@hcm/contracts';
import type { Database } from '../db/database.ts';
import { JOBS_SCHEMA } from './jobs-schema.ts';

/** Who started a tracked job: only they and their tenant's administrators may read or cancel it. */
export interface JobOwner {
  readonly tenantId: string;
  readonly userId: string;
}

/** The key of a tracked job's data that names its owner (taken out before its handler sees it). */
export const OWNER_KEY = 'startedBy';

/** What a tracked job keeps in pg-boss's `output` column while it runs and after. */
export interface JobOutput {
  progress?: JobProgressReport;
  message?: string;
}

/** pg-boss's states as the API names them. */
const STATUS_OF_STATE: Record<string, JobStatusName> = {
  created: 'queued',
  retry: 'queued',
  active: 'running',
  completed: 'completed',
  cancelled: 'cancelled',
  failed: 'failed',
};

/** A tracked job as stored, with its owner. */
export interface TrackedJob extends JobStatus {
  readonly tenantId: string;
}

interface JobRow extends Record<string, unknown> {
  id: string;
  name: string;
  state: string;
  owner: { tenantId?: unknown; userId?: unknown } | null;
  output: JobOutput | null;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/**
 * The tracked job `id`, from the queue's live table or its archive (pg-boss moves finished jobs
 * there after 12 hours and deletes them after 7 days); undefined when there is none, or it was
 * not started by a user (a schedule's run, a notification's email). Read as the owner: jobs of
 * every tenant share the table, so the caller checks the tenant (job-routes.ts).
 */
export async function readTrackedJob(db: Database, id: string): Promise<TrackedJob | undefined> {
  const columns = `id, name, state, data->'${OWNER_KEY}' as owner, output, created_on, started_on, completed_on`;
  const { rows } = await db.raw(
    `select ${columns} from ${JOBS_SCHEMA}.job where id = $1
     union all select ${columns} from ${JOBS_SCHEMA}.archive where id = $1
     limit 1`,
    [id],
  );
  const row = rows[0] as JobRow | undefined;
  const tenantId = row?.owner?.tenantId;
  const userId = row?.owner?.userId;
  if (!row || typeof tenantId !== 'string' || typeof userId !== 'string') return undefined;
  const status = STATUS_OF_STATE[row.state] ?? 'queued';
  return {
    id: row.id,
    queue: row.name,
    status,
    progress: row.output?.progress ?? null,
    error: status === 'failed' ? (row.output?.message ?? 'failed') : null,
    startedBy: userId,
    tenantId,
    createdAt: iso(row.created_on) ?? new Date(0).toISOString(),
    startedAt: iso(row.started_on),
    endedAt:
      status === 'completed' || status === 'failed' || status === 'cancelled' ? iso(row.completed_on) : null,
  };
}

/**
 * Writes a running job's progress; false when the job is no longer running (cancelled, or
 * taken as lost): its handler then stops at once, cooperatively, at the end of its chunk.
 */
export async function writeProgress(
  db: Database,
  name: string,
  id: string,
  progress: JobProgressReport,
): Promise<boolean> {
  const { rows } = await db.raw(
    `update ${JOBS_SCHEMA}.job set output = jsonb_build_object('progress', $3::jsonb)
     where name = $1 and id = $2 and state = 'active' returning id`,
    [name, id, JSON.stringify(progress)],
  );
  return rows.length > 0;
}

/** Whether the job is still running (false once cancelled): for handlers that report no progress. */
export async function stillRunning(db: Database, name: string, id: string): Promise<boolean> {
  const { rows } = await db.raw(
    `select 1 from ${JOBS_SCHEMA}.job where name = $1 and id = $2 and state = 'active'`,
    [name, id],
  );
  return rows.length > 0;
}
