import { randomUUID } from 'node:crypto';
import { ErrorCodes, type AuthenticateBody, type TokenSet } from '@hcm/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema.ts';
import { AppError, invalidCredentials } from '../../../http/errors.ts';
import type { IamDeps } from '../deps.ts';
import { directoryAccepts } from '../directory/directory-client.ts';
import { loadDirectoryAccess } from '../directory/directory-settings.ts';
import { findUserByUsername, type UserWithTenant } from '../users/find-user.ts';
import { guardPasswordAttempt, type GuardedOutcome } from './guard-password-attempt.ts';
import { issueTokenSet } from './issue-token-set.ts';
import { clearSignInFailuresOf } from './sign-in-failures.ts';

/** `params.until`: the lock's end, for the browser to say in the user's own clock time. */
export const accountLocked = (until: Date) =>
  new AppError(
    401,
    ErrorCodes.accountLocked,
    `Too many failed sign-ins: the account is locked until ${until.toISOString()}`,
    undefined,
    undefined,
    { until: until.toISOString() },
  );

/**
 * A user made from the directory signs in with the directory's password: the server binds as
 * their entry, with the tenant's directory settings (sync on). The portal keeps no password for
 * them; a directory that is down or switched off lets nobody in, like a wrong password.
 */
async function directoryPasswordOk(deps: IamDeps, found: UserWithTenant, password: string): Promise<boolean> {
  const { tenantId, directoryDn } = found.user;
  if (tenantId === null || directoryDn === null) return false;
  const access = await loadDirectoryAccess(deps.db, tenantId);
  if (!access?.settings.enabled) return false;
  return directoryAccepts(access.settings.url, directoryDn, password);
}

export type SignInOutcome =
  | { ok: true; tokenSet: TokenSet; userId: string; tenantId: string | null }
  /** captchaRequired: the next attempt for this name from this address must carry x-captcha */
  | { ok: false; error: AppError; captchaRequired: boolean };

/**
 * Sign-in by user name (any case) and password, guarded per (user name as typed, client
 * address) by guardPasswordAttempt: a lock or a captcha demand holds for that address only, so
 * a stranger's failures never keep the owner out from elsewhere.
 *
 * Every failure, whether unknown user, wrong password, inactive user or inactive tenant, gives
 * the same 401 INVALID_CREDENTIALS after the same argon2 work, and counts; unknown names are
 * counted, captcha'd and locked like real ones, so no answer tells which user names exist. A
 * success clears the pair's count. The outcome is returned, not thrown, so the route can add
 * its header. `clientIp` is request.ip (TRUST_PROXY decides whose address that is).
 */
export async function authenticateUser(
  deps: IamDeps,
  input: AuthenticateBody,
  captchaHeader: string | undefined,
  clientIp: string,
): Promise<SignInOutcome> {
  const attempt = { username: input.username, clientIp };
  const guarded: GuardedOutcome<UserWithTenant> = await guardPasswordAttempt(
    deps,
    attempt,
    captchaHeader,
    accountLocked,
    async () => {
      const found = await findUserByUsername(deps.db, input.username);
      const passwordOk = found?.user.directoryDn
        ? await directoryPasswordOk(deps, found, input.password)
        : await deps.passwords.verify(found?.user.passwordHash, input.password);
      if (
        !found ||
        !passwordOk ||
        found.user.status !== 'ACTIVE' ||
        (found.tenant && found.tenant.status !== 'ACTIVE')
      )
        return { ok: false, error: invalidCredentials() };
      return { ok: true, value: found };
    },
  );
  if (!guarded.ok) return guarded;
  const found = guarded.value;

  const tokenSet = await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, found.user.id));
    await clearSignInFailuresOf(tx, attempt);
    const issued = await issueTokenSet(
      { ...deps, db: tx },
      { ...found, familyId: randomUUID(), rememberMe: input.rememberMe ?? false },
    );
    return issued.tokenSet;
  });
  return {
    ok: true,
    // The session works, restricted to the own password change until then (migrations/0026).
    tokenSet: { ...tokenSet, passwordChangeRequired: found.user.passwordChangeRequired },
    userId: found.user.id,
    tenantId: found.user.tenantId,
  };
}
