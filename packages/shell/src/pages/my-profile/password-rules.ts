import { FieldErrorKeys, FieldLimits, Patterns } from '@hcm/contracts';
import { Validators, type FieldError, type FormValidators } from '@hcm/ui';
import { shellError } from './shell-field-error.ts';

export type PasswordChange = {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
};

export type PasswordErrors = Partial<Record<keyof PasswordChange, FieldError>>;

export const emptyPasswordChange: PasswordChange = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** The policy's minimum (catalogues §5.1: "at least 8 characters"), told before the pattern. */
export const PASSWORD_MIN_LENGTH = 8;

/**
 * Each field on its own, with the spec's error keys (catalogues §5.1, §5.3). Passwords are not
 * trimmed or cleaned: a space is a character the policy refuses, not one to drop silently.
 */
export const passwordValidators: FormValidators<PasswordChange> = {
  oldPassword: [Validators.required(), Validators.maxLength(FieldLimits.passwordMax)],
  newPassword: [
    Validators.required(),
    Validators.minLength(PASSWORD_MIN_LENGTH),
    Validators.maxLength(FieldLimits.passwordMax),
    Validators.pattern(Patterns.password),
  ],
  confirmPassword: [Validators.required()],
};

/** The checks that compare fields: the new password must differ from the old and be typed twice alike. */
export function crossFieldErrors({
  oldPassword,
  newPassword,
  confirmPassword,
}: PasswordChange): PasswordErrors {
  const errors: PasswordErrors = {};
  if (newPassword !== '' && newPassword === oldPassword)
    errors.newPassword = shellError('myProfile.password.sameAsOld');
  if (confirmPassword !== '' && confirmPassword !== newPassword)
    errors.confirmPassword = shellError('myProfile.password.mismatch');
  return errors;
}

/**
 * The server's 400 on POST reset-password, on the fields: a wrong current password and a new one
 * equal to it get the page's own words; the policy's keys are the spec's. A field the form does
 * not have (refreshToken: the session to keep is no longer valid) is left to the caller.
 */
export function passwordServerErrors(errors: readonly { field: string; code: string }[]): PasswordErrors {
  const out: PasswordErrors = {};
  for (const { field, code } of errors) {
    const invalid = code === FieldErrorKeys.invalidValue;
    if (field === 'oldPassword')
      out.oldPassword ??= invalid ? shellError('myProfile.password.wrongOld') : { key: code };
    if (field === 'newPassword')
      out.newPassword ??= invalid ? shellError('myProfile.password.sameAsOld') : { key: code };
  }
  return out;
}
