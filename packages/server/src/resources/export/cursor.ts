import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';

/**
 * A server-side cursor over `query` inside the transaction `tx`: rows arrive `batchSize` at a
 * time, so a large result never sits in memory. `DECLARE ... CURSOR` + `FETCH n` run the same
 * on PGlite and PostgreSQL. The cursor ends with the transaction.
 */
export async function* fetchInBatches<Row>(
  tx: Tx,
  query: SQL,
  batchSize = 1000,
  name = 'resource_export',
): AsyncGenerator<Row[]> {
  await tx.execute(sql`DECLARE ${sql.identifier(name)} NO SCROLL CURSOR FOR ${query}`);
  for (;;) {
    const result = (await tx.execute(sql.raw(`FETCH ${batchSize} FROM "${name}"`))) as unknown as {
      rows: Row[];
    };
    if (result.rows.length === 0) break;
    yield result.rows;
    if (result.rows.length < batchSize) break;
  }
  await tx.execute(sql.raw(`CLOSE "${name}"`));
}
