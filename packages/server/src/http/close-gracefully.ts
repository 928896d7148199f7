import type { FastifyInstance } from 'fastify';

/**
 * Stops the HTTP server the way a load balancer expects: no new connections, requests in
 * flight run to the end, then resolve. Node keeps a keep-alive connection open until its
 * timeout (Fastify's default is 72 s) once its last response is sent, so connections are
 * swept as soon as they fall idle instead of holding the shutdown hostage.
 */
export async function closeGracefully(app: FastifyInstance, sweepEveryMs = 50): Promise<void> {
  const sweeper = setInterval(() => app.server.closeIdleConnections(), sweepEveryMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweeper);
  }
}
