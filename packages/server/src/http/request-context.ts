import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Headers } from '@hcm/contracts';
import type { FastifyServerOptions } from 'fastify';

/** Ids from callers are logged, so only short, plain ones are taken as they are. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const headerValue = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' && SAFE_ID.test(value) ? value : undefined;
};

/** The request id: the caller's `x-request-id` when it is sane, else a new UUID. */
export const requestIdFor = (request: IncomingMessage): string =>
  headerValue(request, Headers.requestId) ?? randomUUID();

/** Adds the caller's `x-transaction-id` (core §7) to every log line of the request. */
export const childLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = function (
  logger,
  bindings,
  options,
  rawRequest,
) {
  const transactionId = headerValue(rawRequest, Headers.transactionId);
  return logger.child(transactionId ? { ...bindings, transactionId } : bindings, options);
};
