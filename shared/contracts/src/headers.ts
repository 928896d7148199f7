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
  /** Sign-in captcha, `<captchaId>:<answer>` (GET /api/iam/public/captcha gives both halves). */
  captcha: 'x-captcha',
  /** Answer header of POST authenticate: `true` when the next attempt for that name needs x-captcha. */
  captchaRequired: 'x-captcha-required',
  transactionId: 'x-transaction-id',
  requestId: 'x-request-id',
} as const;
