import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '@hcm/contracts';
import { ApiError } from '@hcm/session';
import { asksForCaptcha, captchaHeaderValue } from './captcha-demand.ts';

describe('captcha demand', () => {
  it('follows the x-captcha-required answer header and the captcha error codes', () => {
    expect(asksForCaptcha(new ApiError(401, ErrorCodes.invalidCredentials, 'wrong', [], true))).toBe(true);
    expect(asksForCaptcha(new ApiError(401, ErrorCodes.invalidCredentials, 'wrong'))).toBe(false);
    expect(asksForCaptcha(new ApiError(400, ErrorCodes.captchaRequired, 'enter it'))).toBe(true);
    expect(asksForCaptcha(new ApiError(400, ErrorCodes.captchaInvalid, 'wrong code'))).toBe(true);
    expect(asksForCaptcha(new ApiError(401, ErrorCodes.accountLocked, 'locked'))).toBe(false);
  });

  it('sends the challenge id and the trimmed answer', () => {
    expect(captchaHeaderValue('0b6c…', ' ab12c ')).toBe('0b6c…:ab12c');
  });
});
