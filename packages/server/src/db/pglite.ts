import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database } from './database.ts';
import { schema } from './schema.ts';

/**
 * Embedded PostgreSQL (WASM) in this process. `dataDir` keeps its files across restarts;
 * undefined gives a throw-away in-memory database. One process at a time may open a dataDir.
 */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir === undefined ? {} : { dataDir });
  const orm = drizzle({ client, schema });
  return {
    engine: 'pglite',
    orm,
    migrate: (migrationsFolder) => migrate(orm, { migrationsFolder }),
    async serverVersion() {
      const result = await client.query<{ server_version: string }>('SHOW server_version');
      return result.rows[0]?.server_version ?? 'unknown';
    },
    close: () => client.close(),
  };
}
