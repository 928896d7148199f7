import { ErrorCodes } from '@hcm/contracts';
import { TenantQueueFullError } from '../db/tenant-turns.ts';
import { AppError } from './errors.ts';

/** pg-pool's message when no connection became free within connectionTimeoutMillis. */
const POOL_WAIT = /timeout exceeded when trying to connect/;
/** The session is gone (ended by idle_in_transaction_session_timeout, or the server went away). */
const SESSION_GONE = /not queryable|Connection terminated|idle-in-transaction timeout/i;

/** The SQLSTATE and messages of an error and its causes (drizzle wraps driver errors). */
function chainOf(error: unknown): { states: string[]; messages: string[] } {
  const states: string[] = [];
  const messages: string[] = [];
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') states.push(code);
    if (typeof message === 'string') messages.push(message);
    e = cause;
  }
  return { states, messages };
}

/**
 * The limits that keep one slow request from holding the database (README, "Slow clients and exports")
 * as answers: 503 with the error envelope, the details kept in the log (as `cause`). 503
 * rather than 500: nothing is wrong with the request, and trying again later may succeed.
 */
export function databaseBusyError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return undefined;
  // README, "Fairness between tenants": the error handler adds its Retry-After (retryAfterOf).
  if (error instanceof TenantQueueFullError)
    return new AppError(
      429,
      ErrorCodes.tooManyRequests,
      `Too many requests of your organisation are waiting for the database: try again in ${error.retryAfterSeconds} second${error.retryAfterSeconds === 1 ? '' : 's'}`,
      undefined,
      error,
    );
  const { states, messages } = chainOf(error);
  if (messages.some((m) => POOL_WAIT.test(m)))
    return new AppError(
      503,
      ErrorCodes.serviceUnavailable,
      'The server is busy: no database connection became free in time. Try again shortly.',
      undefined,
      error,
    );
  if (states.includes('57014'))
    return new AppError(
      503,
      ErrorCodes.serviceUnavailable,
      'The request took too long in the database and was stopped. Narrow it or try again later.',
      undefined,
      error,
    );
  if (states.includes('25P03') || messages.some((m) => SESSION_GONE.test(m)))
    return new AppError(
      503,
      ErrorCodes.databaseUnavailable,
      'The database session ended before the request finished. Try again.',
      undefined,
      error,
    );
  return undefined;
}

/** The Retry-After (seconds) an answer to `error` carries, if the error says when to come back. */
export function retryAfterOf(error: unknown): number | undefined {
  return error instanceof TenantQueueFullError ? error.retryAfterSeconds : undefined;
}
