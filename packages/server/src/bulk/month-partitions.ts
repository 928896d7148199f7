import { FieldErrorKeys } from '@hcm/contracts';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/database.ts';
import { validationFailed } from '../http/errors.ts';
import type { BulkTable } from './bulk-table.ts';
import { connectionOf } from './connection.ts';

/** The most months one call (and so one batch) may make partitions for (as the SQL function allows). */
export const MAX_MONTHS_AT_ONCE = 36;

/** Vietnam's offset from UTC: months of a timestamptz partition key begin at local midnight (migration 0050). */
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;

/** The month ('YYYY-MM') a partition key value falls in: a Date in Vietnam's time, a 'YYYY-MM-DD' as written. */
export function monthOf(value: Date | string): string {
  return typeof value === 'string'
    ? value.slice(0, 7)
    : new Date(value.getTime() + VIETNAM_OFFSET_MS).toISOString().slice(0, 7);
}

/** Every month from the month of `from` to the month of `to`, both included ('YYYY-MM' or 'YYYY-MM-DD'). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.slice(0, 7).split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const current = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    if (current > last) break;
    months.push(current);
    if (months.length > MAX_MONTHS_AT_ONCE) break;
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return months;
}

/**
 * Makes the month partitions `table` lacks for `months` ('YYYY-MM'), through the database's
 * hcm_ensure_month_partitions (the request's role may not create tables; the function, the
 * owner's, may make exactly these). Inside the caller's transaction: a month made for a batch
 * that then fails is gone with it. Months that exist cost one catalogue look-up each.
 * Returns how many partitions it made.
 */
export async function ensurePartitionsFor<T extends PgTable>(
  tx: Tx,
  table: BulkTable<T>,
  months: Iterable<string>,
): Promise<number> {
  const firstDays = [...new Set(months)].sort().map((month) => `${month}-01`);
  if (firstDays.length === 0) return 0;
  if (firstDays.length > MAX_MONTHS_AT_ONCE)
    throw validationFailed(
      [
        {
          field: table.partition.key,
          code: FieldErrorKeys.max,
          message: `spans ${firstDays.length} months; at most ${MAX_MONTHS_AT_ONCE} at once`,
          params: { required: MAX_MONTHS_AT_ONCE, actual: firstDays.length },
        },
      ],
      `A batch of ${table.name} spans ${firstDays.length} months; at most ${MAX_MONTHS_AT_ONCE}`,
    );
  const { rows } = await connectionOf(tx).query<{ made: number }>(
    'SELECT hcm_ensure_month_partitions($1::regclass, $2::date[]) AS made',
    [table.name, firstDays],
  );
  return Number(rows[0]?.made ?? 0);
}

/**
 * The partitions of `table` for every month from `from` to `to` (both included, 'YYYY-MM' or a
 * date), made ahead: a schedule calls this for the coming months so that batches rarely make one.
 */
export function ensureMonthPartitions<T extends PgTable>(
  tx: Tx,
  table: BulkTable<T>,
  from: string,
  to: string,
): Promise<number> {
  return ensurePartitionsFor(tx, table, monthsBetween(from, to));
}
