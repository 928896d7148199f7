import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '@hcm/contracts';
import { ApiError, ClientErrorCodes } from '@hcm/session';
import { serverFieldErrors, signInFailureMessage, validateCredentials } from './validate-credentials.ts';

/** A stand-in for the kit's failureText: the words are @hcm/ui's to test (failure-text.test.ts). */
const describe_ = (error: ApiError) => `described ${error.status} ${error.code}`;
const fieldWords = (problem: { field: string; code: string }) => `${problem.field} ${problem.code}`;

describe('sign-in validation', () => {
  it("words the browser check's refusals itself, in the bar only", () => {
    const missing = new ApiError(400, ErrorCodes.captchaRequired, 'Enter the characters', [
      { field: 'captcha', code: 'error.required', message: 'is required' },
    ]);
    const wrong = new ApiError(400, ErrorCodes.captchaInvalid, 'The captcha was wrong', [
      { field: 'captcha', code: 'error.invalidValue', message: 'is wrong or has expired' },
    ]);
    expect(serverFieldErrors(missing, fieldWords)).toEqual({});
    expect(serverFieldErrors(wrong, fieldWords)).toEqual({});
    expect(signInFailureMessage(missing, describe_)).toEqual({ key: 'signIn.captcha.requiredByServer' });
    expect(signInFailureMessage(wrong, describe_)).toEqual({ key: 'signIn.captcha.invalid' });
  });

  it('requires both fields, and a blank username is empty', () => {
    expect(validateCredentials({ username: '  ', password: '' })).toEqual({
      username: { key: 'signIn.errors.usernameRequired' },
      password: { key: 'signIn.errors.passwordRequired' },
    });
    expect(validateCredentials({ username: 'hradmin', password: ' x ' })).toEqual({});
  });

  it("puts the server's field errors on the matching fields, in the words given for their keys", () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'invalid', [
      { field: 'username', code: 'error.pattern', message: 'does not match the pattern' },
      { field: 'rememberMe', code: 'error.invalidValue', message: 'ignored here' },
    ]);
    expect(serverFieldErrors(error, fieldWords)).toEqual({ username: { text: 'username error.pattern' } });
  });

  it("words wrong credentials and a lock in the page's language, the lock's end in local time", () => {
    expect(
      signInFailureMessage(
        new ApiError(401, 'INVALID_CREDENTIALS', 'Wrong user name or password'),
        describe_,
      ),
    ).toEqual({ key: 'signIn.errors.invalidCredentials' });
    const until = new Date(2026, 10, 22, 21, 36, 32);
    const locked = new ApiError(
      429,
      'ACCOUNT_LOCKED',
      `Too many failed sign-ins: the account is locked until ${until.toISOString()}`,
    );
    expect(signInFailureMessage(locked, describe_, new Date(2026, 10, 22, 21, 20))).toEqual({
      key: 'signIn.errors.lockedUntil',
      values: { time: '21:36' },
    });
    expect(signInFailureMessage(locked, describe_, new Date(2026, 10, 21, 9, 0))).toEqual({
      key: 'signIn.errors.lockedUntil',
      values: { time: '21:36 22/11/2026' },
    });
    // the lock's end as the answer's params give it
    const withParams = new ApiError(401, 'ACCOUNT_LOCKED', 'locked', [], false, {
      until: until.toISOString(),
    });
    expect(signInFailureMessage(withParams, describe_, new Date(2026, 10, 22, 21, 20))).toEqual({
      key: 'signIn.errors.lockedUntil',
      values: { time: '21:36' },
    });
    expect(signInFailureMessage(new ApiError(401, 'ACCOUNT_LOCKED', 'locked'), describe_)).toEqual({
      key: 'signIn.errors.locked',
    });
  });

  it("words another refusal by its status and code, never the server's message, and our own words otherwise", () => {
    expect(
      signInFailureMessage(new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many requests'), describe_),
    ).toEqual({ text: 'described 429 TOO_MANY_REQUESTS' });
    expect(
      signInFailureMessage(new ApiError(0, ClientErrorCodes.network, 'Network Error'), describe_),
    ).toEqual({ key: 'signIn.errors.network' });
    expect(signInFailureMessage(new ApiError(500, 'INTERNAL_ERROR', 'stack trace'), describe_)).toEqual({
      key: 'signIn.errors.unexpected',
    });
    expect(
      signInFailureMessage(new ApiError(200, ClientErrorCodes.badResponse, 'no token'), describe_),
    ).toEqual({ key: 'signIn.errors.unexpected' });
  });
});
