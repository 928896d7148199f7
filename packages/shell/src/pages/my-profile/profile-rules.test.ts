import { describe, expect, it } from 'vitest';
import { firstError } from '@hcm/ui';
import { profileServerErrors, profileValidators, updateBodyOf } from './profile-rules.ts';

describe('profile rules', () => {
  it('requires the full name and checks the e-mail, which may be left empty', () => {
    expect(firstError('  ', profileValidators.fullName)?.key).toBe('error.required');
    expect(firstError('x'.repeat(201), profileValidators.fullName)?.key).toBe('error.maxlength');
    expect(firstError('', profileValidators.email)).toBe(null);
    expect(firstError('not-an-email', profileValidators.email)?.key).toBe('error.email');
  });

  it('sends cleaned text and removes an emptied e-mail', () => {
    expect(updateBodyOf({ fullName: '  Nguyễn   Văn An ', email: '  ', language: 'en' })).toEqual({
      fullName: 'Nguyễn Văn An',
      email: null,
      language: 'en',
    });
    expect(updateBodyOf({ fullName: 'An', email: ' an@example.vn ', language: 'vi' }).email).toBe(
      'an@example.vn',
    );
  });

  it('keeps the server’s field errors of the form’s fields', () => {
    expect(
      profileServerErrors([
        { field: 'email', code: 'error.email' },
        { field: 'extra', code: 'error.invalidValue' },
      ]),
    ).toEqual({ email: { key: 'error.email' } });
  });
});
