import { ErrorCodes, FieldErrorKeys, type ResetPasswordBody } from '@hcm/contracts';
import { eq } from 'drizzle-orm';
import { refreshTokens, users } from '../../../db/schema.ts';
import { passwordOfTheDirectory } from '../users/change-user-password.ts';
import { AppError, validationFailed } from '../../../http/errors.ts';
import type { ActionContext } from '../../../resources/action-log/record-actions.ts';
import type { IamDeps } from '../deps.ts';
import { recordUserAdministration } from '../users/record-user-administration.ts';
import { guardPasswordAttempt, type GuardedOutcome } from '../session/guard-password-attempt.ts';
import { revokeUserSessions } from '../session/revoke-user-sessions.ts';
import { clearSignInFailuresOf } from '../session/sign-in-failures.ts';
import { sha256 } from '../tokens/opaque-token.ts';

const fieldError = (field: keyof ResetPasswordBody, message: string, text: string) =>
  validationFailed([{ field, code: FieldErrorKeys.invalidValue, message }], text);

/**
 * Too many wrong current passwords from this address. 429, not 401: a 401 would send the
 * browser to refresh its token and try again.
 */
const passwordChecksLocked = (until: Date) =>
  new AppError(
    429,
    ErrorCodes.accountLocked,
    `Too many wrong passwords: password checks are locked until ${until.toISOString()}`,
  );

/**
 * The signed-in user changes its own password (the policy is checked by the request schema):
 * `refreshToken` must be a live token of the caller, the old password must be right, the new
 * one must differ. A wrong old password is a 400 with a field error (not a 401, which would
 * send the browser to refresh its token) and counts as a failed sign-in of the user's name from
 * the client's address, with the same captcha and lock (guardPasswordAttempt): a stolen access
 * token gives no more password guesses than the sign-in page, and no separate allowance. Every
 * other sign-in of the user ends; the one of that token goes on. The password is now the
 * user's own: a first-password restriction (migrations/0026) lifts from the next request. The
 * action log says CHANGE_PASSWORD, by the user on themselves.
 *
 * Runs on the owner connection for the user named by the verified token (refresh_tokens and
 * sign_in_failures are out of the application role's reach); the failure count is written
 * outside the transaction so that refusing does not roll it back.
 */
export async function resetMyPassword(
  deps: IamDeps,
  request: {
    userId: string;
    clientIp: string;
    captchaHeader: string | undefined;
    /** who and from where, for the action log */
    context: ActionContext;
  },
  input: ResetPasswordBody,
  now = new Date(),
): Promise<GuardedOutcome<null>> {
  const [user] = await deps.db
    .select({
      id: users.id,
      username: users.username,
      tenantId: users.tenantId,
      passwordHash: users.passwordHash,
      wasRequired: users.passwordChangeRequired,
      directoryDn: users.directoryDn,
    })
    .from(users)
    .where(eq(users.id, request.userId));
  if (!user) throw new AppError(404, ErrorCodes.userNotFound, 'The signed-in user no longer exists');
  if (user.directoryDn !== null) throw passwordOfTheDirectory();

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

  const attempt = { username: user.username, clientIp: request.clientIp };
  const guarded = await guardPasswordAttempt(
    deps,
    attempt,
    request.captchaHeader,
    passwordChecksLocked,
    async () =>
      (await deps.passwords.verify(user.passwordHash, input.oldPassword))
        ? { ok: true, value: null }
        : {
            ok: false,
            error: fieldError('oldPassword', 'is not your current password', 'The current password is wrong'),
          },
  );
  if (!guarded.ok) return guarded;
  if (input.newPassword === input.oldPassword)
    throw fieldError(
      'newPassword',
      'must differ from the current password',
      'The new password is the same as the old one',
    );

  const passwordHash = await deps.passwords.hash(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangeRequired: false, lastModifiedAt: now, lastModifiedBy: user.id })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, session.familyId);
    await clearSignInFailuresOf(tx, attempt);
    await recordUserAdministration(
      tx,
      request.context,
      'CHANGE_PASSWORD',
      [user],
      user.wasRequired ? { passwordChangeRequired: { before: true, after: false } } : {},
    );
  });
  return guarded;
}
