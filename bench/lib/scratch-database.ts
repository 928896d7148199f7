import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pg } from './server-deps.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Runs `work` with the environment of a server on a scratch PostgreSQL database of its own
 * (`hcm_bench_<random>`, with the root and demo passwords a bench server needs, and `extra`),
 * then drops the database whatever happened.
 */
export async function withScratchDatabase<T>(
  work: (env: Record<string, string>) => Promise<T>,
  extra: Record<string, string> = {},
): Promise<T> {
  const name = `hcm_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    return await work({
      DATABASE_URL: url.toString(),
      HCM_ROOT_PASSWORD: 'Bench-Root#Pass1',
      HCM_DEMO_ADMIN_PASSWORD: 'Bench-Hr#Pass1',
      ...extra,
    });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * Runs `work` with the environment of a server on the embedded database (PGlite) in a folder of
 * its own, with the root and demo passwords a bench server needs and `extra`, then removes the
 * folder whatever happened.
 */
export async function withScratchDataDir<T>(
  work: (env: Record<string, string>) => Promise<T>,
  extra: Record<string, string> = {},
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'hcm-bench-'));
  try {
    return await work({
      DATA_DIR: dir,
      HCM_ROOT_PASSWORD: 'Bench-Root#Pass1',
      HCM_DEMO_ADMIN_PASSWORD: 'Bench-Hr#Pass1',
      ...extra,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
