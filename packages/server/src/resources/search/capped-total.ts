import { Paging } from '@hcm/contracts';
import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/database.ts';

/** A list page's total: exact when cheap, else counted up to a cap (`totalCapped`: "more than 10,000"). */
export interface PageTotal {
  total: number;
  totalCapped?: true;
}

/**
 * The total of a hand-written OFFSET list (the action and outbound logs, a user's inbox) as the
 * record engine's lists answer it (docs/lists.md): a short page is the end of the list and
 * knows its total without counting; otherwise the count stops past Paging.totalCap (or past the
 * page asked for, when that is deeper), so a log of millions of rows is never counted whole on
 * every page.
 */
export async function cappedTotal(
  tx: Tx,
  table: PgTable,
  where: SQL | undefined,
  page: { pageIndex: number; pageSize: number; rows: number },
): Promise<PageTotal> {
  const skipped = (page.pageIndex - 1) * page.pageSize;
  if (page.rows < page.pageSize && (page.rows > 0 || skipped === 0)) return { total: skipped + page.rows };
  const cap = Math.max(Paging.totalCap, skipped + page.rows);
  const matches = tx
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [counted] = await tx.select({ total: count() }).from(matches);
  const total = Number(counted?.total ?? 0);
  return total > cap ? { total: cap, totalCapped: true } : { total };
}
