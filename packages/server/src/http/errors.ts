import { ErrorCodes, type ErrorParams, type FieldError } from '@hcm/contracts';

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

export const validationFailed = (errors: FieldError[], message = 'The request is not valid') =>
  new AppError(400, ErrorCodes.validation, message, errors);
