import { FieldErrorKeys, type FieldError } from '@hcm/contracts';
import type { PgTable } from 'drizzle-orm/pg-core';
import { noteBulkWrite } from '../db/analyze.ts';
import type { Tx } from '../db/database.ts';
import { validationFailed } from '../http/errors.ts';
import {
  recordActions,
  type ActionContext,
  type ActionLogAction,
} from '../resources/action-log/record-actions.ts';
import type { BulkColumn, BulkTable } from './bulk-table.ts';
import {
  MAX_REPORTED_ERRORS,
  STAGE,
  refuseLockedRecords,
  refuseRepeatedKeys,
  refuseRowsOutsideScope,
  refuseUnknownReferences,
  type ReplaceScope,
} from './batch-checks.ts';
import { isProblem } from './copy-text.ts';
import { connectionOf, type BulkConnection } from './connection.ts';
import { ensurePartitionsFor, monthOf } from './month-partitions.ts';

/** A row as the module gives it: the table's insert type; tenantId may be left out (the caller's tenant). */
export type BulkRow<T extends PgTable> = Omit<T['$inferInsert'], 'tenantId'> & { tenantId?: string };

export interface BatchOptions<T extends PgTable = PgTable> {
  /** who writes, from where: the action log's entry and the tenant every row must belong to */
  actor: ActionContext;
  /** the action-log action of the batch; IMPORT unless the module says otherwise (a computation: UPDATE) */
  action?: ActionLogAction;
  /** what the batch is, for the log: a device, a file, a run, a period (a few values, not the rows) */
  describe?: Readonly<Record<string, string | number>>;
  /**
   * the batch is the whole of this scope (a run computed again, a month of days): the scope's
   * stored rows are deleted and the batch inserted, with no conflict check per row. Its columns
   * must be of the conflict key and every row must lie inside it (400 otherwise).
   */
  replace?: ReplaceScope<T>;
}

export interface BatchResult {
  /** rows given */
  received: number;
  /** rows stored: inserted, or replaced under onConflict 'update' */
  written: number;
  /** rows already stored that onConflict 'ignore' left as they were (a device sending again) */
  unchanged: number;
  /** stored rows of the replaced scope deleted before the batch was inserted (`replace` only) */
  replaced: number;
  /** the first and last partition key value of the batch (as sent), null for an empty batch */
  from: string | null;
  to: string | null;
  /** month partitions this batch had to make */
  partitionsMade: number;
}

const ROWS_PER_CHUNK = 2000;

/**
 * Writes a batch of rows into a month-partitioned table, inside the caller's tenant transaction
 * (`inScope`: role hcm_app, row-level security on), the same call on PGlite and PostgreSQL:
 *
 * 1. every value is checked and encoded as COPY text (a wrong one: 400 naming the row and field);
 * 2. COPY into a temporary staging table, streamed on PostgreSQL. COPY alone cannot skip or
 *    replace a row that is already stored (no ON CONFLICT), and the staging table lets the
 *    batch be checked as a set before the real table is touched;
 * 3. the month partitions the batch needs are made when missing;
 * 4. references (a worker) are checked in the tenant with one query: a worker of another tenant
 *    is unknown here (row-level security), and refused; rows of a record in approval or approved
 *    (`lockedBy`: a salary period) are refused (409);
 * 5. one INSERT … SELECT … ON CONFLICT into the table, through its tenant policy; or, for a batch
 *    that `replace`s a scope (a run computed again), one DELETE of the scope and a plain INSERT;
 * 6. one action-log entry for the batch: the table, the counts, the key range and who;
 * 7. once the caller's transaction commits (inScope), the month partitions written are analysed
 *    when the batch wrote ANALYZE_AFTER_ROWS rows or more and ANALYZE_AFTER_SHARE of what their
 *    statistics knew, or they had no statistics yet.
 *
 * Any refusal throws inside the caller's transaction, so nothing of the batch is written.
 */
export async function writeBatch<T extends PgTable>(
  tx: Tx,
  table: BulkTable<T>,
  rows: Iterable<BulkRow<T>>,
  options: BatchOptions<T>,
): Promise<BatchResult> {
  const tenantId = options.actor.scope.tenantId;
  if (tenantId === null)
    throw new Error(`bulk path: ${table.name} is tenant-owned; a system scope writes none`);
  const connection = connectionOf(tx);
  const iterator = rows[Symbol.iterator]();
  const first = iterator.next();
  // An empty batch writes nothing, `replace` included: it names no record to check a lock on.
  if (first.done)
    return { received: 0, written: 0, unchanged: 0, replaced: 0, from: null, to: null, partitionsMade: 0 };

  // Columns with a default (an id, a received-at) are sent when the first row gives them; COPY
  // text has no "use the default" value, so every row must then give the same ones.
  const firstRow = first.value as Record<string, unknown>;
  const copied = table.columns.filter((column) => !column.hasDefault || firstRow[column.key] !== undefined);
  const encoder = new BatchEncoder(table, copied, tenantId);

  await connection.query(`DROP TABLE IF EXISTS ${STAGE}`);
  await connection.query(
    `CREATE TEMP TABLE hcm_bulk_stage (LIKE ${table.name} INCLUDING DEFAULTS) ON COMMIT DROP`,
  );
  await connection.copyIn(
    STAGE,
    ['tenant_id', ...copied.map((column) => column.name)],
    encoder.chunks(firstRow, iterator),
  );
  if (encoder.errors.length > 0)
    throw validationFailed(
      encoder.errors,
      `${encoder.errorCount} values of the batch for ${table.name} are not valid; nothing was written`,
    );

  const partitionsMade = await ensurePartitionsFor(tx, table, encoder.months);
  await refuseUnknownReferences(connection, table);
  await refuseLockedRecords(connection, table, tenantId);
  const replacing = options.replace
    ? await refuseRowsOutsideScope(connection, table, tenantId, options.replace)
    : null;
  if (replacing || table.declaration.conflict.onConflict === 'update')
    await refuseRepeatedKeys(connection, table);

  let replaced = 0;
  if (replacing)
    ({ count: replaced } = await connection.query(
      `DELETE FROM ${table.name} WHERE ${replacing.text}`,
      replacing.values,
    ));
  const written = await insertFromStage(connection, table, replacing !== null);
  await connection.query(`DROP TABLE ${STAGE}`);
  // The month partitions written (hcm_ensure_month_partitions names them <table>_YYYY_MM): each
  // analysed once the caller's transaction commits, when the batch was large or the partition
  // never had statistics (db/analyze.ts). Not the parent: ANALYZE of a partitioned table reads
  // every month of it.
  for (const month of encoder.months)
    noteBulkWrite(tx, `${table.name}_${month.replace('-', '_')}`, written + replaced);

  const result: BatchResult = {
    received: encoder.received,
    written,
    unchanged: encoder.received - written,
    replaced,
    from: encoder.from,
    to: encoder.to,
    partitionsMade,
  };
  await recordActions(tx, options.actor, [
    {
      resource: table.resource,
      recordId: null,
      action: options.action ?? 'IMPORT',
      changes: batchChanges(table, result, options.describe),
    },
  ]);
  return result;
}

/**
 * One INSERT … SELECT from the staging table, in the key's order (the indexes are then filled
 * in order: 15 % faster for a 400,000-line run than the staging table's order). After `replace`
 * deleted the scope no stored row can share a key with the batch, so no conflict is looked for.
 */
async function insertFromStage<T extends PgTable>(
  connection: BulkConnection,
  table: BulkTable<T>,
  replacing: boolean,
): Promise<number> {
  const names = table.columns.map((column) => column.name);
  const key = table.declaration.conflict.key.map((k) => table.column(k).name);
  const columnList = ['tenant_id', ...names].join(', ');
  const onConflict = replacing
    ? ''
    : table.declaration.conflict.onConflict === 'ignore'
      ? ` ON CONFLICT (tenant_id, ${key.join(', ')}) DO NOTHING`
      : ` ON CONFLICT (tenant_id, ${key.join(', ')}) DO UPDATE SET ${names
          .filter((name) => !key.includes(name))
          .map((name) => `${name} = EXCLUDED.${name}`)
          .join(', ')}`;
  const { count } = await connection.query(
    `INSERT INTO ${table.name} (${columnList}) SELECT ${columnList} FROM ${STAGE} ORDER BY ${key.join(', ')}${onConflict}`,
  );
  return count;
}

/** The batch's one log entry, in the log's changes shape (each value an `after`): what, how many, which range. */
function batchChanges<T extends PgTable>(
  table: BulkTable<T>,
  result: BatchResult,
  describe: Readonly<Record<string, string | number>> = {},
) {
  const after = (value: unknown) => ({ before: null, after: value });
  return {
    table: after(table.name),
    received: after(result.received),
    written: after(result.written),
    ...(result.replaced > 0 ? { replaced: after(result.replaced) } : {}),
    unchanged: after(result.unchanged),
    [`${table.partition.key}From`]: after(result.from),
    [`${table.partition.key}To`]: after(result.to),
    ...Object.fromEntries(Object.entries(describe).map(([name, value]) => [name, after(value)])),
  };
}

/** Checks and encodes rows as COPY text lines, noting the months and key range it meets. */
class BatchEncoder<T extends PgTable> {
  readonly errors: FieldError[] = [];
  errorCount = 0;
  received = 0;
  readonly months = new Set<string>();
  from: string | null = null;
  to: string | null = null;
  private readonly known: Set<string>;

  constructor(
    private readonly table: BulkTable<T>,
    private readonly copied: readonly BulkColumn[],
    private readonly tenantId: string,
  ) {
    this.known = new Set(['tenantId', ...table.columns.map((column) => column.key)]);
  }

  /** Lines of ROWS_PER_CHUNK rows each; after the first wrong value, checks go on but nothing more is sent. */
  *chunks(first: Record<string, unknown>, rest: Iterator<unknown>): Generator<string> {
    let lines: string[] = [];
    let next: IteratorResult<unknown> = { done: false, value: first };
    while (!next.done) {
      const line = this.encode(next.value as Record<string, unknown>, this.received);
      this.received += 1;
      if (line !== null && this.errorCount === 0) lines.push(line);
      if (lines.length === ROWS_PER_CHUNK) {
        yield lines.join('\n') + '\n';
        lines = [];
      }
      next = rest.next();
    }
    if (lines.length > 0 && this.errorCount === 0) yield lines.join('\n') + '\n';
  }

  private fail(
    index: number,
    key: string,
    code: string,
    message: string,
    params?: Record<string, string | number>,
  ) {
    this.errorCount += 1;
    if (this.errors.length < MAX_REPORTED_ERRORS)
      this.errors.push({ field: `rows[${index}].${key}`, code, message, ...(params ? { params } : {}) });
  }

  private encode(row: Record<string, unknown>, index: number): string | null {
    const failures = this.errorCount;
    if (row.tenantId !== undefined && row.tenantId !== this.tenantId)
      this.fail(index, 'tenantId', FieldErrorKeys.invalidValue, 'belongs to another tenant than the caller');
    for (const key of Object.keys(row))
      if (!this.known.has(key))
        this.fail(index, key, FieldErrorKeys.invalidValue, `${this.table.name} has no such column`);
    const fields = [this.tenantId];
    for (const column of this.copied) {
      const value = row[column.key];
      const field = column.codec(value);
      if (isProblem(field)) this.fail(index, column.key, field.problem, field.message, field.params);
      else fields.push(field);
    }
    for (const column of this.table.columns)
      if (column.hasDefault && !this.copied.includes(column) && row[column.key] !== undefined)
        this.fail(
          index,
          column.key,
          FieldErrorKeys.invalidValue,
          'is given here but not in the first row: give the same columns in every row',
        );
    if (this.errorCount > failures) return null;
    this.notePartitionKey(row[this.table.partition.key] as Date | string);
    return fields.join('\t');
  }

  private notePartitionKey(value: Date | string) {
    this.months.add(monthOf(value));
    const text = typeof value === 'string' ? value : value.toISOString();
    if (this.from === null || text < this.from) this.from = text;
    if (this.to === null || text > this.to) this.to = text;
  }
}
