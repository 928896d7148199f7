import { ErrorCodes } from '@hcm/contracts';
import type { ApiError } from '@hcm/session';

/**
 * Whether a failed sign-in means the next attempt must carry a captcha: the server says so in
 * the answer header (x-captcha-required, on the failure that reached the limit) or refuses an
 * attempt that lacked one or got it wrong.
 */
export function asksForCaptcha(error: ApiError): boolean {
  return (
    error.captchaRequired ||
    error.code === ErrorCodes.captchaRequired ||
    error.code === ErrorCodes.captchaInvalid
  );
}

/** The x-captcha header's value: `<captchaId>:<answer>`. */
export const captchaHeaderValue = (captchaId: string, answer: string): string =>
  `${captchaId}:${answer.trim()}`;
