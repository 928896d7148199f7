/** Error codes the server answers with and the browser reacts to (core §8, catalogues §8). */
export const ErrorCodes = {
  unauthorized: 'UNAUTHORIZED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  accountLocked: 'ACCOUNT_LOCKED',
  captchaRequired: 'CAPTCHA_REQUIRED',
  captchaInvalid: 'CAPTCHA_INVALID',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  userNotFound: 'USER_NOT_FOUND',
  validation: 'VALIDATION_FAILED',
  conflict: 'CONFLICT',
  internal: 'INTERNAL_ERROR',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  notAcceptable: 'NOT_ACCEPTABLE',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  databaseUnavailable: 'DATABASE_UNAVAILABLE',
  frontEndNotBuilt: 'FRONT_END_NOT_BUILT',
  licenseExpired: '40000029',
  licenseUnavailable: '40000030',
  /** 403: the password was set by someone else; only the own password change is open (migrations/0026). */
  passwordChangeRequired: 'PASSWORD_CHANGE_REQUIRED',
  /** 502: the organisation's directory (LDAP) refused the bind, timed out or could not be reached */
  directoryUnavailable: 'DIRECTORY_UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/**
 * The specifics an error answer's text carries (the envelope's `params`), by code:
 * - FORBIDDEN: `permissions`, the permission codes the caller lacks (the escalation guard's
 *   refusals, a missing route permission); absent when the refusal is about scope or oneself.
 * - CONFLICT: `reason: 'inUse'` when the record is still used by others (it cannot be removed).
 * - ACCOUNT_LOCKED: `until`, the lock's end (ISO 8601).
 * - DIRECTORY_UNAVAILABLE: `reason: 'bindRefused'` when the directory refused the bind DN.
 */
export type ErrorParams = Readonly<Record<string, string | number | string[]>>;

/**
 * Field error keys (catalogues §5.3). A field error of the API carries its key as `code` and the
 * values of its message as `params` (FieldErrorParams); the browser writes the key's text in the
 * user's language (`error.<key>` in @hcm/ui's dictionaries), never the server's English words.
 */
export const FieldErrorKeys = {
  required: 'error.required',
  minlength: 'error.minlength',
  maxlength: 'error.maxlength',
  pattern: 'error.pattern',
  email: 'error.email',
  min: 'error.min',
  max: 'error.max',
  invalidDate: 'error.invalidDate',
  invalidValue: 'error.invalidValue',
} as const;

/**
 * The values a field error's message carries (spec core §5: "max, min and length messages carry
 * the actual and required values"; issue 27: a pattern error says the allowed format):
 * - error.maxlength, error.minlength: `required` (the limit) and `actual` (the length given);
 * - error.max, error.min: `required` and `actual` (the number given), and `unit` when the
 *   number is an amount of a unit (a workflow step's SLA: MINUTES, HOURS, DAYS, WORKING_DAYS);
 * - error.pattern: `format` (the key of its words under error.formats) and `example`.
 */
export type FieldErrorParams = Readonly<Record<string, string | number>>;
