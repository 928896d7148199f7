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
  captcha: 'x-captcha',
  transactionId: 'x-transaction-id',
  requestId: 'x-request-id',
} as const;
