import { ACTION_LOG_RETENTION_MONTHS } from '@hcm/contracts/system';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.ts';
import { tenants } from '../../db/schema.ts';
import { readTenantSettings } from '../../db/tenant-settings.ts';
import { inScope } from '../../db/tenant-scope.ts';

/**
 * The action log's retention (docs/lists.md, "The action log's retention"): each tenant keeps
 * its entries for `actionLogRetentionMonths` (System › Configuration; 24 by default, 6 at
 * least) and the purge deletes what is older.
 *
 * The system module runs it once a night as a schedule of the job queue
 * (services/system/action-logs/schedule-retention.ts), with the run's due time as `now`.
 */

/** Rows deleted per statement: each chunk is its own short transaction (PGlite keeps answering between them). */
export const PURGE_CHUNK = 5_000;

/** The first instant a tenant keeps: `now` less `months` calendar months (UTC). */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** A tenant's months to keep: its setting, else the system default's, held to the floor and ceiling. */
export function retentionMonthsOf(setting: number | undefined): number {
  const { default: fallback, minimum, maximum } = ACTION_LOG_RETENTION_MONTHS;
  if (setting === undefined || !Number.isInteger(setting)) return fallback;
  return Math.min(Math.max(setting, minimum), maximum);
}

export interface PurgedTenant {
  tenantId: string;
  months: number;
  cutoff: Date;
  deleted: number;
}

export interface Purge {
  tenants: PurgedTenant[];
  /** month partitions dropped: past every tenant's retention, and empty */
  droppedMonths: number;
}

/**
 * Deletes every tenant's action-log entries older than its retention, in chunks of `chunk` rows,
 * each in its own transaction in the tenant's scope (row-level security confines it as it does
 * a request), then drops the month partitions past every tenant's retention, now empty. It also
 * makes the partitions of this month and the next two, so that entries land in their month
 * rather than in the DEFAULT partition. Entries of system users (system_action_logs) are not
 * touched. Safe to run again or in two processes at once: a chunk deletes what is still there.
 * `tenantIds` limits it to those tenants (and then drops no month: the others' retention is not read).
 */
export async function purgeActionLogs(
  db: Db,
  now: Date,
  options: { chunk?: number; tenantIds?: readonly string[] } = {},
): Promise<Purge> {
  const chunk = options.chunk ?? PURGE_CHUNK;
  await ensureMonthsAhead(db, now);
  const ids =
    options.tenantIds ??
    (
      await inScope(db, { tenantId: null, userId: null }, (tx) => tx.select({ id: tenants.id }).from(tenants))
    ).map((row) => row.id);
  const purged: PurgedTenant[] = [];
  for (const tenantId of ids) {
    const scope = { tenantId, userId: null };
    const months = retentionMonthsOf(
      await inScope(
        db,
        scope,
        async (tx) => (await readTenantSettings(tx, tenantId))?.actionLogRetentionMonths,
      ),
    );
    const cutoff = retentionCutoff(now, months);
    let deleted = 0;
    for (;;) {
      const count = await inScope(db, scope, (tx) => deleteChunk(tx, tenantId, cutoff, chunk));
      deleted += count;
      if (count < chunk) break;
    }
    purged.push({ tenantId, months, cutoff, deleted });
  }
  // no tenant keeps anything before the oldest cutoff: whole months before it are empty now
  const cutoffs = purged.map(({ cutoff }) => cutoff.getTime());
  const droppedMonths =
    options.tenantIds === undefined && cutoffs.length > 0
      ? await dropEmptyMonths(db, new Date(Math.min(...cutoffs)))
      : 0;
  return { tenants: purged, droppedMonths };
}

/** One chunk: the oldest `chunk` entries before `cutoff`, found by the (tenant_id, created_at) key. */
async function deleteChunk(tx: Tx, tenantId: string, cutoff: Date, chunk: number): Promise<number> {
  const before = cutoff.toISOString();
  const result = (await tx.execute(sql`delete from action_logs
    where tenant_id = ${tenantId}::uuid and created_at < ${before}::timestamptz
      and (created_at, id) in (
        select created_at, id from action_logs
        where tenant_id = ${tenantId}::uuid and created_at < ${before}::timestamptz
        order by created_at limit ${chunk})`)) as unknown as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

/** This month and the next two, as days of their months in Vietnam (months begin at +07: migration 0050). */
function monthsAhead(now: Date): string[] {
  const vietnam = new Date(now.getTime() + 7 * 3_600_000);
  return [0, 1, 2].map((ahead) =>
    new Date(Date.UTC(vietnam.getUTCFullYear(), vietnam.getUTCMonth() + ahead, 1)).toISOString().slice(0, 10),
  );
}

async function ensureMonthsAhead(db: Db, now: Date): Promise<void> {
  const months = sql.join(
    monthsAhead(now).map((day) => sql`${day}::date`),
    sql`, `,
  );
  await db.execute(sql`select hcm_ensure_month_partitions('action_logs'::regclass, array[${months}])`);
}

/** Drops the empty month partitions that end by `before` (migration 0051); as the owner: DDL. */
async function dropEmptyMonths(db: Db, before: Date): Promise<number> {
  const result = (await db.execute(
    sql`select hcm_drop_empty_month_partitions('action_logs'::regclass, ${before.toISOString()}::timestamptz) as dropped`,
  )) as unknown as { rows: { dropped: number }[] };
  return Number(result.rows[0]?.dropped ?? 0);
}
