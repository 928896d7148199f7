import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import type { Database, Engine } from '../db/database.ts';
import { openDatabase } from '../db/open-database.ts';
import { resolveServerPaths } from '../paths.ts';
import { ADMIN_URL } from './engines.ts';

/**
 * For a suite that tests one migration on the data before it: the migrations folder as it was
 * before `tag` (the same files, the journal cut before it), to migrate an empty database to, write
 * the old rows, then migrate with the real folder.
 */
export function migrationsBefore(tag: string): { dir: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'hcm-migrations-'));
  cpSync(resolveServerPaths().migrationsDir, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at <= 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`migration ${tag} is not in the journal (or is the first)`);
  }
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** An empty database of `engine` (not the migrated template: the suite migrates in two steps). */
export async function emptyDatabase(engine: Engine): Promise<{ db: Database; dispose(): Promise<void> }> {
  if (engine === 'pglite') {
    const db = await openDatabase(loadConfig({ DATA_DIR: 'memory://' }).database);
    return { db, dispose: () => db.close() };
  }
  const name = `hcm_test_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await openDatabase(loadConfig({ DATABASE_URL: url.toString() }).database);
  return {
    db,
    async dispose() {
      await db.close();
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
