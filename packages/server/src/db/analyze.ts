import { sql } from 'drizzle-orm';
import type { Db } from './database.ts';

/**
 * Rows written into a table at once (an import, a bulk batch, a seed) from which the table is
 * analysed as soon as the write commits (packages/server/README.md, "Statistics after bulk
 * writes"). Autovacuum would get there too, but only on its next round (a minute, and then after
 * 10 % of the table changed): meanwhile the planner takes the new rows for the few it last saw.
 */
export const ANALYZE_AFTER_ROWS = 1000;

/**
 * And at least this share of the rows the table had when last analysed: a month's partition of
 * punches grows by many batches of a few thousand rows, and analysing it after each (a sample
 * of 30,000 rows) would cost more than the writes; statistics that know 90 % of the table plan
 * as well. Autovacuum's own rule is 10 % too.
 */
export const ANALYZE_AFTER_SHARE = 0.1;

/**
 * The tables each open transaction wrote in bulk, and how many rows; keyed by the driver's client
 * under the transaction (a savepoint's transaction object differs from its parent's, its client
 * does not: createTenant seeds inside a savepoint), else by the transaction object.
 */
const written = new WeakMap<object, Map<string, number>>();
const keyOf = (tx: object): object => (tx as { session?: { client?: object } }).session?.client ?? tx;

/**
 * Notes that `rows` rows went into `table` (a table or partition name of the public schema) in
 * the transaction `tx`. inScope analyses what its transaction noted once it has committed
 * (analyzeWrittenTables); code that opens a transaction some other way takes the notes itself
 * (takeWrittenTables), after its commit; on a rollback, it forgets them (a pooled connection
 * outlives the transaction).
 */
export function noteBulkWrite(tx: object, table: string, rows: number): void {
  const key = keyOf(tx);
  const tables = written.get(key) ?? new Map<string, number>();
  written.set(key, tables);
  tables.set(table, (tables.get(table) ?? 0) + rows);
}

/** What `tx` noted (noteBulkWrite), forgotten here; undefined when nothing. */
export function takeWrittenTables(tx: object): ReadonlyMap<string, number> | undefined {
  const key = keyOf(tx);
  const tables = written.get(key);
  written.delete(key);
  return tables;
}

const isTransaction = (db: Db) => typeof (db as { rollback?: unknown }).rollback === 'function';

/**
 * ANALYZE each of `tables` that got ANALYZE_AFTER_ROWS rows or more, and ANALYZE_AFTER_SHARE of
 * the rows its statistics knew, or that has never been
 * analysed nor vacuumed (pg_class.reltuples < 0: the planner has no statistics at all), so that
 * no plan runs on a table whose statistics do not know its rows. Only a table's owner may
 * analyse it: this runs on `db` itself, the connection's own role (the owner, which ran the
 * migrations), never inside a scope's transaction, where the role is hcm_app and PostgreSQL
 * would skip the table with a mere warning. Run after the writing transaction has committed
 * (ANALYZE sees committed rows only). Returns the tables analysed. A failure is reported as a
 * process warning, never thrown: the write it follows has committed.
 */
export async function analyzeWrittenTables(
  db: Db,
  tables: ReadonlyMap<string, number> | undefined,
): Promise<string[]> {
  if (!tables || tables.size === 0 || isTransaction(db)) return [];
  try {
    const names = [...tables.keys()];
    const found = (await db.execute(sql`
      select c.relname as name, c.reltuples < 0 as never, greatest(c.reltuples, 0)::float8 as known
      from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'm')
        and c.relname in (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )})`)) as unknown as {
      rows: { name: string; never: boolean; known: number | string }[];
    };
    const due = found.rows
      .filter((row) => {
        const rows = tables.get(row.name) ?? 0;
        return row.never || (rows >= ANALYZE_AFTER_ROWS && rows >= Number(row.known) * ANALYZE_AFTER_SHARE);
      })
      .map((row) => row.name);
    for (const name of due) await db.execute(sql`analyze ${sql.identifier(name)}`);
    return due;
  } catch (error) {
    process.emitWarning(
      `ANALYZE after a bulk write failed: ${error instanceof Error ? error.message : String(error)}`,
      { code: 'HCM_ANALYZE' },
    );
    return [];
  }
}

/**
 * What a transaction wrapper (inScope) does once its transaction `tx`, opened on `db`, has ended:
 * committed, it analyses what `tx` noted; rolled back, it forgets it. A transaction opened inside
 * another (a savepoint: `db` is itself a transaction) leaves its notes to the outer one.
 */
export async function afterBulkWrites(db: Db, tx: object, committed: boolean): Promise<void> {
  if (isTransaction(db)) return;
  const tables = takeWrittenTables(tx);
  if (committed) await analyzeWrittenTables(db, tables);
}
