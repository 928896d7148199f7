import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { serveDuringSuite } from '../testing/serve-during-suite.ts';

/**
 * Sends the start of a request and then nothing: resolves with what the server sent back once
 * it closed the connection, or 'still open' after `giveUpMs`.
 */
function stallMidBody(url: string, giveUpMs: number): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('still open');
    }, giveUpMs);
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(answer);
    });
    socket.on('error', () => undefined);
    socket.write(
      'POST /api/iam/authenticate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"username":',
    );
  });
}

// Engine-independent (HTTP only): run on PGlite.
describe('a client that stops sending its request', () => {
  const suite = serveDuringSuite('pglite', { HTTP_REQUEST_TIMEOUT_SECONDS: '2' });

  it('is answered 408 and disconnected once HTTP_REQUEST_TIMEOUT_SECONDS have passed', async () => {
    // A liveness bound, not a timing assertion: without the limit the socket stays open forever.
    const answer = await stallMidBody(suite.server.url, 15_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect((await suite.http.get('/api/health')).status).toBe(200);
  });
});
