import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import type { ApiError } from '@hcm/session';
import { ClientErrorCodes } from '@hcm/session';
import type { ShellMessage } from '../../shell-i18n.ts';

export interface CredentialFields {
  username: string;
  password: string;
  /** the captcha's answer, present only while the server asks for one */
  captcha?: string;
}

export type CredentialErrors = Partial<Record<keyof CredentialFields, ShellMessage>>;

/**
 * Checks before any call is made: both fields are required (a blank username counts as empty),
 * and so is the captcha's answer once the server has asked for it.
 */
export function validateCredentials({ username, password, captcha }: CredentialFields): CredentialErrors {
  const errors: CredentialErrors = {};
  if (username.trim() === '') errors.username = { key: 'signIn.errors.usernameRequired' };
  if (password === '') errors.password = { key: 'signIn.errors.passwordRequired' };
  if (captcha !== undefined && captcha.trim() === '') errors.captcha = { key: 'signIn.captcha.required' };
  return errors;
}

export const hasErrors = (errors: CredentialErrors) => Object.keys(errors).length > 0;

/**
 * The server's per-field messages of a 400, on the fields this form has. The captcha's are in the
 * page's words: the server's ("is wrong or has expired") are English developer text.
 */
export function serverFieldErrors(error: ApiError): CredentialErrors {
  const errors: CredentialErrors = {};
  for (const fieldError of error.fieldErrors) {
    if (fieldError.field === 'username' || fieldError.field === 'password')
      errors[fieldError.field] ??= { text: fieldError.message };
    if (fieldError.field === 'captcha')
      errors.captcha ??= {
        key:
          fieldError.code === FieldErrorKeys.required ? 'signIn.captcha.required' : 'signIn.captcha.invalid',
      };
  }
  return errors;
}

/**
 * What the error bar says: the server's own message for what it refused (wrong password,
 * invalid input, locked account); our words for the captcha and when there was no usable answer.
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
