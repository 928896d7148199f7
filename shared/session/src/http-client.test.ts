import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiPaths } from '@hcm/contracts';
import { ApiError } from './api-error.ts';
import { carriesSessionHeaders } from './http-client.ts';
import { MemoryStorage } from './memory-storage.ts';
import { createSession, type Session } from './session.ts';
import { writeStoredSession, type SessionStorages } from './session-storage.ts';
import { startFakeApiServer, type FakeApiServer } from './testing/fake-api-server.ts';
import { sampleProfile, sampleTokens } from './testing/fixtures.ts';
import { routeHealthyIam } from './testing/iam-routes.ts';

const PROTECTED = '/api/om/employees';

describe('http client', () => {
  let server: FakeApiServer;
  let storages: SessionStorages;
  let session: Session;
  let iam: ReturnType<typeof routeHealthyIam>;

  beforeEach(async () => {
    server = await startFakeApiServer();
    iam = routeHealthyIam(server);
    storages = { persistent: new MemoryStorage(), perTab: new MemoryStorage() };
    writeStoredSession(storages, { tokens: sampleTokens('1'), profile: sampleProfile, rememberMe: true });
    session = createSession({ storages, baseURL: server.baseURL });
  });
  afterEach(() => server.close());

  /** The protected resource accepts only the given access token; x-test-delay slows its answer. */
  const protectResourceWith = (acceptedToken: string) =>
    server.route(`GET ${PROTECTED}`, ({ headers }) => ({
      status: headers.authorization === `Bearer ${acceptedToken}` ? 200 : 401,
      body:
        headers.authorization === `Bearer ${acceptedToken}`
          ? { data: ['ok'] }
          : { code: 'UNAUTHORIZED', message: 'expired' },
      delayMs: Number(headers['x-test-delay'] ?? 0),
    }));

  it('adds bearer, language and Accept-Language to protected calls', async () => {
    protectResourceWith('access-1');
    expect(await session.api.get<string[]>(PROTECTED)).toEqual(['ok']);
    const [call] = server.requestsTo(PROTECTED);
    expect(call?.headers).toMatchObject({
      authorization: 'Bearer access-1',
      language: 'vi',
      'accept-language': 'vi',
    });
  });

  it.each([ApiPaths.iam.authenticate, ApiPaths.iam.refreshToken, '/i18n/shell/vi.json'])(
    'sends none of them to %s',
    async (path) => {
      server.route(`POST ${path}`, () => ({ status: 200, body: { data: null } }));
      await session.http.post(path, {});
      const [call] = server.requestsTo(path);
      expect(call?.headers.authorization).toBeUndefined();
      expect(call?.headers.language).toBeUndefined();
      expect(call?.headers['accept-language']).toBeUndefined();
    },
  );

  it('recognises the header-free paths however the URL is written', () => {
    expect(carriesSessionHeaders('http://portal.example/api/iam/authenticate')).toBe(false);
    expect(carriesSessionHeaders('/i18n/payroll/en.json?v=3')).toBe(false);
    expect(carriesSessionHeaders('/api/iam/me/profile')).toBe(true);
    expect(carriesSessionHeaders('/api/iam/logout')).toBe(true);
  });

  it('makes exactly one refresh call for concurrent 401s, then retries each with the new token', async () => {
    protectResourceWith('access-2');
    const results = await Promise.all(Array.from({ length: 5 }, () => session.api.get<string[]>(PROTECTED)));
    expect(results).toEqual(Array.from({ length: 5 }, () => ['ok']));
    expect(server.requestsTo(ApiPaths.iam.refreshToken)).toHaveLength(1);
    expect(session.session$.value.tokens?.accessToken).toBe('access-2');
    expect(storages.persistent.getItem('hcm.tokens')).toContain('access-2');
  });

  it('does not refresh again for a 401 that answers a request sent before the last refresh', async () => {
    protectResourceWith('access-2');
    const slow = session.api.get<string[]>(PROTECTED, { headers: { 'x-test-delay': '150' } });
    const fast = session.api.get<string[]>(PROTECTED);
    expect(await Promise.all([slow, fast])).toEqual([['ok'], ['ok']]);
    expect(iam.refreshes()).toBe(1);
  });

  it('signs out when the refresh fails, and every waiting call fails with a 401 ApiError', async () => {
    protectResourceWith('never');
    server.route(`POST ${ApiPaths.iam.refreshToken}`, () => ({
      status: 401,
      body: { code: 'UNAUTHORIZED', message: 'refresh expired' },
    }));
    const failures = await Promise.all(
      Array.from({ length: 3 }, () => session.api.get(PROTECTED).catch((e: unknown) => e)),
    );
    for (const failure of failures) expect(failure).toMatchObject({ name: 'ApiError', status: 401 });
    expect(server.requestsTo(ApiPaths.iam.refreshToken)).toHaveLength(1);
    expect(session.session$.value.status).toBe('signed-out');
    expect(storages.persistent.length).toBe(0);
  });

  it('retries only once: a second 401 after a good refresh is the answer', async () => {
    protectResourceWith('never');
    const failure = await session.api.get(PROTECTED).catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 401 });
    expect(server.requestsTo(PROTECTED)).toHaveLength(2);
    expect(server.requestsTo(ApiPaths.iam.refreshToken)).toHaveLength(1);
  });

  it('ends a session-less 401 without a refresh call', async () => {
    session.clearSession();
    protectResourceWith('access-1');
    await expect(session.api.get(PROTECTED)).rejects.toMatchObject({ status: 401 });
    expect(server.requestsTo(ApiPaths.iam.refreshToken)).toHaveLength(0);
  });

  it('surfaces other errors as ApiError with code, message and field errors', async () => {
    server.route(`POST ${PROTECTED}`, () => ({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'Dữ liệu không hợp lệ',
        errors: [{ field: 'name', code: 'error.maxlength', message: 'Quá dài' }],
      },
    }));
    const failure = await session.api.post(PROTECTED, { name: 'x' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Dữ liệu không hợp lệ',
    });
    expect((failure as ApiError).fieldErrors).toEqual([
      { field: 'name', code: 'error.maxlength', message: 'Quá dài' },
    ]);
  });

  it('reports an answer without the data envelope, and an unreachable server', async () => {
    server.route(`GET ${PROTECTED}`, () => ({ status: 200, body: ['bare'] }));
    await expect(session.api.get(PROTECTED)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    await server.close();
    await expect(session.api.get(PROTECTED)).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('reads a page answer with its paging', async () => {
    server.route(`GET ${PROTECTED}`, () => ({
      status: 200,
      body: { data: [1, 2], page: { pageIndex: 1, pageSize: 25, total: 2 } },
    }));
    expect(await session.api.getPage<number>(PROTECTED)).toEqual({
      data: [1, 2],
      page: { pageIndex: 1, pageSize: 25, total: 2 },
    });
  });
});
