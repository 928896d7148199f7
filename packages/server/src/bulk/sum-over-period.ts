import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/database.ts';
import type { BulkTable } from './bulk-table.ts';
import { connectionOf } from './connection.ts';
import { sqlTypeOf, whereOf, type Equals, type Period } from './period.ts';

type Key<T extends PgTable> = Extract<keyof T['_']['columns'], string>;

export interface SumQuery<T extends PgTable> {
  tenantId: string;
  period: Period;
  equals?: Equals<T>;
  /** the columns to add up: integers (minutes, đồng) come back as numbers, numerics as decimal text */
  sums: readonly Key<T>[];
  /** one answer per distinct value of these (a component, a worker); none: one answer for the period */
  groupBy?: readonly Key<T>[];
}

export interface SumRow {
  /** the group's values, as text (empty without groupBy) */
  group: Record<string, string | null>;
  /** rows in the group */
  count: number;
  sums: Record<string, number | string>;
}

const INTEGER_TYPES = new Set(['smallint', 'integer', 'bigint']);

/**
 * Sums over a period of a month-partitioned table, in the database (one aggregate over the
 * period's partitions, never the rows in JavaScript). An integer sum that does not fit a
 * JavaScript number exactly is an error rather than a rounded amount.
 */
export async function sumOverPeriod<T extends PgTable>(
  tx: Tx,
  table: BulkTable<T>,
  query: SumQuery<T>,
): Promise<SumRow[]> {
  const where = whereOf(table, query.tenantId, query.period, query.equals);
  const groups = (query.groupBy ?? []).map((key) => ({ key, name: table.column(key).name }));
  const sums = query.sums.map((key) => ({
    key,
    name: table.column(key).name,
    integer: INTEGER_TYPES.has(sqlTypeOf(table, key)),
  }));
  const select = [
    ...groups.map((g) => `${g.name}::text AS "g_${g.key}"`),
    'count(*) AS "count"',
    ...sums.map((s) => `coalesce(sum(${s.name}), 0)::text AS "s_${s.key}"`),
  ];
  const grouping =
    groups.length > 0
      ? ` GROUP BY ${groups.map((g) => g.name).join(', ')} ORDER BY ${groups.map((g) => g.name).join(', ')}`
      : '';
  const { rows } = await connectionOf(tx).query<Record<string, string | number | null>>(
    `SELECT ${select.join(', ')} FROM ${table.name} WHERE ${where.text}${grouping}`,
    where.values,
  );
  return rows.map((row) => ({
    group: Object.fromEntries(groups.map((g) => [g.key, (row[`g_${g.key}`] as string | null) ?? null])),
    count: Number(row.count),
    sums: Object.fromEntries(
      sums.map((s) => {
        const text = String(row[`s_${s.key}`]);
        if (!s.integer) return [s.key, text];
        const value = Number(text);
        if (!Number.isSafeInteger(value))
          throw new Error(`sum of ${table.name}.${s.name} is beyond a safe integer: ${text}`);
        return [s.key, value];
      }),
    ),
  }));
}
