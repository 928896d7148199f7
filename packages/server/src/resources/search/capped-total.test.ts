import { Paging } from '@hcm/contracts';
import { gte, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { testEngines } from '../../testing/engines.ts';
import { migratedDatabaseDuringSuite } from '../../testing/migrated-database.ts';
import { cappedTotal } from './capped-total.ts';

/** A list of 10,050 rows, a few more than the cap: what a large tenant's action log holds in a day. */
const ROWS = Paging.totalCap + 50;
const probe = pgTable('capped_total_probe', { n: integer('n').notNull() });

describe.each(await testEngines())('the capped total of a hand-written list on $engine', ({ engine }) => {
  const database = migratedDatabaseDuringSuite(engine);
  let db: Database;
  const totalOf = (pageIndex: number, rows: number, where = gte(probe.n, 1)) =>
    db.orm.transaction((tx) => cappedTotal(tx, probe, where, { pageIndex, pageSize: 25, rows }));

  beforeAll(async () => {
    db = database();
    await db.orm.execute(sql`create table capped_total_probe (n integer not null)`);
    await db.orm.execute(sql`insert into capped_total_probe select generate_series(1, ${ROWS})`);
  });

  it('says "more than 10,000" for a long list instead of counting it whole', async () => {
    expect(await totalOf(1, 25)).toEqual({ total: Paging.totalCap, totalCapped: true });
  });

  it('counts exactly below the cap, and knows a short page’s total without counting', async () => {
    expect(await totalOf(1, 25, gte(probe.n, ROWS - 99))).toEqual({ total: 100 });
    // the last page of a list: 10,050 = 402 pages of 25; page 403 is short and holds nothing more
    expect(await totalOf(402, 25)).toEqual({ total: ROWS });
    expect(await totalOf(3, 7)).toEqual({ total: 57 });
  });

  it('counts past a page deeper than the cap, so that the pager reaches it', async () => {
    // page 401 (rows 10,001–10,025): counted to the page's end, and "more" beyond it
    expect(await totalOf(401, 25)).toEqual({ total: Paging.totalCap + 25, totalCapped: true });
  });
});
