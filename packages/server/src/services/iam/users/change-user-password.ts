import { ConflictReasons, ErrorCodes } from '@hcm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { users } from '../../../db/schema.ts';
import { AppError, conflictBecause } from '../../../http/errors.ts';
import type { ActionContext } from '../../../resources/action-log/record-actions.ts';
import type { PasswordHasher } from '../passwords/password-hasher.ts';
import { revokeUserSessions } from '../session/revoke-user-sessions.ts';
import { clearSignInFailures } from '../session/sign-in-failures.ts';
import type { EscalationGuard } from '../authorization/escalation.ts';
import { recordUserAdministration } from './record-user-administration.ts';
import { reachableBy, type Caller } from './unlock-users.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 409: a user made from the directory signs in with the directory's password, not one kept here. */
export const passwordOfTheDirectory = () =>
  conflictBecause(
    ConflictReasons.directoryPassword,
    "This user signs in with the organisation's directory password: change it in the directory",
  );

export const userNotFound = () => new AppError(404, ErrorCodes.userNotFound, 'The user does not exist');

/**
 * An administrator sets a user's password (the policy is checked by the request schema). The
 * user must be one the caller reaches (unlock-users.ts reachableBy: a tenant administrator its
 * tenant's users, a system administrator anyone), else 404 USER_NOT_FOUND, as for an id that
 * does not exist; only root may change a root's password. Every sign-in of the user ends, and
 * its sign-in locks with it; the action log records it (CHANGE_PASSWORD). `db` is the owner
 * connection; everything happens in one transaction. `passwordChangeRequired` (default true):
 * the user must replace the password with their own at the next sign-in (migrations/0026).
 */
export async function changeUserPassword(
  deps: { db: Db; passwords: PasswordHasher },
  caller: Caller,
  guard: EscalationGuard,
  userId: string,
  newPassword: string,
  context: ActionContext,
  passwordChangeRequired = true,
): Promise<void> {
  if (!UUID.test(userId)) throw userNotFound();
  // Hashed before the transaction: argon2 takes a while and holds no connection.
  const passwordHash = await deps.passwords.hash(newPassword);
  await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: users.id,
        username: users.username,
        tenantId: users.tenantId,
        isRoot: users.isRoot,
        wasRequired: users.passwordChangeRequired,
        directoryDn: users.directoryDn,
      })
      .from(users)
      .where(and(eq(users.id, userId), reachableBy(caller)));
    if (!user || (user.isRoot && !caller.isRoot)) throw userNotFound();
    if (user.directoryDn !== null) throw passwordOfTheDirectory();
    // Taking over an account by its password is the escalation the rule exists for.
    await guard.accounts(tx, [user.id], 'CHANGE_PASSWORD');
    await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangeRequired,
        lastModifiedAt: new Date(),
        lastModifiedBy: caller.userId,
      })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id);
    await clearSignInFailures(tx, [user.username]);
    await recordUserAdministration(tx, context, 'CHANGE_PASSWORD', [user], {
      passwordChangeRequired: { before: user.wasRequired, after: passwordChangeRequired },
    });
  });
}
