import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

const connections = new WeakMap<FastifyInstance['server'], Set<Socket>>();

/**
 * Keeps the server's open connections, for closeGracefully: call it before listen. A
 * connection that never sent a byte (a browser's or an HTTP client's preconnect) is no request
 * in flight, but Node counts it neither as idle nor as done, and would hold the close until the
 * headers timeout (60 s).
 */
export function trackConnections(app: FastifyInstance): void {
  const open = new Set<Socket>();
  connections.set(app.server, open);
  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
}

/**
 * Stops the HTTP server the way a load balancer expects: no new connections, requests in
 * flight run to the end, then resolve. Node keeps a keep-alive connection open until its
 * timeout (Fastify's default is 72 s) once its last response is sent, so connections are
 * swept as soon as they fall idle instead of holding the shutdown hostage, and so are those
 * that never began a request (trackConnections).
 */
export async function closeGracefully(app: FastifyInstance, sweepEveryMs = 50): Promise<void> {
  const sweep = () => {
    app.server.closeIdleConnections();
    for (const socket of connections.get(app.server) ?? []) if (socket.bytesRead === 0) socket.destroy();
  };
  const sweeper = setInterval(sweep, sweepEveryMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweeper);
  }
}
