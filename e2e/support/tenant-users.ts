import { join } from 'node:path';
// The server's own test factories and database openers: the rows are made exactly as the
// server's tests make them (argon2id hash, a role of the user's own, row-level security scope).
import { openPglite } from '../../packages/server/src/db/pglite.ts';
import { openPostgres } from '../../packages/server/src/db/postgres.ts';
import type { Database } from '../../packages/server/src/db/database.ts';
import { createPasswordHasher } from '../../packages/server/src/services/iam/passwords/password-hasher.ts';
import { makeTenant, makeUser } from '../../packages/server/src/testing/factories.ts';

export interface TenantUser {
  username: string;
  password: string;
  fullName: string;
}

/** Where a portal keeps its data: a PostgreSQL database, or PGlite files the server must not hold. */
export type PortalDatabase = { databaseUrl: string } | { dataDir: string };

async function openPortalDatabase(where: PortalDatabase): Promise<Database> {
  // The server keeps PGlite's files in <DATA_DIR>/pglite (README "Environment").
  return 'databaseUrl' in where
    ? openPostgres({ url: where.databaseUrl, maxConnections: 2 })
    : openPglite(join(where.dataDir, 'pglite'));
}

/**
 * Adds a new tenant (licensed for every module) with one user holding exactly `permissions`,
 * straight into a portal's database. PGlite's files may be opened by one process at a time, so
 * a PGlite portal must be stopped meanwhile.
 */
export async function addTenantUser(
  where: PortalDatabase,
  options: { permissions: readonly string[]; fullName: string },
): Promise<TenantUser> {
  const database = await openPortalDatabase(where);
  try {
    const db = database.orm;
    const tenant = await makeTenant(db, { name: 'Công ty Quyền Hạn Chế' });
    const made = await makeUser(
      { db, passwords: await createPasswordHasher() },
      { tenantId: tenant.id, fullName: options.fullName, permissions: options.permissions },
    );
    return { username: made.user.username, password: made.password, fullName: options.fullName };
  } finally {
    await database.close();
  }
}
