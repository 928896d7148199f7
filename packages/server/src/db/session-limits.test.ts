import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorEnvelope } from '@hcm/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../http/types.ts';
import { createTestDatabase, postgresAvailable } from '../testing/engines.ts';
import { serveDuringSuite } from '../testing/serve-during-suite.ts';
import type { Database } from './database.ts';
import { openPostgres } from './postgres.ts';
import { inScope } from './tenant-scope.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Routes of the test's own that hold the database the ways a slow request could. */
function slowRoutes(app: App, db: Database) {
  const publicRoute = { config: { auth: 'public' as const } };
  app.get('/test/one', publicRoute, async () => {
    await db.orm.execute(sql`select 1`);
    return { data: 'ok' };
  });
  app.get('/test/hold', publicRoute, async () => {
    await inScope(db.orm, { tenantId: null, userId: null }, (tx) => tx.execute(sql`select pg_sleep(0.9)`));
    return { data: 'held' };
  });
  app.get('/test/slow-statement', publicRoute, async () => {
    await db.orm.execute(sql`select pg_sleep(3)`);
    return { data: 'finished' };
  });
  app.get('/test/idle-in-transaction', publicRoute, async () => {
    await inScope(db.orm, { tenantId: null, userId: null }, async (tx) => {
      await tx.execute(sql`select 1`);
      await sleep(2000);
      await tx.execute(sql`select 1`);
    });
    return { data: 'finished' };
  });
}

// PostgreSQL only: PGlite enforces neither timeout and has no pool (db/pglite.ts says why).
describe.runIf(await postgresAvailable())('PostgreSQL session limits', () => {
  const suite = serveDuringSuite(
    'postgresql',
    {
      LOG_LEVEL: 'fatal',
      DATABASE_POOL_SIZE: '1',
      DATABASE_CONNECT_TIMEOUT_MS: '300',
      DATABASE_STATEMENT_TIMEOUT_MS: '1000',
      DATABASE_IDLE_TX_TIMEOUT_MS: '1000',
    },
    { routes: (app, db) => slowRoutes(app, db) },
  );

  it('answers 503 when no connection becomes free in time, instead of waiting', async () => {
    const held = suite.http.get('/test/hold');
    await sleep(100);
    const waiting = await suite.http.get<ErrorEnvelope>('/test/one');
    expect(waiting.status).toBe(503);
    expect(waiting.body).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/busy/),
    });
    expect((await held).status).toBe(200);
    expect((await suite.http.get('/test/one')).status).toBe(200);
  });

  it('stops a statement at statement_timeout with 503', async () => {
    const res = await suite.http.get<ErrorEnvelope>('/test/slow-statement');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/too long/),
    });
  });

  it('ends a transaction left idle with 503, and the server and its pool carry on', async () => {
    const res = await suite.http.get<ErrorEnvelope>('/test/idle-in-transaction');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect((await suite.http.get('/test/one')).status).toBe(200);
    expect((await suite.http.get('/api/health')).status).toBe(200);
  });

  it('runs migrations on a connection without the timeouts', async () => {
    const database = await createTestDatabase('postgresql');
    const folder = mkdtempSync(join(tmpdir(), 'hcm-slow-migration-'));
    let db: Database | undefined;
    try {
      mkdirSync(join(folder, 'meta'));
      writeFileSync(join(folder, '0000_slow.sql'), 'SELECT pg_sleep(0.6);\n');
      const entry = { idx: 0, version: '7', when: 1_700_000_000_000, tag: '0000_slow', breakpoints: true };
      writeFileSync(
        join(folder, 'meta', '_journal.json'),
        JSON.stringify({ version: '7', dialect: 'postgresql', entries: [entry] }),
      );
      db = await openPostgres({
        url: database.env.DATABASE_URL ?? '',
        limits: { statementTimeoutMs: 200, idleInTransactionTimeoutMs: 200 },
      });
      // The pool's own sessions are cut at 200 ms...
      await expect(db.orm.execute(sql`select pg_sleep(0.6)`)).rejects.toThrow();
      // ...the migration of 600 ms is not.
      await expect(db.migrate(folder)).resolves.toBeUndefined();
    } finally {
      await db?.close();
      rmSync(folder, { recursive: true, force: true });
      await database.dispose();
    }
  });
});
