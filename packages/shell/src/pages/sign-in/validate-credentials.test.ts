import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '@hcm/contracts';
import { ApiError, ClientErrorCodes } from '@hcm/session';
import { serverFieldErrors, signInFailureMessage, validateCredentials } from './validate-credentials.ts';

describe('sign-in validation', () => {
  it("words the browser check's refusals itself, in the bar only", () => {
    const missing = new ApiError(400, ErrorCodes.captchaRequired, 'Enter the characters', [
      { field: 'captcha', code: 'error.required', message: 'is required' },
    ]);
    const wrong = new ApiError(400, ErrorCodes.captchaInvalid, 'The captcha was wrong', [
      { field: 'captcha', code: 'error.invalidValue', message: 'is wrong or has expired' },
    ]);
    expect(serverFieldErrors(missing)).toEqual({});
    expect(serverFieldErrors(wrong)).toEqual({});
    expect(signInFailureMessage(missing)).toEqual({ key: 'signIn.captcha.requiredByServer' });
    expect(signInFailureMessage(wrong)).toEqual({ key: 'signIn.captcha.invalid' });
  });

  it('requires both fields, and a blank username is empty', () => {
    expect(validateCredentials({ username: '  ', password: '' })).toEqual({
      username: { key: 'signIn.errors.usernameRequired' },
      password: { key: 'signIn.errors.passwordRequired' },
    });
    expect(validateCredentials({ username: 'hradmin', password: ' x ' })).toEqual({});
  });

  it("puts the server's field errors on the matching fields", () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'invalid', [
      { field: 'username', code: 'error.pattern', message: 'Tên đăng nhập sai định dạng' },
      { field: 'rememberMe', code: 'error.invalidValue', message: 'ignored here' },
    ]);
    expect(serverFieldErrors(error)).toEqual({ username: { text: 'Tên đăng nhập sai định dạng' } });
  });

  it("words wrong credentials and a lock in the page's language, the lock's end in local time", () => {
    expect(
      signInFailureMessage(new ApiError(401, 'INVALID_CREDENTIALS', 'Wrong user name or password')),
    ).toEqual({ key: 'signIn.errors.invalidCredentials' });
    const until = new Date(2026, 10, 22, 21, 36, 32);
    const locked = new ApiError(
      429,
      'ACCOUNT_LOCKED',
      `Too many failed sign-ins: the account is locked until ${until.toISOString()}`,
    );
    expect(signInFailureMessage(locked, new Date(2026, 10, 22, 21, 20))).toEqual({
      key: 'signIn.errors.lockedUntil',
      values: { time: '21:36' },
    });
    expect(signInFailureMessage(locked, new Date(2026, 10, 21, 9, 0))).toEqual({
      key: 'signIn.errors.lockedUntil',
      values: { time: '21:36 22/11/2026' },
    });
    expect(signInFailureMessage(new ApiError(401, 'ACCOUNT_LOCKED', 'locked'))).toEqual({
      key: 'signIn.errors.locked',
    });
  });

  it("shows the server's message for another refusal and our own words otherwise", () => {
    expect(
      signInFailureMessage(new ApiError(400, 'VALIDATION_FAILED', 'Tên đăng nhập sai định dạng')),
    ).toEqual({
      text: 'Tên đăng nhập sai định dạng',
    });
    expect(signInFailureMessage(new ApiError(0, ClientErrorCodes.network, 'Network Error'))).toEqual({
      key: 'signIn.errors.network',
    });
    expect(signInFailureMessage(new ApiError(500, 'INTERNAL_ERROR', 'stack trace'))).toEqual({
      key: 'signIn.errors.unexpected',
    });
    expect(signInFailureMessage(new ApiError(200, ClientErrorCodes.badResponse, 'no token'))).toEqual({
      key: 'signIn.errors.unexpected',
    });
  });
});
