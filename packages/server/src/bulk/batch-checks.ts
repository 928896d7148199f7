import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import { EDITABLE_APPROVAL_STATUSES } from '@hcm/contracts/approvals';
import type { PgTable } from 'drizzle-orm/pg-core';
import { AppError, validationFailed } from '../http/errors.ts';
import type { BulkTable } from './bulk-table.ts';
import type { BulkConnection } from './connection.ts';
import { whereOf, type Equals, type Period } from './period.ts';

/*
 * What a batch is checked for as a set, in its staging table, before the table is touched: each
 * check one query, and a refusal throws inside the caller's transaction (nothing is written).
 */

/** The transaction's staging table of the batch being written. */
export const STAGE = 'pg_temp.hcm_bulk_stage';
/** At most this many field errors are reported for one batch: enough to mend a file, not a 10 MB answer. */
export const MAX_REPORTED_ERRORS = 20;

/**
 * 400 when a referenced row (a worker) is not one of the tenant's: row-level security hides other
 * tenants' rows. The batch's distinct ids less those found by one `id = any(…)` look-up: a
 * NOT EXISTS per staged row was planned, while the referenced table's statistics lagged, as a
 * scan of the tenant's workers per row (2,000 × 10,000 a batch; docs/performance.md, "The
 * timesheet engine").
 */
export async function refuseUnknownReferences<T extends PgTable>(
  connection: BulkConnection,
  table: BulkTable<T>,
): Promise<void> {
  const { references = [], lockedBy } = table.declaration;
  for (const reference of lockedBy ? [...references, lockedBy] : references) {
    const column = table.column(reference.column).name;
    const { rows } = await connection.query<{ id: string }>(
      `WITH named AS (SELECT array(SELECT DISTINCT ${column} FROM ${STAGE} WHERE ${column} IS NOT NULL) AS ids)
       SELECT u.id::text AS id FROM (
         SELECT unnest(ids) AS id FROM named
         EXCEPT
         SELECT r.id FROM ${reference.table} r, named
          WHERE r.id = ANY(named.ids) AND r.tenant_id = (SELECT tenant_id FROM ${STAGE} LIMIT 1)) u
        ORDER BY 1 LIMIT ${MAX_REPORTED_ERRORS}`,
    );
    if (rows.length > 0) {
      const ids = rows.map((row) => row.id).join(', ');
      throw validationFailed(
        [
          {
            field: `rows[].${reference.column}`,
            code: FieldErrorKeys.invalidValue,
            message: `unknown in this tenant: ${ids}`,
            params: { actual: ids },
          },
        ],
        `The batch for ${table.name} names ${reference.table} the tenant does not have; nothing was written`,
      );
    }
  }
}

/** 400 when two rows of an 'update' batch share a key: which of them would win is not for the database to guess. */
export async function refuseRepeatedKeys<T extends PgTable>(
  connection: BulkConnection,
  table: BulkTable<T>,
): Promise<void> {
  const key = table.declaration.conflict.key.map((k) => table.column(k).name);
  const { rows } = await connection.query<Record<string, string>>(
    `SELECT ${key.map((name) => `${name}::text AS ${name}`).join(', ')} FROM ${STAGE} GROUP BY ${key.join(', ')} HAVING count(*) > 1 LIMIT 1`,
  );
  const [repeated] = rows;
  if (repeated) {
    const which = Object.values(repeated).join(', ');
    throw validationFailed(
      [
        {
          field: 'rows',
          code: FieldErrorKeys.invalidValue,
          message: `two rows have the same key (${which})`,
          params: { actual: which },
        },
      ],
      `The batch for ${table.name} gives the same key twice; nothing was written`,
    );
  }
}

/**
 * 409 when a row names an approvable record (a salary period) that waits for approval or is
 * approved: it is approved as one record, its rows with it. The records are locked FOR SHARE
 * until the batch's transaction ends, so an approval cannot begin half way through a batch
 * (its status change waits for the batch, or the batch for it).
 */
export async function refuseLockedRecords<T extends PgTable>(
  connection: BulkConnection,
  table: BulkTable<T>,
  tenantId: string,
): Promise<void> {
  const lockedBy = table.declaration.lockedBy;
  if (!lockedBy) return;
  const column = table.column(lockedBy.column).name;
  const { rows } = await connection.query<{ id: string; status: string }>(
    `SELECT r.id::text AS id, r.approval_status AS status FROM ${lockedBy.table} r
      WHERE r.tenant_id = $1::uuid AND r.id IN (SELECT DISTINCT s.${column} FROM ${STAGE} s)
      ORDER BY r.id FOR SHARE OF r`,
    [tenantId],
  );
  const locked = rows.filter(
    (row) => !(EDITABLE_APPROVAL_STATUSES as readonly string[]).includes(row.status),
  );
  if (locked.length === 0) return;
  const which = locked.map((row) => `${row.id} (${row.status})`).join(', ');
  throw new AppError(
    409,
    ErrorCodes.conflict,
    `${lockedBy.table} ${which}: in approval or approved, so its ${table.name} can no longer be written; nothing was written`,
    [
      {
        field: `rows[].${lockedBy.column}`,
        code: FieldErrorKeys.invalidValue,
        message: `in approval or approved: ${which}`,
        params: { actual: which },
      },
    ],
  );
}

/** What a batch replaces: every stored row of the period whose columns equal these (a run). */
export interface ReplaceScope<T extends PgTable> {
  period: Period;
  equals?: Equals<T>;
}

/**
 * 400 unless the scope a batch replaces can only meet its own rows: its columns must be of the
 * conflict key (so no stored row outside the scope shares a key with a row of the batch), and
 * every row of the batch must lie inside it.
 */
export async function refuseRowsOutsideScope<T extends PgTable>(
  connection: BulkConnection,
  table: BulkTable<T>,
  tenantId: string,
  scope: ReplaceScope<T>,
): Promise<{ text: string; values: unknown[] }> {
  const key = new Set<string>(table.declaration.conflict.key);
  for (const name of Object.keys(scope.equals ?? {}))
    if (!key.has(name))
      throw validationFailed(
        [
          {
            field: `replace.equals.${name}`,
            code: FieldErrorKeys.invalidValue,
            message: 'is not a column of the key',
          },
        ],
        `A batch of ${table.name} replaces rows by columns of its key only`,
      );
  const where = whereOf(table, tenantId, scope.period, scope.equals);
  const { rows } = await connection.query<{ outside: string }>(
    `SELECT count(*)::text AS outside FROM ${STAGE} WHERE NOT (${where.text})`,
    where.values,
  );
  const outside = Number(rows[0]?.outside ?? 0);
  if (outside > 0)
    throw validationFailed(
      [
        {
          field: 'rows',
          code: FieldErrorKeys.invalidValue,
          message: `${outside} rows lie outside the period and run the batch replaces`,
          params: { actual: outside },
        },
      ],
      `The batch for ${table.name} has rows outside what it replaces; nothing was written`,
    );
  return where;
}
