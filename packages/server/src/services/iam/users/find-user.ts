import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { tenants, users, type TenantRow, type UserRow } from '../../../db/schema.ts';

export interface UserWithTenant {
  user: UserRow;
  /** null for system users */
  tenant: TenantRow | null;
}

const withTenant = (db: Db) =>
  db.select({ user: users, tenant: tenants }).from(users).leftJoin(tenants, eq(tenants.id, users.tenantId));

export async function findUserById(db: Db, id: string): Promise<UserWithTenant | undefined> {
  const [row] = await withTenant(db).where(eq(users.id, id));
  return row;
}

/** User names are unique regardless of case (index users_username_key on lower(username)). */
export async function findUserByUsername(db: Db, username: string): Promise<UserWithTenant | undefined> {
  const [row] = await withTenant(db).where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}
