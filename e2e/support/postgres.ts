import pg from 'pg';
import { randomBytes } from 'node:crypto';

const adminUrl = process.env.TEST_DATABASE_URL_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of the test's own on the PostgreSQL server, or null when no server answers.
 * `copyOf`: a copy of that database (CREATE DATABASE … TEMPLATE: about 0.7 s) instead of an
 * empty one; nothing may be connected to it (global-setup.ts's seeded database, its portal
 * stopped).
 */
export async function createScratchDatabase(
  prefix: string,
  options: { copyOf?: string } = {},
): Promise<ScratchDatabase | null> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`CREATE DATABASE ${name}${options.copyOf ? ` TEMPLATE ${options.copyOf}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
