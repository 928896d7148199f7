import type { Profile, TokenSet } from '@hcm/contracts';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { users } from '../../../db/schema.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeTenant, makeUser } from '../../../testing/factories.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';
import type { ErrorResult, HttpResult } from '../../../testing/http-client.ts';
import { ensureSigningKey } from '../tokens/signing-key.ts';

describe.each(await testEngines())('the signed-in user (me) on $engine', ({ engine }) => {
  const suite = serveDuringSuite(engine);

  /** A fresh tenant user, signed in. */
  async function signedInUser(overrides: { email?: string } = {}) {
    const tenant = await makeTenant(suite.server.db.orm, { name: 'Công ty Hồ Sơ' });
    const made = await makeUser(
      { db: suite.server.db.orm, passwords: suite.server.passwords },
      { tenantId: tenant.id, fullName: 'Lê Văn Hồ Sơ', ...overrides },
    );
    const res: HttpResult<{ data: TokenSet }> = await suite.http.post('/api/iam/authenticate', {
      username: made.user.username,
      password: made.password,
    });
    return { ...made, tenant, tokens: res.body.data };
  }

  describe('GET /api/iam/me/profile', () => {
    it('shows the profile per the contract', async () => {
      const { user, tenant, tokens } = await signedInUser({ email: 'ho.so@example.vn' });
      const res: HttpResult<{ data: Profile }> = await suite.http.get(
        '/api/iam/me/profile',
        tokens.accessToken,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: {
          id: user.id,
          username: user.username,
          fullName: 'Lê Văn Hồ Sơ',
          email: 'ho.so@example.vn',
          tenantId: tenant.id,
          tenantName: 'Công ty Hồ Sơ',
          language: 'vi',
          userPrimary: { isRoot: false, grantedPermissions: [], userLevel: 'TENANT' },
          passwordChangeRequired: false,
        },
      });
    });

    it.each([
      ['no token', undefined],
      ['a malformed token', 'not-a-jwt'],
      [
        'a token signed with another key',
        'eyJhbGciOiJIUzI1NiIsInR5cCI6ImF0K2p3dCJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
      ],
    ])('answers %s with 401 UNAUTHORIZED', async (_, token) => {
      const res: ErrorResult = await suite.http.get('/api/iam/me/profile', token);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    });

    it('refuses an expired access token and an id token used as an access token', async () => {
      const { user, tokens } = await signedInUser();
      const key = await ensureSigningKey(suite.server.db.orm);
      const expired = await new SignJWT({ sid: 'x' })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setSubject(user.id)
        .setIssuer('hcm')
        .setAudience('hcm-portal')
        .setJti('j')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(key);
      const res: ErrorResult = await suite.http.get('/api/iam/me/profile', expired);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: 'The access token has expired' });
      expect((await suite.http.get('/api/iam/me/profile', tokens.idToken)).status).toBe(401);
    });

    it('answers 404 USER_NOT_FOUND when the token outlived its user', async () => {
      const { user, tokens } = await signedInUser();
      await suite.server.db.orm.delete(users).where(eq(users.id, user.id));
      const res: ErrorResult = await suite.http.get('/api/iam/me/profile', tokens.accessToken);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('USER_NOT_FOUND');
      expect((await suite.http.get('/api/iam/me/authorities', tokens.accessToken)).status).toBe(404);
    });
  });

  describe('POST /api/iam/me/profile', () => {
    it('updates the name, e-mail and language (stored lower-case) and returns the profile', async () => {
      const { user, tokens } = await signedInUser();
      const res: HttpResult<{ data: Profile }> = await suite.http.post(
        '/api/iam/me/profile',
        { fullName: '  Phạm   Thị  Mới ', email: 'moi@example.vn', language: 'EN' },
        tokens.accessToken,
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        fullName: 'Phạm Thị Mới',
        email: 'moi@example.vn',
        language: 'en',
      });
      const [row] = await suite.server.db.orm.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ language: 'en', lastModifiedBy: user.id });

      const cleared: HttpResult<{ data: Profile }> = await suite.http.post(
        '/api/iam/me/profile',
        { email: null },
        tokens.accessToken,
      );
      expect(cleared.body.data).toMatchObject({ email: null, fullName: 'Phạm Thị Mới' });
    });

    it.each([
      ['an over-long name', { fullName: 'x'.repeat(201) }, 'fullName', 'error.maxlength'],
      ['an empty name', { fullName: '' }, 'fullName', 'error.required'],
      ['a blank name', { fullName: '   ' }, 'fullName', 'error.required'],
      ['a bad e-mail', { email: 'not-an-email' }, 'email', 'error.email'],
      ['an over-long e-mail', { email: `${'x'.repeat(45)}@example.vn` }, 'email', 'error.maxlength'],
      ['an unknown language', { language: 'fr' }, 'language', 'error.pattern'],
      ['an unknown field', { username: 'hacker' }, 'username', 'error.invalidValue'],
      ['a wrong type', { fullName: 42 }, 'fullName', 'error.invalidValue'],
    ])('rejects %s with 400', async (_, body, field, code) => {
      const { tokens } = await signedInUser();
      const res: ErrorResult = await suite.http.post('/api/iam/me/profile', body, tokens.accessToken);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors).toEqual([expect.objectContaining({ field, code })]);
    });

    it('needs a signed-in user before it looks at the body', async () => {
      const res: ErrorResult = await suite.http.post('/api/iam/me/profile', { fullName: 42 });
      expect(res.status).toBe(401);
    });
  });

  describe('GET /api/iam/me/authorities', () => {
    it('lists the granted permission codes (none until roles exist)', async () => {
      const { tokens } = await signedInUser();
      const res: HttpResult<{ data: string[] }> = await suite.http.get(
        '/api/iam/me/authorities',
        tokens.accessToken,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: [] });
      expect((await suite.http.get('/api/iam/me/authorities')).status).toBe(401);
    });
  });
});
