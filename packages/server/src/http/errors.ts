import {
  ErrorCodes,
  type ConflictReason,
  type ErrorParams,
  type FieldError,
  type ForbiddenReason,
} from '@hcm/contracts';

/**
 * An error an operation throws on purpose: it becomes the HTTP status plus the error envelope
 * `{code, message, errors?}`. Anything else that is thrown becomes a logged 500.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly errors: FieldError[] | undefined;
  /** the specifics the browser's text for `code` carries (ErrorParams), sent as the envelope's `params` */
  readonly params: ErrorParams | undefined;

  /** `cause`: the underlying error, logged for 5xx answers but never sent to the client. */
  constructor(
    statusCode: number,
    code: string,
    message: string,
    errors?: FieldError[],
    cause?: unknown,
    params?: ErrorParams,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.errors = errors;
    this.params = params;
  }
}

export const unauthorized = (message = 'Authentication is required') =>
  new AppError(401, ErrorCodes.unauthorized, message);

export const invalidCredentials = () =>
  new AppError(401, ErrorCodes.invalidCredentials, 'Wrong user name or password');

export const notFound = (message = 'Not found') => new AppError(404, ErrorCodes.notFound, message);

/**
 * 409 refused by the record's state, for the `reason` (ConflictReasons) the browser says in the
 * user's words, with the `values` its text carries (a contract's number); `message` is for logs.
 */
export const conflictBecause = (
  reason: ConflictReason,
  message: string,
  values: Readonly<Record<string, string | number>> = {},
) => new AppError(409, ErrorCodes.conflict, message, undefined, undefined, { reason, ...values });

/** 403 about who the caller is (ForbiddenReasons: its level, scope, part in an approval), not a permission. */
export const forbiddenBecause = (reason: ForbiddenReason, message: string) =>
  new AppError(403, ErrorCodes.forbidden, message, undefined, undefined, { reason });

export const validationFailed = (errors: FieldError[], message = 'The request is not valid') =>
  new AppError(400, ErrorCodes.validation, message, errors);
