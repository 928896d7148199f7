import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '@hcm/contracts';
import { ApiError } from '@hcm/session';
import { asksForCaptcha, refusedForCaptchaOnly } from './captcha-demand.ts';

describe('captcha demand', () => {
  it('follows the x-captcha-required answer header and the captcha error codes', () => {
    expect(asksForCaptcha(new ApiError(401, ErrorCodes.invalidCredentials, 'wrong', [], true))).toBe(true);
    expect(asksForCaptcha(new ApiError(401, ErrorCodes.invalidCredentials, 'wrong'))).toBe(false);
    expect(asksForCaptcha(new ApiError(400, ErrorCodes.captchaRequired, 'enter it'))).toBe(true);
    expect(asksForCaptcha(new ApiError(400, ErrorCodes.captchaInvalid, 'wrong code'))).toBe(true);
    expect(asksForCaptcha(new ApiError(401, ErrorCodes.accountLocked, 'locked'))).toBe(false);
  });

  it('retries only refusals that never checked the password', () => {
    expect(refusedForCaptchaOnly(new ApiError(400, ErrorCodes.captchaRequired, 'needed'))).toBe(true);
    expect(refusedForCaptchaOnly(new ApiError(400, ErrorCodes.captchaInvalid, 'spent'))).toBe(true);
    expect(refusedForCaptchaOnly(new ApiError(401, ErrorCodes.invalidCredentials, 'wrong', [], true))).toBe(
      false,
    );
  });
});
