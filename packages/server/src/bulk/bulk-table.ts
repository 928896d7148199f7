import { getTableColumns, getTableName } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { codecOf, type FieldCodec } from './copy-text.ts';

/** A column of the bulk table by its TypeScript name (the drizzle mirror's key). */
type ColumnKey<T extends PgTable> = Extract<keyof T['_']['columns'], string>;

/** What a module declares about a month-partitioned table so the engine can write and read it in bulk. */
export interface BulkTableDeclaration<T extends PgTable> {
  /** the drizzle mirror of the table (its SQL is the module's migration) */
  table: T;
  /** the action log's resource for a batch (usually the permission resource of the data) */
  resource: string;
  /** the month partition key: a date or timestamptz column (migration: PARTITION BY RANGE, hcm_partition_by_month) */
  partitionBy: ColumnKey<T>;
  /**
   * the unique key a re-sent row meets, and what then happens: `ignore` keeps the stored row
   * (idempotent facts: punches), `update` replaces its other columns (computed results: a day
   * computed again). The key must be a unique index of the table and include the partition key.
   */
  conflict: { key: readonly ColumnKey<T>[]; onConflict: 'ignore' | 'update' };
  /**
   * page order after the tenant (keyset paging): the partition key first, then columns that make
   * a row's position unique
   */
  order: readonly ColumnKey<T>[];
  /** columns naming a row of another tenant table by its `id`, checked in the caller's tenant (a worker) */
  references?: readonly { column: ColumnKey<T>; table: string }[];
  /**
   * the approvable record the rows belong to (a salary period's lines): the record is approved as
   * one, and while it waits for approval or once it is approved, a batch naming it is refused
   * (409) and nothing is written. `table` is the record's table (its `approval_status` column);
   * the column is checked as a reference too.
   */
  lockedBy?: { column: ColumnKey<T>; table: string };
}

/** A declared table's columns as the engine uses them: SQL names, codecs, and the partition key's kind. */
export interface BulkColumn {
  key: string;
  name: string;
  codec: FieldCodec;
  hasDefault: boolean;
}

export interface BulkTable<T extends PgTable = PgTable> {
  readonly declaration: BulkTableDeclaration<T>;
  readonly name: string;
  readonly resource: string;
  /** every column but tenant_id, in the table's order */
  readonly columns: readonly BulkColumn[];
  readonly column: (key: string) => BulkColumn;
  /** the partition key's SQL name and whether it is a timestamptz (months begin at +07) or a date */
  readonly partition: { name: string; key: string; kind: 'timestamptz' | 'date' };
}

const SQL_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * Checks a module's declaration against its drizzle mirror once, when the module loads: a table
 * the bulk path cannot write (an unsupported column type, a key that is not a column) fails
 * there, not at the first batch.
 */
export function defineBulkTable<T extends PgTable>(declaration: BulkTableDeclaration<T>): BulkTable<T> {
  const name = getTableName(declaration.table);
  const all = getTableColumns(declaration.table) as Record<string, AnyPgColumn>;
  if (!SQL_NAME.test(name)) throw new Error(`bulk table ${name}: not a plain lower-case name`);
  if (all.tenantId?.name !== 'tenant_id')
    throw new Error(`bulk table ${name}: has no tenantId (tenant_id) column`);
  const columns: BulkColumn[] = Object.entries(all)
    .filter(([key]) => key !== 'tenantId')
    .map(([key, column]) => ({
      key,
      name: column.name,
      codec: codecOf(column),
      hasDefault: column.hasDefault,
    }));
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const column = (key: string) => {
    const found = byKey.get(key);
    if (!found) throw new Error(`bulk table ${name}: no column ${key}`);
    return found;
  };
  const keys = [
    declaration.partitionBy,
    ...declaration.conflict.key,
    ...declaration.order,
    ...(declaration.references ?? []).map((r) => r.column),
    ...(declaration.lockedBy ? [declaration.lockedBy.column] : []),
  ];
  for (const key of keys) column(key);
  for (const reference of [
    ...(declaration.references ?? []),
    ...(declaration.lockedBy ? [declaration.lockedBy] : []),
  ])
    if (!SQL_NAME.test(reference.table))
      throw new Error(`bulk table ${name}: bad reference ${reference.table}`);
  if (!declaration.conflict.key.includes(declaration.partitionBy))
    throw new Error(`bulk table ${name}: the conflict key must include the partition key`);
  if (declaration.order[0] !== declaration.partitionBy)
    throw new Error(`bulk table ${name}: the page order must begin with the partition key`);
  const partitionColumn = all[declaration.partitionBy] as AnyPgColumn;
  const kind =
    partitionColumn.columnType === 'PgTimestamp'
      ? 'timestamptz'
      : partitionColumn.columnType === 'PgDateString'
        ? 'date'
        : null;
  if (!kind)
    throw new Error(
      `bulk table ${name}: the partition key must be a timestamptz (Date) or date (string) column`,
    );
  return {
    declaration,
    name,
    resource: declaration.resource,
    columns,
    column,
    partition: { name: partitionColumn.name, key: declaration.partitionBy, kind },
  };
}
