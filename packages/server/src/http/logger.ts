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

/**
 * JSON lines to `destination` (stdout by default). One logger for start-up and requests; lines
 * of a request carry requestId, and userId and tenantId once the user is known (logMixin).
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = { level, mixin: logMixin, redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' } };
  return destination ? pino(options, destination) : pino(options);
}
