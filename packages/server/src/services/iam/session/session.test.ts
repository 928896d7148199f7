import type { ErrorEnvelope, Profile, TokenSet } from '@hcm/contracts';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokens, tenants, users } from '../../../db/schema.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeTenant, makeUser } from '../../../testing/factories.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';
import type { ErrorResult, HttpResult } from '../../../testing/http-client.ts';
import { TEST_HR_ADMIN } from '../../../testing/test-server.ts';
import { sha256 } from '../tokens/opaque-token.ts';
import { allOf } from '../../../../../../scripts/testing/all-of.ts';

describe.each(await testEngines())('sign-in, refresh and logout on $engine', ({ engine }) => {
  const suite = serveDuringSuite(engine);
  // T: the body expected back, the token set unless the test expects an error envelope.
  const authenticate = <T = { data: TokenSet }>(body: unknown, headers?: Record<string, string>) =>
    suite.http.post<T>('/api/iam/authenticate', body, undefined, headers);
  const refresh = <T = { data: TokenSet }>(refreshToken: string) =>
    suite.http.post<T>('/api/iam/refresh-token', { refreshToken });
  const profile = (token: string): Promise<HttpResult<{ data: Profile }>> =>
    suite.http.get('/api/iam/me/profile', token);
  const deps = () => ({ db: suite.server.db.orm, passwords: suite.server.passwords });

  describe('POST /api/iam/authenticate', () => {
    it('returns the four values, and the access token opens the profile', async () => {
      const res = await authenticate(
        { username: TEST_HR_ADMIN.username, password: TEST_HR_ADMIN.password, rememberMe: false },
        { 'x-transaction-id': 'tx-42' },
      );
      expect(res.status).toBe(200);
      const { accessToken, refreshToken, idToken, secretKey } = res.body.data;
      expect(Object.keys(res.body.data).sort()).toEqual([
        'accessToken',
        'idToken',
        'passwordChangeRequired',
        'refreshToken',
        'secretKey',
      ]);
      // A seeded account's password is the deployment's: not one to replace (migrations/0026).
      expect(res.body.data.passwordChangeRequired).toBe(false);
      expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{43,}$/);
      expect(secretKey).toMatch(/^[A-Za-z0-9_-]{43,}$/);

      const access = decodeJwt(accessToken);
      expect(decodeProtectedHeader(accessToken)).toMatchObject({ alg: 'HS256', typ: 'at+jwt' });
      expect(access).toMatchObject({
        sub: expect.any(String),
        tid: expect.any(String),
        jti: expect.any(String),
      });
      expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(900);
      expect(decodeJwt(idToken)).toMatchObject({
        name: TEST_HR_ADMIN.fullName,
        preferred_username: 'hradmin',
        tenant: 'demo',
      });

      const me = await profile(accessToken);
      expect(me.status).toBe(200);
      expect(me.body.data).toMatchObject({
        username: 'hradmin',
        fullName: TEST_HR_ADMIN.fullName,
        tenantName: 'Công ty Demo',
        language: 'vi',
      });
      expect(suite.server.logs()).toContain('"transactionId":"tx-42"');

      // Only hashes are stored.
      const [stored] = await suite.server.db.orm
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
      expect(stored).toMatchObject({ secretKeyHash: sha256(secretKey), rememberMe: false, revokedAt: null });
    });

    it('matches the user name in any case and gives a system user no tenant claim', async () => {
      const { user, password } = await makeUser(deps(), { username: 'Mixed.Case_User' });
      const res = await authenticate({ username: 'mixed.case_user', password });
      expect(res.status).toBe(200);
      expect(decodeJwt(res.body.data.accessToken)).not.toHaveProperty('tid');
      expect(decodeJwt(res.body.data.accessToken).sub).toBe(user.id);
    });

    it('keeps a remember-me session for REMEMBER_ME_REFRESH_TTL_SECONDS', async () => {
      const { user, password } = await makeUser(deps());
      const res = await authenticate({ username: user.username, password, rememberMe: true });
      const [stored] = await suite.server.db.orm
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(res.body.data.refreshToken)));
      if (!stored) throw new Error('the refresh token was not stored');
      const days = (stored.expiresAt.getTime() - stored.createdAt.getTime()) / 86_400_000;
      expect(stored.rememberMe).toBe(true);
      expect(Math.round(days)).toBe(30);
    });

    it('answers a wrong password and an unknown user alike: 401 INVALID_CREDENTIALS and nothing more', async () => {
      // A user of its own: failures count per user name (lockout, captcha).
      const { user } = await makeUser(deps());
      const wrong = await authenticate<ErrorEnvelope>({ username: user.username, password: 'Wrong#Pass1' });
      const unknown = await authenticate<ErrorEnvelope>({ username: 'nobody_here', password: 'Wrong#Pass1' });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Wrong user name or password' });
        expect(res.headers.get('www-authenticate')).toBeNull();
      }
    });

    it('refuses an inactive user and a user of an inactive tenant with the same 401', async () => {
      const inactive = await makeUser(deps());
      await suite.server.db.orm
        .update(users)
        .set({ status: 'INACTIVE' })
        .where(eq(users.id, inactive.user.id));
      const tenant = await makeTenant(suite.server.db.orm);
      const ofInactiveTenant = await makeUser(deps(), { tenantId: tenant.id });
      await suite.server.db.orm.update(tenants).set({ status: 'INACTIVE' }).where(eq(tenants.id, tenant.id));
      for (const { user, password } of [inactive, ofInactiveTenant]) {
        const res = await authenticate<ErrorEnvelope>({ username: user.username, password });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('INVALID_CREDENTIALS');
      }
    });

    it.each([
      [
        'an empty body',
        {},
        [
          ['username', 'error.required'],
          ['password', 'error.required'],
        ],
      ],
      ['a missing password', { username: 'hradmin' }, [['password', 'error.required']]],
      [
        'wrong types',
        { username: 12, password: true, rememberMe: 'yes' },
        [
          ['username', 'error.invalidValue'],
          ['password', 'error.invalidValue'],
          ['rememberMe', 'error.invalidValue'],
        ],
      ],
      [
        'an over-long user name',
        { username: 'a'.repeat(101), password: 'x' },
        [['username', 'error.maxlength']],
      ],
      [
        'an over-long password',
        { username: 'hradmin', password: 'x'.repeat(51) },
        [['password', 'error.maxlength']],
      ],
      ['a user name with spaces', { username: 'hr admin', password: 'x' }, [['username', 'error.pattern']]],
      [
        'an unknown field',
        { username: 'hradmin', password: 'x', tenant: 'demo' },
        [['tenant', 'error.invalidValue']],
      ],
    ])('rejects %s with 400 and field errors', async (_, body, expected) => {
      const res = await authenticate<ErrorEnvelope>(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors?.map((e) => [e.field, e.code]).sort()).toEqual([...expected].sort());
    });

    it('rejects a body that is not an object with 400', async () => {
      for (const raw of ['[]', '"text"', 'null', '42']) {
        const res: ErrorResult = await suite.http.request('POST', '/api/iam/authenticate', { raw });
        expect(res.status, raw).toBe(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
      }
    });
  });

  describe('POST /api/iam/refresh-token', () => {
    it('rotates: new values, the old refresh token marked replaced', async () => {
      const signIn = await authenticate({ username: 'hradmin', password: TEST_HR_ADMIN.password });
      const first = signIn.body.data;
      const rotated = await refresh(first.refreshToken);
      expect(rotated.status).toBe(200);
      const second = rotated.body.data;
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect(second.secretKey).not.toBe(first.secretKey);
      expect(decodeJwt(second.accessToken).jti).not.toBe(decodeJwt(first.accessToken).jti);
      expect((await profile(second.accessToken)).status).toBe(200);

      const rows = await suite.server.db.orm
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.familyId, decodeJwt(first.accessToken).sid as string));
      const old = rows.find((r) => r.tokenHash === sha256(first.refreshToken));
      const next = rows.find((r) => r.tokenHash === sha256(second.refreshToken));
      expect(old?.replacedBy).toBe(next?.id);
      expect(next?.replacedBy).toBeNull();
    });

    it('treats reuse of a rotated token after the grace window as theft: 401 and the whole family revoked', async () => {
      const first = (await authenticate({ username: 'hradmin', password: TEST_HR_ADMIN.password })).body.data;
      const second = (await refresh(first.refreshToken)).body.data;
      // Within REFRESH_REUSE_GRACE_SECONDS it would get the same successor (refresh-grace.test.ts).
      await suite.server.db.orm
        .update(refreshTokens)
        .set({ replacedAt: new Date(Date.now() - 60_000) })
        .where(eq(refreshTokens.tokenHash, sha256(first.refreshToken)));
      const reused = await refresh<ErrorEnvelope>(first.refreshToken);
      expect(reused.status).toBe(401);
      expect(reused.body.code).toBe('UNAUTHORIZED');
      // The legitimate newest token is dead too.
      expect((await refresh(second.refreshToken)).status).toBe(401);
      const family = await suite.server.db.orm
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.familyId, decodeJwt(first.accessToken).sid as string));
      expect(allOf(family, (r) => r.revokedAt !== null)).toBe(true);
    });

    it('refuses an expired or unknown refresh token with 401', async () => {
      const tokens = (await authenticate({ username: 'hradmin', password: TEST_HR_ADMIN.password })).body
        .data;
      await suite.server.db.orm
        .update(refreshTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(refreshTokens.tokenHash, sha256(tokens.refreshToken)));
      const expired = await refresh<ErrorEnvelope>(tokens.refreshToken);
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual({ code: 'UNAUTHORIZED', message: 'The refresh token has expired' });
      expect((await refresh('not-a-token-we-issued')).status).toBe(401);
    });

    it('validates its body', async () => {
      const res = await suite.http.post<ErrorEnvelope>('/api/iam/refresh-token', {
        refreshToken: '',
        extra: 1,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors?.map((e) => e.field).sort()).toEqual(['extra', 'refreshToken']);
    });
  });

  describe('POST /api/iam/logout', () => {
    it('revokes the session: its refresh token stops working', async () => {
      const tokens = (await authenticate({ username: 'hradmin', password: TEST_HR_ADMIN.password })).body
        .data;
      const res = await suite.http.post(
        '/api/iam/logout',
        { refreshToken: tokens.refreshToken },
        tokens.accessToken,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: null });
      expect((await refresh(tokens.refreshToken)).status).toBe(401);
    });

    it('needs only the refresh token: a user whose access token has expired still ends the session', async () => {
      const tokens = (await authenticate({ username: 'hradmin', password: TEST_HR_ADMIN.password })).body
        .data;
      const other = (await authenticate({ username: 'hradmin', password: TEST_HR_ADMIN.password })).body.data;
      // no bearer at all, as after 15 idle minutes, or an expired one: the same
      const res = await suite.http.post('/api/iam/logout', { refreshToken: tokens.refreshToken });
      expect(res.status).toBe(200);
      expect((await refresh(tokens.refreshToken)).status).toBe(401);
      // only that sign-in ends: the same user's other session carries on
      expect((await refresh(other.refreshToken)).status).toBe(200);
    });

    it('answers success to an unknown token and changes nothing, so tokens cannot be probed', async () => {
      const mine = (await authenticate({ username: 'hradmin', password: TEST_HR_ADMIN.password })).body.data;
      const res = await suite.http.post('/api/iam/logout', { refreshToken: 'not-a-token-of-ours' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: null });
      expect((await refresh(mine.refreshToken)).status).toBe(200);
    });
  });

  it('never writes a password, token or authorization header to the log', async () => {
    const tokens = (await authenticate({ username: 'hradmin', password: TEST_HR_ADMIN.password })).body.data;
    await profile(tokens.accessToken);
    await refresh(tokens.refreshToken);
    await authenticate({ username: 'hradmin', password: 'Wrong#Pass-for-log-test' });
    // A handler that logs a request by mistake is still redacted.
    suite.server.app.log.info(
      {
        req: { headers: { authorization: `Bearer ${tokens.accessToken}` } },
        body: { password: TEST_HR_ADMIN.password },
      },
      'careless line',
    );
    const logs = suite.server.logs();
    expect(logs).toContain('careless line');
    for (const secret of [
      TEST_HR_ADMIN.password,
      'Wrong#Pass-for-log-test',
      tokens.accessToken,
      tokens.refreshToken,
      tokens.secretKey,
      tokens.idToken,
    ]) {
      expect(logs).not.toContain(secret);
    }
    expect(logs).not.toMatch(/authorization"\s*:\s*"Bearer/i);
  });
});
