import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Headers } from '@hcm/contracts';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Ids from callers are logged, so only short, plain ones are taken as they are. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const headerValue = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' && SAFE_ID.test(value) ? value : undefined;
};

/** The request id: the caller's `x-request-id` when it is sane, else a new UUID. */
export const requestIdFor = (request: IncomingMessage): string =>
  headerValue(request, Headers.requestId) ?? randomUUID();

/** Who a request runs for, as far as known. */
export interface LogIdentity {
  userId: string;
  tenantId: string | null;
}

interface LogContext {
  request?: FastifyRequest;
  identity?: LogIdentity;
}

const LOG_CONTEXT = Symbol('hcm.logContext');
type WithLogContext = { [LOG_CONTEXT]?: LogContext };

/**
 * Adds the caller's `x-transaction-id` (core §7) to every log line of the request, and a
 * context that `logMixin` reads, so lines written after authentication carry the user.
 */
export const childLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = function (
  logger,
  bindings,
  options,
  rawRequest,
) {
  const transactionId = headerValue(rawRequest, Headers.transactionId);
  const child = logger.child(transactionId ? { ...bindings, transactionId } : bindings, options);
  // Own property of the request's logger; loggers derived from it inherit it (prototype).
  (child as WithLogContext)[LOG_CONTEXT] = {};
  return child;
};

const contextOf = (log: unknown): LogContext | undefined => (log as WithLogContext)[LOG_CONTEXT];

/**
 * An onRequest hook, first of all: links the request to its logger, so that once
 * authentication sets `request.user` (wherever that happens) every later line of the request,
 * "request completed" included, carries its userId and tenantId.
 */
export async function linkRequestToLog(request: FastifyRequest): Promise<void> {
  const context = contextOf(request.log);
  if (context) context.request = request;
}

/** For routes that learn the user themselves (sign-in): later lines carry it. */
export function identifyInLog(request: FastifyRequest, identity: LogIdentity): void {
  const context = contextOf(request.log);
  if (context) context.identity = { userId: identity.userId, tenantId: identity.tenantId };
}

/** pino's mixin (http/logger.ts): `{userId, tenantId}` of the request the logger belongs to. */
export function logMixin(_object: object, _level: number, logger: unknown): object {
  const context = contextOf(logger);
  if (!context) return {};
  const user = (context.request as { user?: LogIdentity | null } | undefined)?.user ?? context.identity;
  return user ? { tenantId: user.tenantId, userId: user.userId } : {};
}
