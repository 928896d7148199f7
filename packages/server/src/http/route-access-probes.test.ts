import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser } from '../testing/factories.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * Probes EVERY operation of the OpenAPI document, which the server builds from the routes
 * themselves: a route added later is probed with no new test code. A user route answers 401
 * without a token; a route that names a permission answers 403 to a signed-in caller who
 * lacks it (with a licence for every module, so only the permission is missing).
 */

interface Operation {
  method: string;
  path: string;
  auth: string;
  permissions: string[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function operationsOf(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        auth: String(op['x-auth'] ?? 'public'),
        permissions: (op['x-permission'] as string[] | undefined) ?? [],
      })),
  );
}

/** A concrete URL for an OpenAPI path: every {param} becomes a fresh id. */
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, () => randomUUID());

describe.each(await testEngines())('who may call every route, on $engine', ({ engine, available }) => {
  if (!available) {
    it.skip('PostgreSQL at TEST_DATABASE_URL_ADMIN does not answer', () => undefined);
    return;
  }
  let database: TestDatabase;
  let server: TestServer;
  let operations: Operation[];
  let tokenWithoutPermissions: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    server = await startTestServer(database.env);
    const document = await (await fetch(`${server.url}/api/docs/json`)).json();
    operations = operationsOf(document);
    const tenant = await makeTenant(server.db.orm);
    const { user } = await makeUser(
      { db: server.db.orm, passwords: server.passwords },
      { tenantId: tenant.id },
    );
    tokenWithoutPermissions = await accessTokenFor(server.db.orm, user);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  const call = (op: Operation, token?: string) =>
    fetch(`${server.url}${urlOf(op.path)}`, {
      method: op.method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(op.method === 'GET' ? {} : { 'content-type': 'application/json' }),
      },
      body: op.method === 'GET' ? undefined : '{}',
    });

  it('finds the routes of every service in the document', () => {
    const services = new Set(operations.map((op) => op.path.split('/')[2]));
    expect([...services]).toEqual(expect.arrayContaining(['health', 'iam', 'om', 'system']));
    expect(operations.filter((op) => op.auth === 'user').length).toBeGreaterThan(40);
  });

  it('answers 401 in the error envelope to every user route called without a token', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter((o) => o.auth === 'user')) {
      const res = await call(op);
      const body = (await res.json().catch(() => ({}))) as { code?: string };
      if (res.status !== 401 || body.code !== 'UNAUTHORIZED')
        wrong.push(`${op.method} ${op.path}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to every route that names a permission, for a caller without it', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter((o) => o.auth === 'user' && o.permissions.length > 0)) {
      const res = await call(op, tokenWithoutPermissions);
      const body = (await res.json().catch(() => ({}))) as { code?: string };
      if (res.status !== 403 || body.code !== 'FORBIDDEN')
        wrong.push(`${op.method} ${op.path}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets a caller without permissions reach the routes open to any signed-in user', async () => {
    const open = operations.filter((o) => o.auth === 'user' && o.permissions.length === 0);
    expect(open.length).toBeGreaterThan(0);
    for (const op of open) {
      const res = await call(op, tokenWithoutPermissions);
      expect([401, 403], `${op.method} ${op.path}`).not.toContain(res.status);
    }
  });
});
