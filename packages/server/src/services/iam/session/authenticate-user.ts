import { randomUUID } from 'node:crypto';
import { ErrorCodes, FieldErrorKeys, type AuthenticateBody, type TokenSet } from '@hcm/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema.ts';
import { AppError, invalidCredentials } from '../../../http/errors.ts';
import { consumeCaptcha } from '../captcha/consume-captcha.ts';
import type { IamDeps } from '../deps.ts';
import { findUserByUsername } from '../users/find-user.ts';
import { issueTokenSet } from './issue-token-set.ts';
import {
  clearSignInFailures,
  readSignInState,
  recordSignInFailure,
  type SignInState,
} from './sign-in-failures.ts';

export const accountLocked = (until: Date) =>
  new AppError(
    401,
    ErrorCodes.accountLocked,
    `Too many failed sign-ins: the account is locked until ${until.toISOString()}`,
  );

const captchaRequired = () =>
  new AppError(400, ErrorCodes.captchaRequired, 'Enter the characters of the captcha picture', [
    { field: 'captcha', code: FieldErrorKeys.required, message: 'is required' },
  ]);

const captchaInvalid = () =>
  new AppError(400, ErrorCodes.captchaInvalid, 'The captcha was wrong or has expired: try a new one', [
    { field: 'captcha', code: FieldErrorKeys.invalidValue, message: 'is wrong or has expired' },
  ]);

export type SignInOutcome =
  | { ok: true; tokenSet: TokenSet; userId: string; tenantId: string | null }
  /** captchaRequired: the next attempt for this name must carry x-captcha */
  | { ok: false; error: AppError; captchaRequired: boolean };

/**
 * Sign-in by user name (any case) and password, guarded per user name as typed:
 *
 * 1. a locked name answers 401 ACCOUNT_LOCKED (with the time the lock ends), whatever the
 *    password, and the attempt is not counted;
 * 2. after `captchaAfterFailures` failures the `x-captcha` header is required: missing answers
 *    400 CAPTCHA_REQUIRED, wrong, reused or expired 400 CAPTCHA_INVALID, and both count as a
 *    failure (the password is not even checked);
 * 3. every other failure, whether unknown user, wrong password, inactive user or inactive
 *    tenant, gives the same 401 INVALID_CREDENTIALS after the same argon2 work, and counts;
 *    the failure that reaches `maxFailures` answers ACCOUNT_LOCKED instead;
 * 4. a success clears the count.
 *
 * Unknown names are counted, captcha'd and locked like real ones, so no answer tells which
 * user names exist. The outcome is returned, not thrown, so the route can add its header.
 */
export async function authenticateUser(
  deps: IamDeps,
  input: AuthenticateBody,
  captchaHeader: string | undefined,
): Promise<SignInOutcome> {
  const { signIn: config } = deps;
  const needsCaptcha = (state: SignInState) =>
    config.captchaAfterFailures > 0 && state.failures >= config.captchaAfterFailures;
  const refuse = (error: AppError, state: SignInState): SignInOutcome =>
    state.lockedUntil
      ? { ok: false, error: accountLocked(state.lockedUntil), captchaRequired: false }
      : { ok: false, error, captchaRequired: needsCaptcha(state) };
  const fail = async (error: AppError) =>
    refuse(error, await recordSignInFailure(deps.db, config, input.username));

  const before = await readSignInState(deps.db, config, input.username);
  if (before.lockedUntil) return refuse(invalidCredentials(), before);
  if (needsCaptcha(before)) {
    if (captchaHeader === undefined || captchaHeader === '') return fail(captchaRequired());
    if (!(await consumeCaptcha(deps.db, captchaHeader))) return fail(captchaInvalid());
  }

  const found = await findUserByUsername(deps.db, input.username);
  const passwordOk = await deps.passwords.verify(found?.user.passwordHash, input.password);
  if (
    !found ||
    !passwordOk ||
    found.user.status !== 'ACTIVE' ||
    (found.tenant && found.tenant.status !== 'ACTIVE')
  )
    return fail(invalidCredentials());

  const tokenSet = await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, found.user.id));
    await clearSignInFailures(tx, [input.username]);
    const issued = await issueTokenSet(
      { ...deps, db: tx },
      { ...found, familyId: randomUUID(), rememberMe: input.rememberMe ?? false },
    );
    return issued.tokenSet;
  });
  return { ok: true, tokenSet, userId: found.user.id, tenantId: found.user.tenantId };
}
