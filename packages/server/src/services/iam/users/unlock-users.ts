import { and, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { users } from '../../../db/schema.ts';
import { clearSignInFailures } from '../session/sign-in-failures.ts';

/** Who asks: an administrator acts on the users of its own tenant (system users: on system users). */
export interface Caller {
  userId: string;
  /** null for system users */
  tenantId: string | null;
  isRoot: boolean;
}

/** The caller's own tenant (or, for a system user, the system users): row-level security agrees. */
export const sameTenantAs = (caller: Caller) =>
  sql`${users.tenantId} IS NOT DISTINCT FROM ${caller.tenantId}`;

/**
 * Ends the sign-in lock (and the failure count) of the named users. Names of other tenants'
 * users, and unknown names, are silently left out; the answer lists the names that were found,
 * as stored, in the order asked. `db` is the caller's scoped transaction.
 */
export async function unlockUsers(db: Db, caller: Caller, usernames: readonly string[]): Promise<string[]> {
  const keys = [...new Set(usernames.map((name) => name.toLowerCase()))];
  const found = await db
    .select({ username: users.username })
    .from(users)
    .where(
      and(
        sameTenantAs(caller),
        sql`lower(${users.username}) IN (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )})`,
      ),
    );
  const names = found.map((row) => row.username);
  await clearSignInFailures(db, names);
  const order = new Map(keys.map((key, index) => [key, index]));
  return names.sort((a, b) => (order.get(a.toLowerCase()) ?? 0) - (order.get(b.toLowerCase()) ?? 0));
}
