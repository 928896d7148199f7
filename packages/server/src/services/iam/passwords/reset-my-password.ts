import { ErrorCodes, FieldErrorKeys, type ResetPasswordBody } from '@hcm/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { refreshTokens, users } from '../../../db/schema.ts';
import { AppError, validationFailed } from '../../../http/errors.ts';
import { revokeUserSessions } from '../session/revoke-user-sessions.ts';
import { sha256 } from '../tokens/opaque-token.ts';
import type { PasswordHasher } from './password-hasher.ts';

const fieldError = (field: keyof ResetPasswordBody, message: string, text: string) =>
  validationFailed([{ field, code: FieldErrorKeys.invalidValue, message }], text);

/**
 * The signed-in user changes its own password (the policy is checked by the request schema):
 * the old one must be right (a wrong one is a 400 with a field error, not a 401, which would
 * send the browser to refresh its token), the new one must differ, and `refreshToken` must be
 * a live token of the caller. Every other sign-in of the user ends; the one of that token goes
 * on. `db` is the caller's scoped transaction.
 */
export async function resetMyPassword(
  deps: { db: Db; passwords: PasswordHasher },
  userId: string,
  input: ResetPasswordBody,
  now = new Date(),
): Promise<void> {
  const [user] = await deps.db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError(404, ErrorCodes.userNotFound, 'The signed-in user no longer exists');

  const [session] = await deps.db
    .select({
      userId: refreshTokens.userId,
      familyId: refreshTokens.familyId,
      revokedAt: refreshTokens.revokedAt,
      expiresAt: refreshTokens.expiresAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(input.refreshToken)));
  if (!session || session.userId !== user.id || session.revokedAt !== null || session.expiresAt <= now)
    throw fieldError('refreshToken', 'is not a live session of yours', 'The session to keep is not valid');

  if (!(await deps.passwords.verify(user.passwordHash, input.oldPassword)))
    throw fieldError('oldPassword', 'is not your current password', 'The current password is wrong');
  if (input.newPassword === input.oldPassword)
    throw fieldError(
      'newPassword',
      'must differ from the current password',
      'The new password is the same as the old one',
    );

  await deps.db
    .update(users)
    .set({
      passwordHash: await deps.passwords.hash(input.newPassword),
      lastModifiedAt: now,
      lastModifiedBy: user.id,
    })
    .where(eq(users.id, user.id));
  await revokeUserSessions(deps.db, user.id, session.familyId);
}
