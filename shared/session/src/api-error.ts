import axios from 'axios';
import { ErrorCodes, Headers as HcmHeaders, type ErrorParams, type FieldError } from '@hcm/contracts';

/** Codes the browser gives to failures that never produced a server error body. */
export const ClientErrorCodes = {
  /** No answer at all: offline, DNS, refused connection, CORS. */
  network: 'NETWORK_ERROR',
  /** An answer that is not the envelope the API promises (e.g. a proxy's HTML page). */
  badResponse: 'BAD_RESPONSE',
  /** The caller aborted the call (AbortController): not a failure to tell anyone about. */
  canceled: 'CANCELED',
} as const;

/** Every failed API call surfaces as this one type, whatever axios or the server did. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when there was no answer. */
    readonly status: number,
    /** The server's error code (ErrorCodes) or one of ClientErrorCodes. */
    readonly code: string,
    message: string,
    /** Per-field problems of a 400 answer, keyed by the spec's error keys. */
    readonly fieldErrors: readonly FieldError[] = [],
    /** The answer carried `x-captcha-required: true` (sign-in): the next attempt needs `x-captcha`. */
    readonly captchaRequired = false,
    /** The envelope's `params`: the specifics its code's text carries (a 403's `permissions`). */
    readonly params: ErrorParams = {},
  ) {
    super(message);
  }
}

function isFieldError(value: unknown): value is FieldError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.field === 'string' && typeof v.code === 'string' && typeof v.message === 'string';
}

/** The envelope's `params`, keeping only values a text can carry (words, numbers, lists of words). */
export function errorParams(value: unknown): ErrorParams {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      ([, item]) =>
        typeof item === 'string' ||
        typeof item === 'number' ||
        (Array.isArray(item) && item.every((entry) => typeof entry === 'string')),
    ),
  ) as ErrorParams;
}

/**
 * Reads `{ code, message?, errors?, params? }`; anything else is not an error envelope. Older download
 * answers (blob bodies) write the code as a number, e.g. 40000030: it is read as text.
 */
function readErrorEnvelope(
  body: unknown,
  fallbackMessage: string,
): { code: string; message: string; errors: FieldError[]; params: ErrorParams } | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  if (typeof b.code !== 'string' && typeof b.code !== 'number') return null;
  if (b.message !== undefined && typeof b.message !== 'string') return null;
  const errors = Array.isArray(b.errors) ? b.errors.filter(isFieldError) : [];
  return {
    code: String(b.code),
    message: b.message || fallbackMessage,
    errors,
    params: errorParams(b.params),
  };
}

/** What a bare status means when the body did not say. */
function codeForStatus(status: number): string {
  switch (status) {
    case 400:
      return ErrorCodes.validation;
    case 401:
      return ErrorCodes.unauthorized;
    case 403:
      return ErrorCodes.forbidden;
    case 404:
      return ErrorCodes.notFound;
    case 409:
      return ErrorCodes.conflict;
    case 429:
      return ErrorCodes.tooManyRequests;
    default:
      return status >= 500 ? ErrorCodes.internal : ClientErrorCodes.badResponse;
  }
}

/** Turns whatever a call threw into an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isCancel(error)) return new ApiError(0, ClientErrorCodes.canceled, 'The call was canceled');
  if (axios.isAxiosError(error)) {
    const response = error.response;
    if (!response) return new ApiError(0, ClientErrorCodes.network, error.message);
    const envelope = readErrorEnvelope(response.data, error.message);
    const captchaRequired = String(response.headers[HcmHeaders.captchaRequired] ?? '') === 'true';
    if (envelope)
      return new ApiError(
        response.status,
        envelope.code,
        envelope.message,
        envelope.errors,
        captchaRequired,
        envelope.params,
      );
    return new ApiError(response.status, codeForStatus(response.status), error.message);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError(0, ClientErrorCodes.network, message);
}
