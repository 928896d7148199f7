import { ConflictReasons, ErrorCodes } from '@hcm/contracts';
import { EDITABLE_APPROVAL_STATUSES } from '@hcm/contracts/approvals';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { AppError, conflictBecause, notFound } from '../../../http/errors.ts';
import { JOBS_SCHEMA } from '../../../jobs/jobs-schema.ts';

/*
 * What a pay period's state refuses (docs/payroll-periods.md, "States"), each a 409 with its
 * reason (ConflictReasons, said in the user's words by the browser) and nothing written. Every
 * writer of a sheet's values (a computation's start and its chunks, one worker computed again, an
 * input typed) first locks the sheet's row FOR UPDATE and passes these: two writers never run at
 * once, and an approval request (which locks the same row) waits for the one in flight.
 */

/** A sheet's row as the guards and writers read it, locked. */
export interface SheetRow {
  id: string;
  code: string;
  name: string;
  salary_period_id: string;
  period_month: string;
  template_id: string | null;
  include_sub_units: boolean;
  kind: string;
  source_id: string | null;
  compute_status: string;
  compute_job_id: string | null;
  template_version: number | null;
  template_fingerprint: string | null;
  workers_total: number;
  workers_done: number;
  workers_failed: number;
  approval_status: string;
  locked_at: string | null;
  version: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The sheet `id` of the caller's tenant, locked for update (row-level security keeps others' out): 404 when none. */
export async function lockedSheet(tx: Tx, id: string): Promise<SheetRow> {
  const [row] = rowsOf<SheetRow>(
    await tx.execute(sql`
      select id, code, name, salary_period_id, period_month::text as period_month, template_id,
             include_sub_units, kind, source_id, compute_status, compute_job_id, template_version, template_fingerprint,
             workers_total, workers_done, workers_failed, approval_status, locked_at, version
        from pay_periods where id = ${id}::uuid for update`),
  );
  if (!row) throw notFound('No such pay period');
  return row;
}

/** 409 when the caller saw another version of the sheet (as the record engine answers a stale write). */
export function refuseStale(row: SheetRow, seen: number | undefined): void {
  if (seen !== undefined && seen !== row.version)
    throw new AppError(
      409,
      ErrorCodes.conflict,
      `The pay period was changed by someone else (version ${row.version}, not ${seen}): reload it`,
    );
}

/** In approval, approved or locked: the values are as approved (or about to be), nothing recomputes them. */
export function refuseFrozen(row: SheetRow): void {
  if (
    row.locked_at !== null ||
    !(EDITABLE_APPROVAL_STATUSES as readonly string[]).includes(row.approval_status)
  )
    throw conflictBecause(
      ConflictReasons.payPeriodFrozen,
      `The pay period ${row.code} is ${row.locked_at ? 'LOCKED' : row.approval_status}: its values no longer change`,
      { code: row.code, status: row.locked_at ? 'LOCKED' : row.approval_status },
    );
}

const LIVE_JOB_STATES = ['created', 'retry', 'active'];

/** Whether the sheet's computation job still lives (queued, waiting for a retry, or running). */
export async function computationLives(tx: Tx, row: Pick<SheetRow, 'compute_status' | 'compute_job_id'>) {
  if (row.compute_status !== 'COMPUTING' || row.compute_job_id === null) return false;
  const [job] = rowsOf<{ state: string }>(
    await tx.execute(
      sql`select state from ${sql.raw(JOBS_SCHEMA)}.job where id = ${row.compute_job_id}::uuid`,
    ),
  );
  // a job gone from the live table (archived after it ended) lives no more
  return job !== undefined && LIVE_JOB_STATES.includes(job.state);
}

/**
 * A computation running: a second one, one worker computed again or an input typed would be a
 * second writer. A COMPUTING sheet whose job ended without saying so (its process died after
 * its last retry, or it was cancelled before it started) does not refuse: the next computation
 * starts over.
 */
export async function refuseComputing(tx: Tx, row: SheetRow): Promise<void> {
  if (await computationLives(tx, row))
    throw conflictBecause(
      ConflictReasons.payPeriodComputing,
      `The pay period ${row.code} is being computed (job ${row.compute_job_id ?? ''}): wait for it or cancel it`,
      { code: row.code, jobId: row.compute_job_id ?? '' },
    );
}

/** Both: what every writer of a sheet's values checks after locking its row. */
export async function refuseUnlessWritable(tx: Tx, row: SheetRow): Promise<void> {
  refuseFrozen(row);
  await refuseComputing(tx, row);
}
