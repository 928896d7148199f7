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

  it("shows the server's message for a refusal and our own words otherwise", () => {
    expect(signInFailureMessage(new ApiError(401, 'INVALID_CREDENTIALS', 'Sai mật khẩu'))).toEqual({
      text: 'Sai mật khẩu',
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
