import { describe, expect, it } from 'vitest';
import { firstError } from '@hcm/ui';
import { crossFieldErrors, passwordServerErrors, passwordValidators } from './password-rules.ts';

const newPasswordError = (value: string) => firstError(value, passwordValidators.newPassword)?.key ?? null;

describe('password change rules', () => {
  it('holds the new password to the policy of catalogues §5.1, with the spec’s keys', () => {
    expect(newPasswordError('')).toBe('error.required');
    expect(newPasswordError('Ab#1')).toBe('error.minlength');
    expect(newPasswordError(`Ab#1${'x'.repeat(47)}`)).toBe('error.maxlength');
    expect(newPasswordError('abcdefgh')).toBe('error.pattern');
    expect(newPasswordError('Abcdefg1')).toBe('error.pattern');
    expect(newPasswordError('Abc def#1')).toBe('error.pattern');
    expect(newPasswordError('Abcdef#1')).toBe(null);
  });

  it('compares the fields: new differs from old, confirmation equals new', () => {
    expect(
      crossFieldErrors({ oldPassword: 'Abcdef#1', newPassword: 'Abcdef#1', confirmPassword: 'Abcdef#1' }),
    ).toEqual({
      newPassword: { key: 'pages.myProfile.password.sameAsOld' },
    });
    expect(
      crossFieldErrors({ oldPassword: 'Old#pass1', newPassword: 'Abcdef#1', confirmPassword: 'Abcdef#2' }),
    ).toEqual({
      confirmPassword: { key: 'pages.myProfile.password.mismatch' },
    });
    expect(crossFieldErrors({ oldPassword: '', newPassword: '', confirmPassword: '' })).toEqual({});
  });

  it('words the server’s refusals on the fields, and leaves the session token to the caller', () => {
    expect(
      passwordServerErrors([
        { field: 'oldPassword', code: 'error.invalidValue' },
        { field: 'newPassword', code: 'error.pattern' },
        { field: 'refreshToken', code: 'error.invalidValue' },
      ]),
    ).toEqual({
      oldPassword: { key: 'pages.myProfile.password.wrongOld' },
      newPassword: { key: 'error.pattern' },
    });
    expect(passwordServerErrors([{ field: 'newPassword', code: 'error.invalidValue' }])).toEqual({
      newPassword: { key: 'pages.myProfile.password.sameAsOld' },
    });
  });
});
