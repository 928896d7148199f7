import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/engines.ts';
import { startTestServer, TEST_ROOT, type TestServer } from '../testing/test-server.ts';
import { accessTokenFor, makeTenant, makeUser } from '../testing/factories.ts';
import { openNotificationStream } from '../testing/notification-stream.ts';
import { closeGracefully } from './close-gracefully.ts';

/** POST with a keep-alive agent, so the connection stays open after the answer. */
function post(url: string, path: string, body: unknown, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

// Engine-independent (HTTP only): run on PGlite.
describe('closeGracefully', () => {
  let database: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    server = await startTestServer(database.env);
  });
  afterAll(async () => {
    await server?.db.close();
    await database?.dispose();
  });

  it('lets requests in flight finish and does not wait for idle keep-alive connections', async () => {
    const agent = new Agent({ keepAlive: true });
    const signIn = { username: TEST_ROOT.username, password: TEST_ROOT.password };
    expect(await post(server.url, '/api/iam/authenticate', signIn, agent)).toBe(200);

    // Several sign-ins (argon2 keeps each busy for a while) are in flight when closing starts:
    // the log shows the server has received them all.
    const received = () => server.logs().split('"msg":"incoming request"').length - 1;
    const before = received();
    const inFlight = Array.from({ length: 4 }, () =>
      post(server.url, '/api/iam/authenticate', signIn, agent),
    );
    while (received() < before + 4) await new Promise((resolve) => setTimeout(resolve, 1));
    const started = Date.now();
    await closeGracefully(server.app);

    expect(await Promise.all(inFlight)).toEqual([200, 200, 200, 200]);
    // Fastify's keep-alive timeout is 72 s; the sweep makes this immediate.
    expect(Date.now() - started).toBeLessThan(5000);
    agent.destroy();
    await expect(post(server.url, '/api/health', {}, new Agent())).rejects.toThrow(/ECONNREFUSED/);
  });

  it('ends open notification streams and drops connections that never sent a request', async () => {
    // the first test closed the server: a second one on the same database
    const again = await startTestServer(database.env);
    const tenant = await makeTenant(again.db.orm);
    const { user } = await makeUser(
      { db: again.db.orm, passwords: again.passwords },
      { tenantId: tenant.id },
    );
    const stream = await openNotificationStream(
      `${again.url}/api/notification/me/notifications/stream`,
      await accessTokenFor(again.db.orm, user),
    );
    expect(stream.status).toBe(200);
    // a preconnect: the socket opens and says nothing (Node would keep it for the 60 s headers timeout)
    const { port } = new URL(again.url);
    const silent = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => silent.once('connect', resolve));
    const silentClosed = new Promise((resolve) => silent.once('close', resolve));

    await closeGracefully(again.app);
    await stream.ended;
    await silentClosed;
    await again.db.close();
  });
});
