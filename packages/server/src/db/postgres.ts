import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database } from './database.ts';
import { schema } from './schema.ts';

export interface PostgresOptions {
  url: string;
  /** Called for errors of idle pooled connections, which would otherwise crash the process. */
  onIdleError?: (error: Error) => void;
  maxConnections?: number;
}

export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
  pool.on('error', (error) => options.onIdleError?.(error));
  // Fail at start, with the driver's message, rather than on the first request.
  await pool.query('SELECT 1').catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  const orm = drizzle({ client: pool, schema });
  return {
    engine: 'postgresql',
    orm,
    async migrate(migrationsFolder) {
      // Several API nodes may start together: a session-level advisory lock lets one migrate
      // while the others wait, then find nothing left to do. drizzle's migrator has no lock.
      const lockClient = await pool.connect();
      try {
        await lockClient.query(`SELECT pg_advisory_lock(hashtext('hcm.migrations'))`);
        await migrate(orm, { migrationsFolder });
      } finally {
        await lockClient
          .query(`SELECT pg_advisory_unlock(hashtext('hcm.migrations'))`)
          .catch(() => undefined);
        lockClient.release();
      }
    },
    async serverVersion() {
      const result = await pool.query<{ server_version: string }>('SHOW server_version');
      return result.rows[0]?.server_version ?? 'unknown';
    },
    close: () => pool.end(),
  };
}
