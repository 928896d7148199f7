import type { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Database, Db, Engine } from '../db/database.ts';
import { createTestDatabase, type TestDatabase, openTestDatabase } from './engines.ts';

/**
 * A database of the suite's own on `engine`, migrated in beforeAll and removed in afterAll, for
 * the suites that talk SQL to the database without a server (schema, row-level security, what
 * the application role reaches). Read `database()` inside tests.
 */
export function migratedDatabaseDuringSuite(engine: Engine): () => Database {
  let scratch: TestDatabase | undefined;
  let db: Database | undefined;
  beforeAll(async () => {
    scratch = await createTestDatabase(engine);
    const config = loadConfig(scratch.env);
    db = await openTestDatabase(config.database);
    await db.migrate(config.migrationsDir);
  });
  afterAll(async () => {
    await db?.close();
    await scratch?.dispose();
  });
  return () => {
    if (!db) throw new Error('migratedDatabaseDuringSuite: the database opens in beforeAll');
    return db;
  };
}

/** Raw SQL rows, the same on both drivers. */
export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The database's own refusal of `work` (drizzle wraps it: the driver's error is the cause). */
export async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? String(error);
  }
  return 'not refused';
}
