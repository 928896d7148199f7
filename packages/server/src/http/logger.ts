import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config.ts';
import { logMixin } from './request-context.ts';

/**
 * Paths pino blanks out wherever they appear in a log line. Fastify's request serializer does
 * not log headers or bodies, but a handler logging `request.headers` or a body by mistake
 * must still not leak a secret.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-captcha"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-captcha"]',
  ...[
    'password',
    'newPassword',
    'oldPassword',
    'refreshToken',
    'accessToken',
    'idToken',
    'secretKey',
    'passwordHash',
    'captcha',
    'answer',
  ].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

/** What a database error says about where it failed, without the values it quotes. */
const DATABASE_ERROR_FIELDS = ['code', 'severity', 'routine', 'constraint', 'table', 'column', 'dataType'];

/**
 * pino's error serializer, minus the data of a failed query. drizzle puts every bound
 * parameter (names, salaries, password hashes...) into its message, stack and `params`, and
 * the database's own error quotes values in its message ("invalid input syntax for type
 * integer: \"…\"") and detail ("Key (code)=(…) already exists"). What stays: the SQL text, the
 * SQLSTATE, the constraint, table and column, and the message with quoted text masked.
 */
export function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (!error || typeof error !== 'object' || !('params' in error) || !('query' in error)) return serialized;
  const withoutValues = (text: unknown) =>
    typeof text === 'string' ? text.replace(/\nparams: [\s\S]*$/, '\n[parameters not logged]') : text;
  const cause = (error as { cause?: Record<string, unknown> }).cause;
  const database = cause
    ? Object.fromEntries([
        ...DATABASE_ERROR_FIELDS.filter((k) => cause[k] !== undefined).map((k) => [k, cause[k]]),
        ['message', String(cause.message ?? '').replace(/"[^"]*"/g, '"…"')],
      ])
    : undefined;
  const stackFrames = String(serialized.stack ?? '')
    .split('\ncaused by:')[0]
    ?.split('\n')
    .filter((line) => line.startsWith('    at '));
  return {
    type: serialized.type,
    message: withoutValues(serialized.message),
    query: (error as { query: unknown }).query,
    stack: [withoutValues(serialized.message), ...(stackFrames ?? [])].join('\n'),
    ...(database ? { database } : {}),
  };
}

/**
 * JSON lines to `destination` (stdout by default). One logger for start-up and requests; lines
 * of a request carry requestId, and userId and tenantId once the user is known (logMixin).
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    mixin: logMixin,
    redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
    serializers: { err: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}
