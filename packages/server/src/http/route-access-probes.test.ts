import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser } from '../testing/factories.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * Probes EVERY operation of the OpenAPI document, which the server builds from the routes
 * themselves: a route added later is probed with no new test code. A user route answers 401
 * without a token; a route that names a permission answers 403 to a signed-in caller who
 * lacks it (with a licence for every module, so only the permission is missing); malformed
 * input answers 400 in the error envelope, never 500, and writes nothing.
 *
 * Both engines: the permission checks and the malformed input, which reach SQL (the caller's
 * sign-in and permissions are read from the database at every call, and an id the path does
 * not type is looked up). A call without a token, and a control character in the input, are
 * refused before any SQL of the route runs (the authentication hook; the schema check of
 * http/validation.ts, after the same actor lookup the other probes make on both engines), so
 * those two probes run on the suites' usual engine (testEngines(): PostgreSQL when it answers;
 * both with HCM_TEST_ENGINES=both) and are not repeated on the other, as in
 * resources/probe.test.ts.
 */

interface Operation {
  method: string;
  path: string;
  auth: string;
  permissions: string[];
  hasJsonBody: boolean;
  /** the top-level properties of the JSON body's schema */
  bodyFields: string[];
  queryParams: string[];
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
        hasJsonBody: Boolean(
          (op.requestBody as { content?: Record<string, unknown> } | undefined)?.content?.[
            'application/json'
          ],
        ),
        bodyFields: Object.keys(
          (
            op.requestBody as
              { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } | undefined
          )?.content?.['application/json']?.schema?.properties ?? {},
        ),
        queryParams: ((op.parameters as { in: string; name: string }[] | undefined) ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => p.name),
      })),
  );
}

/** A concrete URL for an OpenAPI path: every {param} becomes a fresh id. */
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, () => randomUUID());

const beforeSqlEngines = (await testEngines()).map((e) => e.engine);

describe.each(await testEngines('both'))('who may call every route, on $engine', ({ engine }) => {
  /** The refusals made before any SQL runs: on the engines of beforeSqlEngines only (see above). */
  const beforeSqlIt = beforeSqlEngines.includes(engine) ? it : () => undefined;
  let database: TestDatabase;
  let server: TestServer;
  let operations: Operation[];
  let tokenWithoutPermissions: string;
  let rootToken: string;

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
    const [root] = await server.db.orm.select().from(users).where(eq(users.isRoot, true));
    if (!root) throw new Error('the test server seeds a root user');
    rootToken = await accessTokenFor(server.db.orm, root);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  const call = (op: Operation, token?: string, input: { url?: string; body?: string } = {}) =>
    fetch(`${server.url}${input.url ?? urlOf(op.path)}`, {
      method: op.method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(op.method === 'GET' ? {} : { 'content-type': 'application/json' }),
      },
      body: op.method === 'GET' ? undefined : (input.body ?? '{}'),
    });

  /** Rows in every table of the schema, read as the owner: what "nothing written" means. */
  async function rowCounts(): Promise<Record<string, number>> {
    const tables = (await server.db.orm.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as unknown as { rows: { tablename: string }[] };
    const counts: Record<string, number> = {};
    for (const { tablename } of tables.rows) {
      const result = (await server.db.orm.execute(
        sql.raw(`select count(*)::int as n from "${tablename}"`),
      )) as unknown as { rows: { n: number }[] };
      counts[tablename] = result.rows[0]?.n ?? 0;
    }
    return counts;
  }

  it('finds the routes of every service in the document', () => {
    const services = new Set(operations.map((op) => op.path.split('/')[2]));
    expect([...services]).toEqual(expect.arrayContaining(['health', 'iam', 'om', 'system']));
    expect(operations.filter((op) => op.auth === 'user').length).toBeGreaterThan(40);
  });

  beforeSqlIt('answers 401 in the error envelope to every user route called without a token', async () => {
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

  it('answers malformed input with 400 field errors, never 500, and writes nothing', async () => {
    const before = await rowCounts();
    const wrong: string[] = [];
    const probed = { bodies: 0, queries: 0, ids: 0 };
    const expectRefused = async (op: Operation, what: string, res: Response, allowed: number[]) => {
      const body = (await res.json().catch(() => ({}))) as { code?: string; errors?: unknown[] };
      const isEnvelope = typeof body.code === 'string';
      if (!allowed.includes(res.status) || !isEnvelope)
        wrong.push(`${op.method} ${op.path} ${what}: ${res.status}`);
      if (res.status === 400 && body.code === 'VALIDATION_FAILED' && !(body.errors?.length ?? 0))
        wrong.push(`${op.method} ${op.path} ${what}: 400 without field errors`);
    };
    for (const op of operations) {
      const token = op.auth === 'user' ? rootToken : undefined;
      if (op.hasJsonBody) {
        probed.bodies++;
        const res = await call(op, token, { body: JSON.stringify({ unknownField: 1, username: 12345 }) });
        await expectRefused(op, 'unknown field and wrong type', res, [400]);
      }
      if (op.queryParams.length > 0) {
        probed.queries++;
        const url = `${urlOf(op.path)}?unknownParam=1&pageSize=-5&pageIndex=abc`;
        await expectRefused(op, 'unknown and broken query', await call(op, token, { url }), [400]);
      }
      if (/\{[^}]+\}/.test(op.path)) {
        probed.ids++;
        const url = op.path.replace(/\{[^}]+\}/g, 'not-an-id');
        await expectRefused(op, 'malformed id', await call(op, token, { url }), [400, 404]);
      }
    }
    expect(wrong).toEqual([]);
    expect(await rowCounts()).toEqual(before);
    // The document really has such routes: the probe is not passing on nothing.
    expect(probed.bodies).toBeGreaterThan(15);
    expect(probed.queries).toBeGreaterThan(5);
    expect(probed.ids).toBeGreaterThan(10);
  });

  beforeSqlIt(
    'answers a control character (NUL) in any JSON field or query text with 400, and writes nothing',
    async () => {
      const before = await rowCounts();
      const wrong: string[] = [];
      const attempts: { op: (typeof operations)[number]; what: string; url?: string; body?: string }[] = [];
      for (const op of operations) {
        if (op.hasJsonBody)
          for (const field of op.bodyFields)
            attempts.push({ op, what: `body ${field}`, body: JSON.stringify({ [field]: 'tên\u0000x' }) });
        for (const param of op.queryParams.filter((p) => ['keyword', 'code', 'name', 'status'].includes(p)))
          attempts.push({ op, what: `query ${param}`, url: `${urlOf(op.path)}?${param}=t%C3%AAn%00x` });
      }
      const probed = attempts.length;
      // Some hundreds of requests: eight at a time, so that a loaded machine still ends in time.
      for (let start = 0; start < attempts.length; start += 8)
        await Promise.all(
          attempts.slice(start, start + 8).map(async ({ op, ...attempt }) => {
            const token = op.auth === 'user' ? rootToken : undefined;
            const res = await call(op, token, attempt);
            const body = (await res.json().catch(() => ({}))) as {
              errors?: { code: string; message: string }[];
            };
            const named = body.errors?.some((e) => e.message === 'must not contain control characters');
            if (res.status !== 400 || !named)
              wrong.push(`${op.method} ${op.path} ${attempt.what}: ${res.status}`);
          }),
        );
      expect(wrong).toEqual([]);
      expect(probed).toBeGreaterThan(20);
      expect(await rowCounts()).toEqual(before);
    },
  );
});
