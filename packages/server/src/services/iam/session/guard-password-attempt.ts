import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import type { SignInProtectionConfig } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { consumeCaptcha } from '../captcha/consume-captcha.ts';
import {
  readSignInState,
  recordSignInFailure,
  type SignInAttempt,
  type SignInState,
} from './sign-in-failures.ts';

const captchaRequired = () =>
  new AppError(400, ErrorCodes.captchaRequired, 'This attempt needs a solved verification challenge', [
    { field: 'captcha', code: FieldErrorKeys.required, message: 'is required' },
  ]);

const captchaInvalid = () =>
  new AppError(400, ErrorCodes.captchaInvalid, 'The verification challenge was not solved or has expired', [
    { field: 'captcha', code: FieldErrorKeys.invalidValue, message: 'is wrong or has expired' },
  ]);

export type GuardedOutcome<T> =
  | { ok: true; value: T }
  /** captchaRequired: the next attempt of this (name, address) must carry x-captcha */
  | { ok: false; error: AppError; captchaRequired: boolean };

/** What the guarded proof found: the value on success, else the error to answer (counted). */
export type Proof<T> = { ok: true; value: T } | { ok: false; error: AppError };

/**
 * Every proof of a password (sign-in, the user's own password change) goes through here, with
 * one count per (user name, client address) for both (sign-in-failures.ts):
 *
 * 1. a locked pair answers `locked(until)` whatever the password, and the attempt is not counted;
 * 2. after `captchaAfterFailures` failures the `x-captcha` header (a solved proof of work) is
 *    required: missing answers 400 CAPTCHA_REQUIRED, unsolved, reused or expired 400
 *    CAPTCHA_INVALID, and both count as a failure (the password is not even checked);
 * 3. `prove` runs; its refusal counts, and the failure that reaches `maxFailures` answers
 *    `locked(until)` instead.
 *
 * `db` is the owner connection, outside any transaction, so that a count is never rolled back
 * with the work it refused. The caller clears the pair on success (clearSignInFailuresOf).
 */
export async function guardPasswordAttempt<T>(
  deps: { db: Db; signIn: SignInProtectionConfig },
  attempt: SignInAttempt,
  captchaHeader: string | undefined,
  locked: (until: Date) => AppError,
  prove: () => Promise<Proof<T>>,
): Promise<GuardedOutcome<T>> {
  const { signIn: config } = deps;
  const needsCaptcha = (state: SignInState) =>
    config.captchaAfterFailures > 0 && state.failures >= config.captchaAfterFailures;
  const refuse = (error: AppError, state: SignInState): GuardedOutcome<T> =>
    state.lockedUntil
      ? { ok: false, error: locked(state.lockedUntil), captchaRequired: false }
      : { ok: false, error, captchaRequired: needsCaptcha(state) };
  const fail = async (error: AppError) => refuse(error, await recordSignInFailure(deps.db, config, attempt));

  const before = await readSignInState(deps.db, config, attempt);
  if (before.lockedUntil) return { ok: false, error: locked(before.lockedUntil), captchaRequired: false };
  if (needsCaptcha(before)) {
    if (captchaHeader === undefined || captchaHeader === '') return fail(captchaRequired());
    if (!(await consumeCaptcha(deps.db, captchaHeader))) return fail(captchaInvalid());
  }
  const proof = await prove();
  return proof.ok ? proof : fail(proof.error);
}
