import { ErrorCodes } from '@hcm/contracts';
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
 * The server's per-field messages of a 400, on the fields this form has. The browser check has
 * no field: its refusals are told in the error bar (signInFailureMessage).
 */
export function serverFieldErrors(error: ApiError): CredentialErrors {
  const errors: CredentialErrors = {};
  for (const fieldError of error.fieldErrors) {
    if (fieldError.field === 'username' || fieldError.field === 'password')
      errors[fieldError.field] ??= { text: fieldError.message };
  }
  return errors;
}

/**
 * What the error bar says: the server's own message for what it refused (wrong password,
 * invalid input, locked account); our words for the browser check and when there was no usable answer.
 */
export function signInFailureMessage(error: ApiError): ShellMessage {
  if (error.code === ClientErrorCodes.network) return { key: 'signIn.errors.network' };
  if (error.code === ErrorCodes.captchaRequired) return { key: 'signIn.captcha.requiredByServer' };
  if (error.code === ErrorCodes.captchaInvalid) return { key: 'signIn.captcha.invalid' };
  if (
    error.code !== ClientErrorCodes.badResponse &&
    error.status >= 400 &&
    error.status < 500 &&
    error.message
  ) {
    return { text: error.message };
  }
  return { key: 'signIn.errors.unexpected' };
}
