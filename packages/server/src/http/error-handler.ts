import { ErrorCodes, type ErrorEnvelope } from '@hcm/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { databaseBusyError, retryAfterOf } from './database-busy.ts';
import { AppError } from './errors.ts';
import { toFieldErrors, type SchemaError } from './validation.ts';

/** Codes for statuses Fastify itself answers with (bad JSON, too large, wrong media type...). */
const CODE_BY_STATUS: Record<number, string> = {
  400: ErrorCodes.validation,
  401: ErrorCodes.unauthorized,
  403: ErrorCodes.forbidden,
  404: ErrorCodes.notFound,
  405: ErrorCodes.methodNotAllowed,
  406: ErrorCodes.notAcceptable,
  409: ErrorCodes.conflict,
  413: ErrorCodes.payloadTooLarge,
  415: ErrorCodes.unsupportedMediaType,
  429: ErrorCodes.tooManyRequests,
  503: ErrorCodes.serviceUnavailable,
};

type ErrorLike = FastifyError & { validation?: SchemaError[]; validationContext?: string };

/**
 * Every error leaves as HTTP status plus `{code, message, errors?}`. Operations throw
 * AppError; Fastify's schema validation becomes 400 VALIDATION_FAILED with field errors;
 * Fastify's own client errors keep their status; everything else is a logged 500 whose
 * details stay in the log.
 */
export function errorHandler(thrown: ErrorLike, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // The pool's wait and the session timeouts answer 503 (http/database-busy.ts), not 500.
  const error: ErrorLike = databaseBusyError(thrown) ?? thrown;
  const retryAfter = retryAfterOf(thrown);
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  let status: number;
  let body: ErrorEnvelope;

  if (error instanceof AppError) {
    status = error.statusCode;
    if (status >= 500) request.log.error({ err: error }, error.message);
    body = {
      code: error.code,
      message: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
      ...(error.params ? { params: error.params } : {}),
    };
  } else if (error.validation) {
    status = 400;
    const errors = toFieldErrors(error.validation);
    const part = error.validationContext ?? 'request';
    body = {
      code: ErrorCodes.validation,
      message: errors.length > 0 ? `The ${part} is not valid` : `The ${part} must be a JSON object`,
      ...(errors.length > 0 ? { errors } : {}),
    };
  } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    status = error.statusCode;
    body = { code: CODE_BY_STATUS[status] ?? ErrorCodes.validation, message: error.message };
  } else {
    status = typeof error.statusCode === 'number' && error.statusCode >= 500 ? error.statusCode : 500;
    request.log.error({ err: error }, 'unhandled error');
    body = { code: CODE_BY_STATUS[status] ?? ErrorCodes.internal, message: 'An unexpected error occurred' };
  }

  if (status < 500) request.log.info({ status, code: body.code }, 'request rejected');
  return reply.status(status).send(body);
}
