import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiPaths } from '@hcm/contracts';
import { ApiError } from './api-error.ts';
import { MemoryStorage } from './memory-storage.ts';
import { NOTICE_REPEAT_WINDOW_MS, noticeForError, retryAfterSeconds, type SessionNotice } from './notices.ts';
import { createSession, type Session } from './session.ts';
import { writeStoredSession, type SessionStorages } from './session-storage.ts';
import { startFakeApiServer, type FakeApiServer } from './testing/fake-api-server.ts';
import { sampleProfile, sampleTokens } from './testing/fixtures.ts';
import { routeHealthyIam } from './testing/iam-routes.ts';

const RESOURCE = '/api/om/employees';
const EXPORT = '/api/pa/payslips/export';

describe('notices$ (core §8 error catalogue)', () => {
  let server: FakeApiServer;
  let storages: SessionStorages;
  let session: Session;
  let notices: SessionNotice[];

  const signedInSession = () => {
    writeStoredSession(storages, { tokens: sampleTokens('1'), profile: sampleProfile, rememberMe: true });
    return createSession({ storages, baseURL: server.baseURL });
  };
  const listen = (s: Session) => {
    s.notices$.subscribe((notice) => notices.push(notice));
    return s;
  };
  const failureOf = (call: Promise<unknown>) =>
    call.then(
      () => {
        throw new Error('expected the call to fail');
      },
      (error: unknown) => error as ApiError,
    );

  beforeEach(async () => {
    server = await startFakeApiServer();
    routeHealthyIam(server);
    storages = { persistent: new MemoryStorage(), perTab: new MemoryStorage() };
    notices = [];
    session = listen(signedInSession());
  });
  afterEach(async () => {
    vi.useRealTimers();
    await server.close();
  });

  describe('401', () => {
    it('on sign-in: clears the session and tells "login failed", never the server\'s words', async () => {
      const failure = await failureOf(
        session.signIn({ username: 'hradmin', password: 'wrong', rememberMe: true }),
      );
      expect(failure).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
      expect(session.session$.value.status).toBe('signed-out');
      expect(storages.persistent.length).toBe(0);
      expect(notices).toEqual([
        { intent: 'error', key: 'loginFailed', status: 401, code: 'INVALID_CREDENTIALS' },
      ]);
    });

    it('on sign-in with ignoreError (the form shows its own alert): nothing told', async () => {
      await failureOf(
        session.signIn({ username: 'hradmin', password: 'wrong', rememberMe: true }, { ignoreError: true }),
      );
      expect(session.session$.value.status).toBe('signed-out');
      expect(notices).toEqual([]);
    });

    it('on sign-in, a locked account: "login failed" with the locked account\'s text', async () => {
      server.route(`POST ${ApiPaths.iam.authenticate}`, () => ({
        status: 401,
        body: { code: 'ACCOUNT_LOCKED', message: 'The account is locked for 15 minutes' },
      }));
      await failureOf(session.signIn({ username: 'a', password: 'b', rememberMe: false }));
      expect(notices).toEqual([
        { intent: 'error', key: 'loginFailed', text: 'accountLocked', status: 401, code: 'ACCOUNT_LOCKED' },
      ]);
    });

    it('a sign-in answer without an access token is a failed sign-in', async () => {
      server.route(`POST ${ApiPaths.iam.authenticate}`, () => ({
        status: 200,
        body: { data: { refreshToken: 'r' } },
      }));
      const failure = await failureOf(session.signIn({ username: 'a', password: 'b', rememberMe: false }));
      expect(failure).toMatchObject({ status: 200, code: 'BAD_RESPONSE' });
      expect(notices).toEqual([{ intent: 'error', key: 'loginFailed', status: 200, code: 'BAD_RESPONSE' }]);
    });

    it('elsewhere: refreshes and retries without telling anything', async () => {
      server.route(`GET ${RESOURCE}`, ({ headers }) =>
        headers.authorization === 'Bearer access-2'
          ? { status: 200, body: { data: ['ok'] } }
          : { status: 401, body: { code: 'UNAUTHORIZED', message: 'expired' } },
      );
      expect(await session.api.get(RESOURCE)).toEqual(['ok']);
      expect(notices).toEqual([]);
    });

    it('a failed refresh ends the session with one "session expired", however many calls waited', async () => {
      server.route(`GET ${RESOURCE}`, () => ({
        status: 401,
        body: { code: 'UNAUTHORIZED', message: 'expired' },
      }));
      server.route(`POST ${ApiPaths.iam.refreshToken}`, () => ({
        status: 401,
        body: { code: 'UNAUTHORIZED', message: 'refresh expired' },
      }));
      const failures = await Promise.all(
        Array.from({ length: 4 }, () => failureOf(session.api.get(RESOURCE))),
      );
      for (const failure of failures) expect(failure).toMatchObject({ status: 401 });
      expect(server.requestsTo(ApiPaths.iam.refreshToken)).toHaveLength(1);
      expect(session.session$.value.status).toBe('signed-out');
      expect(notices).toEqual([
        { intent: 'warning', key: 'sessionExpired', status: 401, code: 'UNAUTHORIZED' },
      ]);
    });

    it('without a session: no refresh call and nothing told (the shell sends the user to sign in)', async () => {
      session.clearSession();
      server.route(`GET ${RESOURCE}`, () => ({ status: 401, body: { code: 'UNAUTHORIZED', message: 'no' } }));
      await failureOf(session.api.get(RESOURCE));
      expect(server.requestsTo(ApiPaths.iam.refreshToken)).toHaveLength(0);
      expect(notices).toEqual([]);
    });

    it('on the refresh call itself: propagated to the caller, no second refresh', async () => {
      server.route(`POST ${ApiPaths.iam.refreshToken}`, () => ({
        status: 401,
        body: { code: 'UNAUTHORIZED', message: 'bad refresh token' },
      }));
      const failure = await failureOf(session.api.post(ApiPaths.iam.refreshToken, { refreshToken: 'x' }));
      expect(failure).toMatchObject({ status: 401, message: 'bad refresh token' });
      expect(server.requestsTo(ApiPaths.iam.refreshToken)).toHaveLength(1);
      expect(session.session$.value.status).toBe('signed-in');
    });
  });

  it('403: "access denied" by its code, naming the permissions the server says are needed', async () => {
    server.route(`GET ${RESOURCE}`, () => ({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'You cannot view employee records' },
    }));
    await failureOf(session.api.get(RESOURCE));
    server.route(`GET ${RESOURCE}`, () => ({
      status: 403,
      body: {
        code: 'FORBIDDEN',
        message: 'You cannot grant role.delete: you do not hold it yourself',
        params: { permissions: ['role.delete', 'user.update'], junk: { nested: true } },
      },
    }));
    await failureOf(session.api.get(RESOURCE));
    expect(notices).toEqual([
      { intent: 'error', key: 'forbidden', status: 403, code: 'FORBIDDEN' },
      {
        intent: 'error',
        key: 'forbidden',
        text: 'withPermissions',
        params: { permissions: ['role.delete', 'user.update'] },
        status: 403,
        code: 'FORBIDDEN',
      },
    ]);
  });

  it('403 about who the caller is (params.reason): the text of its reason; an unknown reason is the plain refusal', async () => {
    server.route(`POST ${RESOURCE}`, () => ({
      status: 403,
      body: {
        code: 'FORBIDDEN',
        message: 'Only the assignee of the current step "HR" may act on it',
        params: { reason: 'notAssignee' },
      },
    }));
    await failureOf(session.api.post(RESOURCE, {}));
    server.route(`POST ${RESOURCE}`, () => ({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'no', params: { reason: 'somethingNew' } },
    }));
    await failureOf(session.api.post(RESOURCE, {}));
    expect(notices).toEqual([
      { intent: 'error', key: 'forbidden', text: 'notAssignee', status: 403, code: 'FORBIDDEN' },
      { intent: 'error', key: 'forbidden', status: 403, code: 'FORBIDDEN' },
    ]);
  });

  it('403 PASSWORD_CHANGE_REQUIRED: a warning of its own, not "access denied"', async () => {
    server.route(`GET ${RESOURCE}`, () => ({
      status: 403,
      body: { code: 'PASSWORD_CHANGE_REQUIRED', message: 'choose your own password first' },
    }));
    await failureOf(session.api.get(RESOURCE));
    expect(notices).toEqual([
      { intent: 'warning', key: 'passwordChangeRequired', status: 403, code: 'PASSWORD_CHANGE_REQUIRED' },
    ]);
  });

  it('404 USER_NOT_FOUND: "user not found"; another 404: "not found", never the server\'s words', async () => {
    server.route(`GET ${RESOURCE}`, () => ({
      status: 404,
      body: { code: 'USER_NOT_FOUND', message: 'user u-9 not found' },
    }));
    await failureOf(session.api.get(RESOURCE));
    server.route(`GET ${RESOURCE}`, () => ({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Không tìm thấy nhân viên' },
    }));
    await failureOf(session.api.get(RESOURCE));
    expect(notices).toEqual([
      { intent: 'error', key: 'userNotFound', status: 404, code: 'USER_NOT_FOUND' },
      { intent: 'error', key: 'notFound', status: 404, code: 'NOT_FOUND' },
    ]);
  });

  describe('400 with a blob body (downloads)', () => {
    const answerExportWith = (body: unknown) => server.route(`GET ${EXPORT}`, () => ({ status: 400, body }));

    it.each([
      ['fetch (browser, a real Blob)', true],
      ['Node http (bytes as text)', false],
    ])('reads code and message from the JSON inside, over %s', async (_name, useFetch) => {
      if (useFetch) session.configureHttp({ fetch: globalThis.fetch });
      answerExportWith({ code: 40000030, message: 'Giấy phép không khả dụng' });
      const failure = await failureOf(session.http.get(EXPORT, { responseType: 'blob' }));
      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({ status: 400, code: '40000030', message: 'Giấy phép không khả dụng' });
      expect(notices).toEqual([
        { intent: 'warning', key: 'licenseUnavailable', status: 400, code: '40000030' },
      ]);
    });

    it('40000029: warning "license expired"; another code: "request failed" without its words', async () => {
      session.configureHttp({ fetch: globalThis.fetch });
      answerExportWith({ code: '40000029', message: 'expired' });
      await failureOf(session.http.get(EXPORT, { responseType: 'blob' }));
      answerExportWith({ code: 'VALIDATION_FAILED', message: 'Kỳ lương chưa chốt' });
      const failure = await failureOf(session.http.get(EXPORT, { responseType: 'blob' }));
      expect(failure).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Kỳ lương chưa chốt' });
      expect(notices).toEqual([
        { intent: 'warning', key: 'licenseExpired', status: 400, code: '40000029' },
        { intent: 'error', key: 'requestFailed', status: 400, code: 'VALIDATION_FAILED' },
      ]);
    });
  });

  describe('generic message order', () => {
    const answerWith = (answer: { body?: unknown; statusText?: string }) =>
      server.route(`POST ${RESOURCE}`, () => ({ status: 400, ...answer }));
    const lastMessage = async () => {
      await failureOf(session.api.post(RESOURCE, {}, { headers: { 'x-n': String(notices.length) } }));
      return notices.at(-1);
    };

    it('field errors by the spec’s keys: "validationFailed" with their keys and values, never the server’s words', async () => {
      answerWith({
        body: {
          code: 'VALIDATION_FAILED',
          message: 'The body is not valid',
          errors: [
            {
              field: 'name',
              code: 'error.maxlength',
              message: 'must not have more than 200 characters (now 201)',
              params: { required: 200, actual: 201 },
            },
            {
              field: 'phone',
              code: 'error.pattern',
              message: 'must be a phone, e.g. 0243 825 6789',
              params: { format: 'phone', example: '0243 825 6789' },
            },
            { field: 'code', code: 'error.required', message: 'is required' },
          ],
        },
      });
      expect(await lastMessage()).toEqual({
        intent: 'warning',
        key: 'validationFailed',
        status: 400,
        code: 'VALIDATION_FAILED',
        fieldErrors: [
          { field: 'name', code: 'error.maxlength', params: { required: 200, actual: 201 } },
          { field: 'phone', code: 'error.pattern', params: { format: 'phone', example: '0243 825 6789' } },
          { field: 'code', code: 'error.required' },
        ],
      });
    });

    it('field errors without a key, a bare message or no envelope: "request failed", never the server’s words', async () => {
      answerWith({
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Dữ liệu không hợp lệ',
          errors: [{ field: 'name', code: 'NAME_TAKEN', message: 'Tên quá dài' }],
        },
      });
      expect(await lastMessage()).toEqual({
        intent: 'error',
        key: 'requestFailed',
        status: 400,
        code: 'VALIDATION_FAILED',
      });
      answerWith({ body: 'not an envelope', statusText: 'Invalid Input' });
      expect(await lastMessage()).toEqual({
        intent: 'error',
        key: 'requestFailed',
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    });
  });

  it('no answer at all: "network"', async () => {
    await server.close();
    const failure = await failureOf(session.api.get(RESOURCE));
    expect(failure).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(notices).toEqual([{ intent: 'error', key: 'network', status: 0, code: 'NETWORK_ERROR' }]);
  });

  it('ignoreError (option or header) tells nothing, and the caller still gets the error', async () => {
    server.route(`GET ${RESOURCE}`, () => ({ status: 403, body: { code: 'FORBIDDEN', message: 'no' } }));
    await expect(session.api.get(RESOURCE, { ignoreError: true })).rejects.toMatchObject({ status: 403 });
    await expect(session.api.get(RESOURCE, { headers: { 'x-ignore-error': 'true' } })).rejects.toMatchObject({
      status: 403,
    });
    expect(notices).toEqual([]);
  });

  it('a canceled call tells nothing', async () => {
    server.route(`GET ${RESOURCE}`, () => ({ status: 200, body: { data: [] }, delayMs: 200 }));
    const controller = new AbortController();
    const call = failureOf(session.api.get(RESOURCE, { signal: controller.signal }));
    controller.abort();
    expect(await call).toMatchObject({ code: 'CANCELED' });
    expect(notices).toEqual([]);
  });

  describe('409, 429 and 5xx', () => {
    it("409: a warning by its code (the record changed or already exists), not the server's words", async () => {
      server.route(`POST ${RESOURCE}`, () => ({
        status: 409,
        body: { code: 'CONFLICT', message: 'Mã nhân viên NV001 đã tồn tại' },
      }));
      await failureOf(session.api.post(RESOURCE, {}));
      expect(notices).toEqual([{ intent: 'warning', key: 'conflict', status: 409, code: 'CONFLICT' }]);
    });

    it('409 of a record others still use (params.reason inUse): its own text, and the ApiError keeps the params', async () => {
      server.route(`POST ${RESOURCE}`, () => ({
        status: 409,
        body: {
          code: 'CONFLICT',
          message: 'The record is used by other records and cannot be removed',
          params: { reason: 'inUse' },
        },
      }));
      const failure = await failureOf(session.api.post(RESOURCE, {}));
      expect(notices).toEqual([
        {
          intent: 'warning',
          key: 'conflict',
          text: 'inUse',
          title: 'refusedTitle',
          status: 409,
          code: 'CONFLICT',
        },
      ]);
      expect((failure as ApiError).params).toEqual({ reason: 'inUse' });
    });

    it("409 the record's state refused (a contract already renewed): its reason's text with its values; an unknown reason is the generic text", async () => {
      server.route(`POST ${RESOURCE}`, () => ({
        status: 409,
        body: {
          code: 'CONFLICT',
          message: 'Already followed by contract 0002/2026/HĐLĐ: open that one',
          params: { reason: 'alreadyRenewed', number: '0002/2026/HĐLĐ' },
        },
      }));
      await failureOf(session.api.post(RESOURCE, {}));
      server.route(`POST ${RESOURCE}`, () => ({
        status: 409,
        body: { code: 'CONFLICT', message: 'x', params: { reason: 'somethingNew' } },
      }));
      await failureOf(session.api.post(RESOURCE, {}));
      expect(notices).toEqual([
        {
          intent: 'warning',
          key: 'conflict',
          text: 'alreadyRenewed',
          title: 'refusedTitle',
          params: { number: '0002/2026/HĐLĐ' },
          status: 409,
          code: 'CONFLICT',
        },
        { intent: 'warning', key: 'conflict', status: 409, code: 'CONFLICT' },
      ]);
    });

    it('429: a warning saying how long to wait, from Retry-After', async () => {
      server.route(`POST ${RESOURCE}`, () => ({
        status: 429,
        headers: { 'Retry-After': '30' },
        body: { code: 'TOO_MANY_REQUESTS', message: 'slow down' },
      }));
      await failureOf(session.api.post(RESOURCE, {}));
      expect(notices).toEqual([
        {
          intent: 'warning',
          key: 'tooManyRequests',
          status: 429,
          code: 'TOO_MANY_REQUESTS',
          retryAfterSeconds: 30,
        },
      ]);
    });

    it('5xx: "server error" without the server’s own words, once for calls failing together', async () => {
      server.route(`GET ${RESOURCE}`, () => ({
        status: 500,
        body: { code: 'INTERNAL_ERROR', message: 'relation "x" does not exist' },
      }));
      await Promise.all(Array.from({ length: 3 }, () => failureOf(session.api.get(RESOURCE))));
      expect(notices).toEqual([{ intent: 'error', key: 'serverError', status: 500, code: 'INTERNAL_ERROR' }]);
    });

    it('503 (busy database, or a proxy with no envelope): "service unavailable", with Retry-After', async () => {
      server.route(`GET ${RESOURCE}`, () => ({
        status: 503,
        headers: { 'Retry-After': '5' },
        body: { code: 'DATABASE_UNAVAILABLE', message: 'The database is busy' },
      }));
      await failureOf(session.api.get(RESOURCE));
      expect(notices).toEqual([
        {
          intent: 'warning',
          key: 'serviceUnavailable',
          status: 503,
          code: 'DATABASE_UNAVAILABLE',
          retryAfterSeconds: 5,
        },
      ]);
    });

    it('503 from a proxy (no envelope): "service unavailable" too', async () => {
      server.route(`GET ${RESOURCE}`, () => ({ status: 503, body: 'upstream down' }));
      await failureOf(session.api.get(RESOURCE));
      expect(notices).toEqual([
        { intent: 'warning', key: 'serviceUnavailable', status: 503, code: 'INTERNAL_ERROR' },
      ]);
    });

    it('413: "too large" by its status, not the server\'s words', async () => {
      server.route(`POST ${RESOURCE}`, () => ({
        status: 413,
        body: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
      }));
      await failureOf(session.api.post(RESOURCE, {}));
      expect(notices).toEqual([
        { intent: 'error', key: 'payloadTooLarge', status: 413, code: 'PAYLOAD_TOO_LARGE' },
      ]);
    });
  });

  it('the same notice is told again once the previous one has gone (3 s)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    server.route(`GET ${RESOURCE}`, () => ({ status: 403, body: { code: 'FORBIDDEN', message: 'no' } }));
    await failureOf(session.api.get(RESOURCE));
    vi.setSystemTime(Date.now() + NOTICE_REPEAT_WINDOW_MS - 1);
    await failureOf(session.api.get(RESOURCE));
    expect(notices).toHaveLength(1);
    vi.setSystemTime(Date.now() + 1);
    await failureOf(session.api.get(RESOURCE));
    expect(notices).toHaveLength(2);
  });

  describe('profile', () => {
    it('a failed profile fetch after sign-in: "profile load failed", and no session', async () => {
      session.clearSession();
      server.route(`GET ${ApiPaths.iam.meProfile}`, () => ({
        status: 500,
        body: { code: 'INTERNAL_ERROR', message: 'boom' },
      }));
      await failureOf(session.signIn({ username: 'hradmin', password: 'right', rememberMe: true }));
      expect(session.session$.value.status).toBe('signed-out');
      expect(notices).toEqual([
        { intent: 'error', key: 'profileLoadFailed', status: 500, code: 'INTERNAL_ERROR' },
      ]);
    });

    it('a failed profile reload: "profile load failed" only; a 401 that ends the session: "session expired" only', async () => {
      server.route(`GET ${ApiPaths.iam.meProfile}`, () => ({ status: 502, body: 'bad gateway' }));
      await failureOf(session.loadProfile());
      expect(session.session$.value.status).toBe('signed-in');
      server.route(`GET ${ApiPaths.iam.meProfile}`, () => ({
        status: 401,
        body: { code: 'UNAUTHORIZED', message: 'x' },
      }));
      server.route(`POST ${ApiPaths.iam.refreshToken}`, () => ({
        status: 401,
        body: { code: 'UNAUTHORIZED', message: 'x' },
      }));
      await failureOf(session.loadProfile());
      expect(notices.map((n) => n.key)).toEqual(['profileLoadFailed', 'sessionExpired']);
    });
  });
});

describe('noticeForError (a failure said in place)', () => {
  it('decides as for the toast, from the ApiError alone', () => {
    expect(
      noticeForError(new ApiError(403, 'FORBIDDEN', 'x', [], false, { permissions: ['role.delete'] })),
    ).toEqual({
      intent: 'error',
      key: 'forbidden',
      text: 'withPermissions',
      params: { permissions: ['role.delete'] },
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(
      noticeForError(
        new ApiError(400, 'VALIDATION_FAILED', 'x', [
          { field: 'name', code: 'error.required', message: 'x' },
        ]),
      ),
    ).toMatchObject({ key: 'validationFailed', fieldErrors: [{ field: 'name', code: 'error.required' }] });
    // no path: a 401 in place is never a failed sign-in
    expect(noticeForError(new ApiError(401, 'UNAUTHORIZED', 'x'))?.key).toBe('requestFailed');
    expect(noticeForError(new ApiError(0, 'CANCELED', 'x'))).toBeNull();
  });
});

describe('retryAfterSeconds', () => {
  it('reads seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-22T07:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Sun, 22 Nov 2026 07:00:45 GMT', now)).toBe(45);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds(null, now)).toBeUndefined();
  });
});
