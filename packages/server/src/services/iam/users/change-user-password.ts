import { ErrorCodes } from '@hcm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { users } from '../../../db/schema.ts';
import { AppError } from '../../../http/errors.ts';
import type { PasswordHasher } from '../passwords/password-hasher.ts';
import { revokeUserSessions } from '../session/revoke-user-sessions.ts';
import { clearSignInFailures } from '../session/sign-in-failures.ts';
import { sameTenantAs, type Caller } from './unlock-users.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const userNotFound = () => new AppError(404, ErrorCodes.userNotFound, 'The user does not exist');

/**
 * An administrator sets a user's password (the policy is checked by the request schema). The
 * user must be of the caller's own tenant (system users: a system user), else 404 USER_NOT_FOUND,
 * as for an id that does not exist; only root may change a root's password. Every sign-in of
 * the user ends, and its sign-in lock with it. `db` is the caller's scoped transaction.
 */
export async function changeUserPassword(
  deps: { db: Db; passwords: PasswordHasher },
  caller: Caller,
  userId: string,
  newPassword: string,
): Promise<void> {
  if (!UUID.test(userId)) throw userNotFound();
  const [user] = await deps.db
    .select({ id: users.id, username: users.username, isRoot: users.isRoot })
    .from(users)
    .where(and(eq(users.id, userId), sameTenantAs(caller)));
  if (!user || (user.isRoot && !caller.isRoot)) throw userNotFound();

  const passwordHash = await deps.passwords.hash(newPassword);
  await deps.db
    .update(users)
    .set({ passwordHash, lastModifiedAt: new Date(), lastModifiedBy: caller.userId })
    .where(eq(users.id, user.id));
  await revokeUserSessions(deps.db, user.id);
  await clearSignInFailures(deps.db, [user.username]);
}
