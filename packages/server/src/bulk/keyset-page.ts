import { createHash } from 'node:crypto';
import { FieldErrorKeys, type PageEnvelope } from '@hcm/contracts';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/database.ts';
import { validationFailed } from '../http/errors.ts';
import type { BulkTable } from './bulk-table.ts';
import { connectionOf } from './connection.ts';
import { sqlTypeOf, whereOf, type Equals, type Period } from './period.ts';

/** The API's page size limit (design.md, API conventions: max 100) and its default. */
export const BULK_PAGE_SIZE = { default: 25, max: 100 } as const;

/**
 * A page's total counts at most this many rows: beyond it the answer is "more than 10,000"
 * (`totalCapped`), as the record engine's lists say it. Counting a month of 1.2 million punches
 * exactly would cost as much as reading them.
 */
export const BULK_TOTAL_CAP = 10_000;

export interface KeysetQuery<T extends PgTable> {
  tenantId: string;
  period: Period;
  equals?: Equals<T>;
  /** the `page.nextCursor` of the page before; none for the first page */
  cursor?: string;
  pageSize?: number;
}

/** What a cursor carries: where the last page ended (the order columns as exact text), its index, and the query it belongs to. */
interface CursorBody {
  q: string;
  p: number;
  k: string[];
}

const refused = (message: string) =>
  validationFailed([{ field: 'cursor', code: FieldErrorKeys.invalidValue, message }], message);

/** A fingerprint of the query a cursor was made for, so a cursor is refused under another table, period or filter. */
const queryPrint = <T extends PgTable>(table: BulkTable<T>, query: KeysetQuery<T>) =>
  createHash('sha256')
    .update(JSON.stringify([table.name, query.period.from, query.period.to, query.equals ?? {}]))
    .digest('base64url')
    .slice(0, 12);

function decodeCursor(cursor: string, print: string, width: number): CursorBody {
  let body: Partial<CursorBody> | null = null;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorBody>;
  } catch {
    throw refused('The cursor is not one this list gave');
  }
  if (
    !body ||
    typeof body.p !== 'number' ||
    !Number.isInteger(body.p) ||
    body.p < 1 ||
    !Array.isArray(body.k) ||
    body.k.length !== width ||
    !body.k.every((value) => typeof value === 'string')
  )
    throw refused('The cursor is not one this list gave');
  if (body.q !== print) throw refused('The cursor belongs to another list: start again from the first page');
  return body as CursorBody;
}

/**
 * One page of a month-partitioned table in its declared order (tenant, time, then what makes a
 * row unique), read by keyset: the rows after the cursor's position, however deep, with the
 * same cost on page 1 and page 10,000 (OFFSET reads and throws away every row before). Answers
 * the API's list envelope; `page.nextCursor` is absent on the last page. The total counts up
 * to BULK_TOTAL_CAP rows (`totalCapped` beyond).
 */
export async function readKeysetPage<T extends PgTable, R = Record<string, unknown>>(
  tx: Tx,
  table: BulkTable<T>,
  query: KeysetQuery<T>,
): Promise<PageEnvelope<R>> {
  const pageSize = query.pageSize ?? BULK_PAGE_SIZE.default;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > BULK_PAGE_SIZE.max)
    throw validationFailed(
      [
        {
          field: 'pageSize',
          code: FieldErrorKeys.max,
          message: `must be a whole number from 1 to ${BULK_PAGE_SIZE.max}`,
          params: { required: BULK_PAGE_SIZE.max, actual: String(pageSize) },
        },
      ],
      'The page size is not valid',
    );
  const order = table.declaration.order.map((key) => ({
    name: table.column(key).name,
    type: sqlTypeOf(table, key),
  }));
  const print = queryPrint(table, query);
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, print, order.length);
  const where = whereOf(table, query.tenantId, query.period, query.equals);
  const values = [...where.values];
  let condition = where.text;
  if (after) {
    const placeholders = after.k.map((value, i) => {
      values.push(value);
      return `$${values.length}::${order[i]?.type}`;
    });
    // A row comparison on the index's columns after tenant_id: the index starts right there.
    condition += ` AND (${order.map((o) => o.name).join(', ')}) > (${placeholders.join(', ')})`;
  }
  const connection = connectionOf(tx);
  const columns = table.columns.map((column) => `${column.name} AS "${column.key}"`);
  const positions = order.map((o, i) => `${o.name}::text AS "__k${i}"`);
  const { rows } = await connection.query<Record<string, unknown>>(
    `SELECT tenant_id AS "tenantId", ${[...columns, ...positions].join(', ')} FROM ${table.name}
      WHERE ${condition} ORDER BY ${order.map((o) => o.name).join(', ')} LIMIT ${pageSize + 1}`,
    values,
  );
  const more = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const counted = await connection.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM ${table.name} WHERE ${where.text} LIMIT ${BULK_TOTAL_CAP + 1}) capped`,
    where.values,
  );
  const total = Number(counted.rows[0]?.n ?? 0);
  const pageIndex = after ? after.p + 1 : 1;
  const nextCursor =
    more && last
      ? Buffer.from(
          JSON.stringify({
            q: print,
            p: pageIndex,
            k: order.map((_, i) => String(last[`__k${i}`])),
          } satisfies CursorBody),
        ).toString('base64url')
      : undefined;
  const data = page.map(
    (row) => Object.fromEntries(Object.entries(row).filter(([name]) => !name.startsWith('__k'))) as R,
  );
  return {
    data,
    page: {
      pageIndex,
      pageSize,
      total: Math.min(total, BULK_TOTAL_CAP),
      ...(total > BULK_TOTAL_CAP ? { totalCapped: true } : {}),
      ...(nextCursor ? { nextCursor } : {}),
    },
  };
}
