import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { it } from 'vitest';
import type { Engine } from '../db/database.ts';

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
 * PostgreSQL database with a random name. `dispose` removes it.
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
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    async dispose() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
