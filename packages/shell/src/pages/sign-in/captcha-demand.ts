import { ErrorCodes } from '@hcm/contracts';
import type { ApiError } from '@hcm/session';

/**
 * Whether a failed sign-in means the next attempt must carry a solved challenge: the server
 * says so in the answer header (x-captcha-required, on the failure that reached the limit) or
 * refuses an attempt that lacked one or carried a spent one.
 */
export function asksForCaptcha(error: ApiError): boolean {
  return (
    error.captchaRequired ||
    error.code === ErrorCodes.captchaRequired ||
    error.code === ErrorCodes.captchaInvalid
  );
}

/** A refusal that never looked at the password (the challenge was missing or spent): worth one retry. */
export const refusedForCaptchaOnly = (error: ApiError): boolean =>
  error.code === ErrorCodes.captchaRequired || error.code === ErrorCodes.captchaInvalid;
