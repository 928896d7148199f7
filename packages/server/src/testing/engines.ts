import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { DatabaseConfig } from '../config.ts';
import type { Database, Engine } from '../db/database.ts';
import { migratedPgliteImage } from '../db/pglite.ts';
import { openDatabase } from '../db/open-database.ts';
import { resolveServerPaths } from '../paths.ts';

export const ADMIN_URL = process.env.TEST_DATABASE_URL_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let postgresAnswers: Promise<boolean> | undefined;

/** Whether the PostgreSQL server answers (asked once per test file). */
export function postgresAvailable(): Promise<boolean> {
  postgresAnswers ??= (async () => {
    const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch {
      return false;
    }
  })();
  return postgresAnswers;
}

export interface TestEngine {
  engine: Engine;
}

/**
 * Which engines a suite runs on (docs/testing.md, "Which suites run on which engine"), for
 * `describe.each(await testEngines())('… on $engine', ({ engine }) => …)`:
 *
 * - `'both'`: PGlite and PostgreSQL. For what differs between the engines or what the embedded
 *   default must prove by itself: migrations and the schema, row-level security and what the
 *   application role reaches, the route probes, one pass of every resource, start-up and
 *   health, and the suites of findings that were engine-specific (stalled clients, hostile
 *   imports, sessions, sign-in protection).
 * - `'server'` (the default): PostgreSQL, the engine production runs on. The same SQL runs on
 *   PGlite, so a second pass of business behaviour mostly repeats itself at twice the cost.
 *   When no PostgreSQL server answers, these suites run on PGlite instead, so nothing is
 *   skipped on a machine without one.
 *
 * HCM_TEST_ENGINES=both runs every suite on both engines (before touching the database layer).
 * When a suite wants PostgreSQL and no server answers, its PostgreSQL pass is left out and one
 * skipped test says so in the report: the suites themselves never check (no preamble to copy).
 */
export async function testEngines(coverage: 'both' | 'server' = 'server'): Promise<TestEngine[]> {
  const postgres = await postgresAvailable();
  if (coverage === 'both' || process.env.HCM_TEST_ENGINES === 'both') {
    if (postgres) return [{ engine: 'pglite' }, { engine: 'postgresql' }];
    it.skip(`PostgreSQL at ${new URL(ADMIN_URL).host} does not answer: the PostgreSQL pass is skipped`, () =>
      undefined);
    return [{ engine: 'pglite' }];
  }
  return [{ engine: postgres ? 'postgresql' : 'pglite' }];
}

/**
 * A database of the test's own, given as the environment variables that select it:
 * PGlite in memory (or, with `files`, in a temp folder that survives restarts), or a fresh
 * PostgreSQL database with a random name, a copy of the migrated template. `dispose` removes it.
 */
export interface TestDatabase {
  env: Record<string, string>;
  dispose(): Promise<void>;
}

export async function createTestDatabase(
  engine: Engine,
  options: { files?: boolean } = {},
): Promise<TestDatabase> {
  if (engine === 'pglite') {
    if (!options.files) return { env: { DATA_DIR: 'memory://' }, dispose: async () => undefined };
    const dir = mkdtempSync(join(tmpdir(), 'hcm-server-test-'));
    return { env: { DATA_DIR: dir }, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `hcm_test_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await copyTemplate(admin, name);
  } finally {
    await admin.end();
  }
  return {
    env: { DATABASE_URL: databaseUrl(name) },
    async dispose() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const databaseUrl = (name: string) => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

let template: Promise<string> | undefined;
let pgliteImage: Promise<Blob> | undefined;

/**
 * What a test opens `config` with: an in-memory PGlite starts from the files of a migrated one
 * (built once per test process), so its start costs 0.7 s instead of 4 s; any other opens as
 * the portal opens it. Migrating from nothing is still done, by building the image (and the
 * PostgreSQL template), once a run.
 */
export async function openTestDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.engine !== 'pglite' || config.dataDir !== undefined) return openDatabase(config);
  pgliteImage ??= migratedPgliteImage(resolveServerPaths().migrationsDir);
  return openDatabase(config, undefined, await pgliteImage);
}

/** Creates `name` as a copy of the template; builds the template again if another run dropped it. */
async function copyTemplate(admin: pg.Client, name: string): Promise<void> {
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await migratedTemplate()}`);
  } catch (error) {
    const INVALID_CATALOG_NAME = '3D000';
    if ((error as { code?: string }).code !== INVALID_CATALOG_NAME) throw error;
    template = undefined;
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await migratedTemplate()}`);
  }
}

/**
 * The name of a PostgreSQL database migrated to the newest version, which test databases are
 * copied from (CREATE DATABASE … TEMPLATE, a file copy): migrating each fresh database cost
 * about 1.7 s of every server suite. It is named after the migrations' contents, so a changed
 * migration builds a new one, and built once for all test processes under an advisory lock.
 */
export function migratedTemplate(): Promise<string> {
  template ??= buildTemplate();
  return template;
}

async function buildTemplate(): Promise<string> {
  const { migrationsDir } = resolveServerPaths();
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(migrationsDir, file);
    if (statSync(path).isFile()) hash.update(file).update(readFileSync(path));
  }
  const name = `hcm_template_${hash.digest('hex').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`SELECT pg_advisory_lock(hashtext('hcm.test-template'))`);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      // Built under another name and renamed when whole: a run that dies half-way leaves no
      // half-migrated template behind.
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      await admin.query(`CREATE DATABASE ${building}`);
      const db = await openDatabase(loadConfig({ DATABASE_URL: databaseUrl(building) }).database);
      try {
        await db.migrate(migrationsDir);
      } finally {
        await db.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      // Templates of older migrations are of no more use.
      const stale = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'hcm\\_template\\_%' AND datname <> $1`,
        [name],
      );
      for (const { datname } of stale.rows)
        await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
    }
    return name;
  } finally {
    await admin.query(`SELECT pg_advisory_unlock(hashtext('hcm.test-template'))`).catch(() => undefined);
    await admin.end();
  }
}
