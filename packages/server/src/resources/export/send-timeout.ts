import type { FastifyReply } from 'fastify';

/**
 * Closes the connection of a download whose client takes nothing for `seconds`. Node's socket
 * timeout counts time without any byte leaving (a client that stopped reading leaves the
 * buffers full, so nothing leaves); destroying the socket closes the export's stream, which
 * ends the export (export-records.ts). Set once the response starts; after it ends, Node puts
 * the keep-alive timeout back on the socket.
 */
export function cutOffStalledClient(reply: FastifyReply, seconds: number): void {
  reply.raw.setTimeout(seconds * 1000, () => {
    reply.log.warn({ sendTimeoutSeconds: seconds }, 'download stalled: the client took nothing in time');
    reply.raw.destroy();
  });
}
