import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { filter, firstValueFrom, type Subscription } from 'rxjs';
import { ApiPaths } from '@hcm/contracts';
import type { LoadingValue } from './loading-indicator.ts';
import { MemoryStorage } from './memory-storage.ts';
import { createSession, type Session } from './session.ts';
import { writeStoredSession, type SessionStorages } from './session-storage.ts';
import { startFakeApiServer, type FakeApiServer } from './testing/fake-api-server.ts';
import { sampleProfile, sampleTokens } from './testing/fixtures.ts';
import { routeHealthyIam } from './testing/iam-routes.ts';

const RESOURCE = '/api/om/employees';
const FLAG_HEADERS = ['x-loading', 'x-ignore-error', 'x-optimal-response', 'x-captcha', 'x-transaction-id'];

describe('request flags', () => {
  let server: FakeApiServer;
  let storages: SessionStorages;
  let session: Session;

  beforeEach(async () => {
    server = await startFakeApiServer();
    routeHealthyIam(server);
    storages = { persistent: new MemoryStorage(), perTab: new MemoryStorage() };
    writeStoredSession(storages, { tokens: sampleTokens('1'), profile: sampleProfile, rememberMe: true });
    // A short rhythm, so that real HTTP calls of a few hundred ms show the bar.
    session = createSession({
      storages,
      baseURL: server.baseURL,
      loadingTimings: { delayMs: 20, stepMs: 20, start: 40, step: 40, max: 80, finishMs: 10 },
    });
    // The resource answers after x-test-delay ms, and only to the current token.
    server.route(`GET ${RESOURCE}`, ({ headers }) => ({
      status: headers.authorization === `Bearer ${session.session$.value.tokens?.accessToken}` ? 200 : 401,
      body: { data: ['ok'], code: 'UNAUTHORIZED', message: 'expired' },
      delayMs: Number(headers['x-test-delay'] ?? 0),
    }));
  });
  afterEach(() => server.close());

  it('each option sends its header', async () => {
    await session.api.get(RESOURCE, {
      loading: true,
      ignoreError: true,
      optimalResponse: true,
      captcha: 'cap-7:4821',
      transactionId: 'tx-9',
    });
    expect(server.requestsTo(RESOURCE)[0]?.headers).toMatchObject({
      'x-loading': 'true',
      'x-ignore-error': 'true',
      'x-optimal-response': 'true',
      'x-captcha': 'cap-7:4821',
      'x-transaction-id': 'tx-9',
      authorization: 'Bearer access-1',
    });
  });

  it('a call without options sends none of them', async () => {
    await session.api.get(RESOURCE);
    const headers = server.requestsTo(RESOURCE)[0]?.headers ?? {};
    for (const name of FLAG_HEADERS) expect(headers[name]).toBeUndefined();
  });

  it('sign-in sends captcha and transaction id, still without bearer or language', async () => {
    session.clearSession();
    await session.signIn(
      { username: 'hradmin', password: 'right', rememberMe: false },
      { captcha: 'cap-1:0042', transactionId: 'tx-1' },
    );
    const headers = server.requestsTo(ApiPaths.iam.authenticate)[0]?.headers ?? {};
    expect(headers).toMatchObject({ 'x-captcha': 'cap-1:0042', 'x-transaction-id': 'tx-1' });
    expect(headers.authorization).toBeUndefined();
    expect(headers.language).toBeUndefined();
    expect(headers['accept-language']).toBeUndefined();
  });

  describe('loading$', () => {
    let values: LoadingValue[];
    let subscription: Subscription;
    beforeEach(() => {
      const seen: LoadingValue[] = [];
      values = seen;
      subscription = session.loading$.subscribe((value) => seen.push(value));
    });
    afterEach(() => subscription.unsubscribe());
    const hidden = () => firstValueFrom(session.loading$.pipe(filter((value) => value === null)));
    const slow = (ms: number) => ({ headers: { 'x-test-delay': String(ms) } });

    it('shows the bar for a slow flagged call and ends at 100 as the answer arrives, then hides', async () => {
      await session.api.get(RESOURCE, { loading: true, ...slow(200) });
      expect(values).toContain(40);
      expect(values.at(-1)).toBe(100);
      await hidden();
      expect(values.at(-1)).toBeNull();
    });

    it('counts the bare x-loading header too, and a failed call ends it as well', async () => {
      server.route(`GET ${RESOURCE}`, () => ({ status: 500, body: 'down', delayMs: 200 }));
      await session.api
        .get(RESOURCE, { headers: { 'x-loading': 'true' }, ignoreError: true })
        .catch(() => null);
      expect(values).toContain(40);
      expect(values.at(-1)).toBe(100);
    });

    it('ignores calls that are not flagged', async () => {
      await session.api.get(RESOURCE, slow(200));
      expect(values).toEqual([null]);
    });

    it('keeps the bar through a token refresh and its retry: it ends once, with the retried answer', async () => {
      const stale = createSession({
        storages,
        baseURL: server.baseURL,
        loadingTimings: { delayMs: 20, stepMs: 20, start: 40, step: 40, max: 80, finishMs: 10 },
      });
      const staleValues: LoadingValue[] = [];
      stale.loading$.subscribe((value) => staleValues.push(value));
      // Another tab's session refreshed first: this one's token is now refused.
      await session.loadProfile().catch(() => null);
      server.route(`GET ${RESOURCE}`, ({ headers }) => ({
        status: headers.authorization === 'Bearer access-1' ? 401 : 200,
        body: { data: ['ok'], code: 'UNAUTHORIZED', message: 'expired' },
        delayMs: 100,
      }));
      expect(await stale.api.get(RESOURCE, { loading: true })).toEqual(['ok']);
      expect(server.requestsTo(ApiPaths.iam.refreshToken)).toHaveLength(1);
      expect(staleValues.filter((value) => value === 100)).toHaveLength(1);
      expect(staleValues.at(-1)).toBe(100);
    });
  });
});
