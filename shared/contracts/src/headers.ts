/** Request headers with a meaning of their own (core §7). */
export const Headers = {
  language: 'language',
  acceptLanguage: 'Accept-Language',
  authorization: 'Authorization',
  /** Show the global loading indicator for this request. */
  loading: 'x-loading',
  /** Do not toast errors of this request. */
  ignoreError: 'x-ignore-error',
  /** Ask for a reduced response body. */
  optimalResponse: 'x-optimal-response',
  /** Proof of work, `<prefix>:<nonce>` (GET /api/iam/public/captcha gives the prefix; contracts Captcha). */
  captcha: 'x-captcha',
  /** Answer header of authenticate and reset-password: `true` when the next attempt needs x-captcha. */
  captchaRequired: 'x-captcha-required',
  transactionId: 'x-transaction-id',
  requestId: 'x-request-id',
} as const;
