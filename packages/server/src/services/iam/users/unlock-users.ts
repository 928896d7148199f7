import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { users } from '../../../db/schema.ts';
import type { ActionContext } from '../../../resources/action-log/record-actions.ts';
import { clearSignInFailures } from '../session/sign-in-failures.ts';
import type { EscalationGuard } from '../authorization/escalation.ts';
import { recordUserAdministration } from './record-user-administration.ts';

/** Who asks (the route has already checked its permission user.update). */
export interface Caller {
  userId: string;
  /** null for system users */
  tenantId: string | null;
  isRoot: boolean;
}

/**
 * The users an administrator reaches, checked here explicitly because these operations run on
 * the owner connection (sign_in_failures and refresh_tokens are out of the application role's
 * reach): a tenant administrator its own tenant's users; a system administrator (root, or a
 * system user holding user.update) every user of every tenant and the system users. Row-level
 * security is not loosened for this: the ordinary scoped path still shows system scope no
 * tenant user.
 */
export const reachableBy = (caller: Caller): SQL | undefined =>
  caller.tenantId === null ? undefined : eq(users.tenantId, caller.tenantId);

/**
 * Ends the sign-in locks (and the failure counts, from every address) of the named users.
 * Names the caller does not reach, and unknown names, are silently left out; the answer lists
 * the names that were found, as stored, in the order asked. Each unlocked user is recorded in
 * the action log (UNLOCK). `db` is the owner connection.
 */
export async function unlockUsers(
  db: Db,
  caller: Caller,
  guard: EscalationGuard,
  usernames: readonly string[],
  context: ActionContext,
): Promise<string[]> {
  const keys = [...new Set(usernames.map((name) => name.toLowerCase()))];
  const found = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: users.id, username: users.username, tenantId: users.tenantId })
      .from(users)
      .where(
        and(
          reachableBy(caller),
          sql`lower(${users.username}) IN (${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )})`,
        ),
      );
    await guard.accounts(
      tx,
      rows.map((row) => row.id),
      'UNLOCK_SIGN_IN',
    );
    await clearSignInFailures(
      tx,
      rows.map((row) => row.username),
    );
    await recordUserAdministration(tx, context, 'UNLOCK', rows);
    return rows;
  });
  const order = new Map(keys.map((key, index) => [key, index]));
  return found
    .map((row) => row.username)
    .sort((a, b) => (order.get(a.toLowerCase()) ?? 0) - (order.get(b.toLowerCase()) ?? 0));
}
