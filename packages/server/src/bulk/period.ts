import { FieldErrorKeys } from '@hcm/contracts';
import { getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { validationFailed } from '../http/errors.ts';
import type { BulkTable } from './bulk-table.ts';
import { isIsoDate, isProblem } from './copy-text.ts';

/**
 * A period of the partition key: the days from `from` up to, not including, `to` ('YYYY-MM-DD').
 * On a timestamptz key the days are Vietnam's (+07), as the month partitions are; so
 * `{ from: '2026-01-01', to: '2026-02-01' }` is January, and its reads touch one partition.
 */
export interface Period {
  from: string;
  to: string;
}

/**
 * Equality filters on other columns (a run, a worker), by the column's TypeScript name; a list
 * matches any of its values (a chunk of a run's workers).
 */
export type Equals<T extends PgTable> = Partial<
  Record<Extract<keyof T['_']['columns'], string>, string | number | readonly (string | number)[]>
>;

/** The WHERE of a read: tenant, period and filters as SQL with $n values, checked first (400). */
export function whereOf<T extends PgTable>(
  table: BulkTable<T>,
  tenantId: string,
  period: Period,
  equals: Equals<T> = {},
): { text: string; values: unknown[] } {
  if (!isIsoDate(period.from) || !isIsoDate(period.to) || period.from >= period.to)
    throw validationFailed(
      [
        {
          field: 'period',
          code: FieldErrorKeys.invalidDate,
          message: 'from and to must be dates YYYY-MM-DD, from before to',
        },
      ],
      'The period is not valid',
    );
  const key = table.partition.name;
  const bound = (day: string) => (table.partition.kind === 'timestamptz' ? `${day} 00:00:00+07` : day);
  // The tenant is said, not left to the policy alone, so the index's first column is used.
  const values: unknown[] = [tenantId, bound(period.from), bound(period.to)];
  const cast = table.partition.kind;
  const conditions = ['tenant_id = $1::uuid', `${key} >= $2::${cast}`, `${key} < $3::${cast}`];
  for (const [name, value] of Object.entries(equals)) {
    if (value === undefined) continue;
    const column = table.column(name);
    const list: readonly unknown[] = Array.isArray(value) ? value : [value];
    for (const item of list) {
      const encoded = column.codec(item);
      if (isProblem(encoded))
        throw validationFailed(
          [{ field: name, code: encoded.problem, message: encoded.message }],
          `The filter ${name} is not valid`,
        );
    }
    values.push(value);
    conditions.push(
      Array.isArray(value)
        ? `${column.name} = ANY($${values.length}::${sqlTypeOf(table, name)}[])`
        : `${column.name} = $${values.length}::${sqlTypeOf(table, name)}`,
    );
  }
  return { text: conditions.join(' AND '), values };
}

/** The SQL type a value of the column is cast to in a comparison. */
export function sqlTypeOf<T extends PgTable>(table: BulkTable<T>, key: string): string {
  const column = (getTableColumns(table.declaration.table) as Record<string, AnyPgColumn>)[key];
  return column ? column.getSQLType() : 'text';
}
