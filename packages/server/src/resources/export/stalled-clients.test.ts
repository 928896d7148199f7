import { connect, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../db/tenant-scope.ts';
import { testEngines } from '../../testing/engines.ts';
import { makeTenant, makeUser } from '../../testing/factories.ts';
import { serveDuringSuite } from '../../testing/serve-during-suite.ts';

const EXPORT = '/api/om/job-titles/export';
const ROWS = 20_000;
const SEND_TIMEOUT_SECONDS = 5;
/** A liveness bound, not a speed figure (those are in docs/performance.md): fail, never hang. */
const ANSWER_WITHIN_MS = 10_000;
/** The zip's end-of-central-directory record: the last thing a complete xlsx holds. */
const END_OF_ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/**
 * An export request from a client that stops reading after its first bytes (the export has
 * begun: `started`): the socket is paused then, so after the kernel's buffers fill the server
 * can send nothing more. `resume` reads what arrived until the server closes the connection (or
 * `within` ms pass).
 */
function stalledExport(baseUrl: string, token: string) {
  const { hostname, port } = new URL(baseUrl);
  const socket: Socket = connect(Number(port), hostname);
  socket.write(
    `GET ${EXPORT} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\n\r\n`,
  );
  const chunks: Buffer[] = [];
  const started = new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      chunks.push(chunk);
      resolve();
    });
  });
  return {
    started,
    resume(within: number): Promise<{ bytes: Buffer; closedByServer: boolean }> {
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          socket.destroy();
          resolve({ bytes: Buffer.concat(chunks), closedByServer: false });
        }, within);
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.once('close', () => {
          clearTimeout(timer);
          resolve({ bytes: Buffer.concat(chunks), closedByServer: true });
        });
        socket.on('error', () => undefined);
        socket.resume();
      });
    },
  };
}

const until = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return check();
};

describe.each(await testEngines('both'))('stalled export clients on $engine', ({ engine }) => {
  // Three connections. Run against the export of before issue 8 (one transaction and cursor for
  // the whole download), this test failed on both engines: on PGlite /api/health timed out (the
  // stalled exports' transactions held its only connection), on PostgreSQL it answered 503 (the
  // three held every pooled connection).
  const suite = serveDuringSuite(engine, {
    LOG_LEVEL: 'warn',
    EXPORT_SEND_TIMEOUT_SECONDS: String(SEND_TIMEOUT_SECONDS),
    DATABASE_POOL_SIZE: '3',
  });
  let username = '';
  let password = '';

  const signIn = () =>
    fetch(`${suite.server.url}/api/iam/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password, rememberMe: false }),
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });

  beforeAll(async () => {
    const db = suite.server.db.orm;
    const tenant = await makeTenant(db);
    const made = await makeUser(
      { db, passwords: suite.server.passwords },
      { tenantId: tenant.id, permissions: ['job_title.view', 'job_title.export'] },
    );
    username = made.user.username;
    password = made.password;
    // Random hex, which deflate shrinks by half at best: about 1 KB a row in the workbook. Each
    // row's subqueries name the row (i > 0), so random() runs anew for every row.
    await inScope(db, { tenantId: tenant.id, userId: null }, (tx) =>
      tx.execute(sql`
        insert into job_titles (tenant_id, code, name, description, priority)
        select ${tenant.id}::uuid, 'JT_' || lpad(i::text, 6, '0'),
               (select string_agg(md5(random()::text), '') from generate_series(1, 6) where i > 0),
               (select string_agg(md5(random()::text), '') from generate_series(1, 31) where i > 0),
               i % 7
        from generate_series(1, ${ROWS}::int) as i`),
    );
  }, 120_000);

  it('answers health and sign-in while three exports stall, then cuts the stalled ones off', async () => {
    const signedIn = await signIn();
    expect(signedIn.status).toBe(200);
    const { accessToken } = ((await signedIn.json()) as { data: { accessToken: string } }).data;

    const stalled = [1, 2, 3].map(() => stalledExport(suite.server.url, accessToken));
    // The three exports have begun (each sent its first bytes); they go on filling the buffers
    // between them and their clients.
    await Promise.all(stalled.map((client) => client.started));

    const health = await fetch(`${suite.server.url}/api/health`, {
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    expect(health.status).toBe(200);
    const again = await signIn();
    expect(again.status).toBe(200);
    // ...and that was while the stalled exports were still open.
    const cutOff = () => suite.server.logs().split('download stalled').length - 1;
    expect(cutOff()).toBe(0);

    // A client that reads, while the three stall: the whole workbook, far more than the socket
    // buffers hold (downloaded as the send timeouts run, not before them).
    const whole = await fetch(`${suite.server.url}${EXPORT}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(whole.status).toBe(200);
    const fullSize = (await whole.arrayBuffer()).byteLength;
    expect(fullSize).toBeGreaterThan(8 * 1024 * 1024);

    // After the send timeout the server closes the three connections, each with a cut workbook.
    expect(await until(() => cutOff() === 3, (SEND_TIMEOUT_SECONDS + 40) * 1000)).toBe(true);
    for (const client of stalled) {
      const { bytes, closedByServer } = await client.resume(5000);
      expect(closedByServer).toBe(true);
      expect(bytes.length).toBeLessThan(fullSize);
      expect(bytes.includes(END_OF_ZIP)).toBe(false);
    }
    // Nothing is left holding the database: another export runs to its end.
    const after = await fetch(`${suite.server.url}${EXPORT}?code=JT_000010`, {
      headers: { authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    expect(after.status).toBe(200);
    expect(Buffer.from(await after.arrayBuffer()).includes(END_OF_ZIP)).toBe(true);
  }, 120_000);
});
