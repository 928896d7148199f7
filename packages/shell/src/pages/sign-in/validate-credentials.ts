import { ErrorCodes, type FieldError } from '@hcm/contracts';
import type { ApiError } from '@hcm/session';
import { ClientErrorCodes } from '@hcm/session';
import type { ShellMessage } from '../../shell-i18n.ts';

export interface CredentialFields {
  username: string;
  password: string;
}

export type CredentialErrors = Partial<Record<keyof CredentialFields, ShellMessage>>;

/** Checks before any call is made: both fields are required (a blank username counts as empty). */
export function validateCredentials({ username, password }: CredentialFields): CredentialErrors {
  const errors: CredentialErrors = {};
  if (username.trim() === '') errors.username = { key: 'signIn.errors.usernameRequired' };
  if (password === '') errors.password = { key: 'signIn.errors.passwordRequired' };
  return errors;
}

export const hasErrors = (errors: CredentialErrors) => Object.keys(errors).length > 0;

/**
 * The server's per-field problems of a 400, on the fields this form has, each in the user's
 * words (`describe`: its key's text with the field's label, never the server's English). The
 * browser check has no field: its refusals are told in the error bar (signInFailureMessage).
 */
export function serverFieldErrors(
  error: ApiError,
  describe: (problem: FieldError) => string,
): CredentialErrors {
  const errors: CredentialErrors = {};
  for (const fieldError of error.fieldErrors) {
    if (fieldError.field === 'username' || fieldError.field === 'password')
      errors[fieldError.field] ??= { text: describe(fieldError) };
  }
  return errors;
}

/**
 * The end of a lock as the server states it (`params.until`, or in older answers its message:
 * `... locked until 2026-11-22T21:36:32.737Z`), shown as the user's own clock time (HH:mm, and
 * the date when it is not today).
 */
function lockEnd(error: ApiError, now = new Date()): string | undefined {
  const given = typeof error.params.until === 'string' ? error.params.until : error.message;
  const iso = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/.exec(given)?.[0];
  if (!iso) return undefined;
  const until = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(until.getHours())}:${pad(until.getMinutes())}`;
  return until.toDateString() === now.toDateString()
    ? time
    : `${time} ${pad(until.getDate())}/${pad(until.getMonth() + 1)}/${until.getFullYear()}`;
}

/**
 * What the error bar says: the sign-in's own refusals (wrong password, locked account, the
 * browser check) in the page's words; any other refusal as `describe` words it (by its status
 * and code, never the server's English); our words when there was no usable answer.
 */
export function signInFailureMessage(
  error: ApiError,
  describe: (error: ApiError) => string,
  now = new Date(),
): ShellMessage {
  if (error.code === ClientErrorCodes.network) return { key: 'signIn.errors.network' };
  // The two refusals every user meets, in the page's language rather than the server's English.
  if (error.code === ErrorCodes.invalidCredentials) return { key: 'signIn.errors.invalidCredentials' };
  if (error.code === ErrorCodes.accountLocked) {
    const until = lockEnd(error, now);
    return until
      ? { key: 'signIn.errors.lockedUntil', values: { time: until } }
      : { key: 'signIn.errors.locked' };
  }
  if (error.code === ErrorCodes.captchaRequired) return { key: 'signIn.captcha.requiredByServer' };
  if (error.code === ErrorCodes.captchaInvalid) return { key: 'signIn.captcha.invalid' };
  if (error.code !== ClientErrorCodes.badResponse && error.status >= 400 && error.status < 500) {
    return { text: describe(error) };
  }
  return { key: 'signIn.errors.unexpected' };
}
