import pg from 'pg';
import { randomBytes } from 'node:crypto';

const adminUrl = process.env.TEST_DATABASE_URL_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A database of the test's own on the PostgreSQL server, or null when no server answers. */
export async function createScratchDatabase(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
