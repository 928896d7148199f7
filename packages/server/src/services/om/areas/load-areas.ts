import { eq, sql } from 'drizzle-orm';
import { analyzeWrittenTables } from '../../../db/analyze.ts';
import type { Db } from '../../../db/database.ts';
import { AreaGenerations, areas, areaSources, type AreaGeneration } from '../../../db/tables/areas.ts';
import { AREA_DATA_DIR, readAreaFile, readAreaText, type AreaFile } from './area-files.ts';

export interface LoadAreasResult {
  /** the generations whose file changed (or was never loaded) and were written now */
  loaded: AreaGeneration[];
}

/**
 * Start-up: makes the areas table hold exactly what the data files say. A generation whose file
 * has the checksum recorded in area_sources is left alone, so an ordinary start costs one small
 * query and a hash of the files (a few milliseconds). Otherwise, in one transaction, the stale
 * generations are written (writeGeneration) and their checksums recorded. Runs on the owner
 * connection (system scope): the application role may not write areas.
 */
export async function loadAreas(db: Db, dir = AREA_DATA_DIR): Promise<LoadAreasResult> {
  const checksums = new Map(AreaGenerations.map((g) => [g, readAreaText(g, dir).checksum]));
  const stale = async (tx: Db) => {
    const recorded = new Map(
      (
        await tx
          .select({ generation: areaSources.generation, checksum: areaSources.checksum })
          .from(areaSources)
      ).map((s) => [s.generation, s.checksum]),
    );
    return AreaGenerations.filter((g) => recorded.get(g) !== checksums.get(g));
  };
  if ((await stale(db)).length === 0) return { loaded: [] };
  let rows = 0;
  const result = await db.transaction(async (tx) => {
    // Two API nodes starting together on one PostgreSQL: the second waits, then finds the data.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('hcm.areas'))`);
    const loaded = await stale(tx);
    for (const generation of loaded) {
      const file = readAreaFile(generation, dir);
      await writeGeneration(tx, file);
      rows += file.rows.length;
    }
    return { loaded };
  });
  // thousands of rows: analysed once committed, as the owner (db/analyze.ts)
  await analyzeWrittenTables(db, new Map([['areas', rows]]));
  return result;
}

async function writeGeneration(tx: Db, file: AreaFile): Promise<void> {
  const rows = JSON.stringify(
    file.rows.map((r) => [r.code, r.parentCode, r.type, r.name, r.shortName, r.division, r.searchText]),
  );
  const [present] = await tx
    .select({ code: areas.code })
    .from(areas)
    .where(eq(areas.generation, file.generation))
    .limit(1);
  // One statement for the whole file: the rows travel as one JSON parameter. The first load
  // (every fresh database, so every test server) is a plain insert; a reload upserts, so a row
  // other tables may point at is updated in place, and deletes what the file no longer has.
  const values = sql`SELECT ${file.generation}, r->>0, r->>1, r->>2, r->>3, r->>4, r->>5, r->>6
    FROM jsonb_array_elements(${rows}::jsonb) AS r`;
  const columns = sql`areas (generation, code, parent_code, type, name, short_name, division, search_text)`;
  if (!present) await tx.execute(sql`INSERT INTO ${columns} ${values}`);
  else {
    await tx.execute(sql`
      INSERT INTO ${columns} ${values}
      ON CONFLICT (generation, code) DO UPDATE SET
        parent_code = excluded.parent_code, type = excluded.type, name = excluded.name,
        short_name = excluded.short_name, division = excluded.division, search_text = excluded.search_text
      WHERE (areas.parent_code, areas.type, areas.name, areas.short_name, areas.division, areas.search_text)
        IS DISTINCT FROM (excluded.parent_code, excluded.type, excluded.name, excluded.short_name,
                          excluded.division, excluded.search_text)`);
    await tx.execute(sql`
      DELETE FROM areas WHERE generation = ${file.generation}
        AND code NOT IN (SELECT r->>0 FROM jsonb_array_elements(${rows}::jsonb) AS r)`);
  }
  await tx
    .insert(areaSources)
    .values({
      generation: file.generation,
      source: file.source,
      checksum: file.checksum,
      rowCount: file.rows.length,
    })
    .onConflictDoUpdate({
      target: areaSources.generation,
      set: { source: file.source, checksum: file.checksum, rowCount: file.rows.length, loadedAt: sql`now()` },
    });
}
