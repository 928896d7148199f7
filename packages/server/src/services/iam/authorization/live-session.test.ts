import type { ErrorEnvelope, TokenSet } from '@hcm/contracts';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { refreshTokens, sessions, tenants, users } from '../../../db/schema.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeTenant, makeUser, type MakeUserOverrides } from '../../../testing/factories.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';
import { sha256 } from '../tokens/opaque-token.ts';

const NEW_PASSWORD = 'Brand-New#Pass9';
const ME = '/api/iam/me/authorities';

/**
 * Issue 8 part 3: an access token is only as alive as its sign-in. Before, each of these kept
 * working for the rest of its 15 minutes; now the very next request answers 401 UNAUTHORIZED
 * (which the browser treats as an expired session: one refresh, refused too, then sign-in).
 */
describe.each(await testEngines('both'))('an access token of an ended sign-in on $engine', ({ engine }) => {
  const suite = serveDuringSuite(engine);
  const db = () => suite.server.db.orm;

  const me = (accessToken: string) => suite.http.get<ErrorEnvelope>(ME, accessToken);
  const signIn = async (username: string, password: string) => {
    const res = await suite.http.post<{ data: TokenSet }>('/api/iam/authenticate', { username, password });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const signedInUser = async (overrides: MakeUserOverrides = {}) => {
    const tenant = overrides.tenantId === undefined ? await makeTenant(db()) : null;
    const made = await makeUser(
      { db: db(), passwords: suite.server.passwords },
      { tenantId: tenant?.id, ...overrides },
    );
    const tokens = await signIn(made.user.username, made.password);
    // one request first: the process now keeps the caller (actor-cache.ts), which each change
    // below must make it forget
    expect((await me(tokens.accessToken)).status).toBe(200);
    return { ...made, tokens };
  };
  const expectEnded = async (accessToken: string) => {
    const res = await me(accessToken);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: 'The session has ended: sign in again' });
  };

  it('works while the sign-in lives (so the refusals below can fail)', async () => {
    const { tokens } = await signedInUser();
    expect((await me(tokens.accessToken)).status).toBe(200);
  });

  it('is refused at the next request after logout; the same user’s other sign-in goes on', async () => {
    const { user, password, tokens } = await signedInUser();
    const other = await signIn(user.username, password);
    expect((await me(tokens.accessToken)).status).toBe(200);
    expect((await suite.http.post('/api/iam/logout', { refreshToken: tokens.refreshToken })).status).toBe(
      200,
    );
    await expectEnded(tokens.accessToken);
    expect((await me(other.accessToken)).status).toBe(200);
  });

  it('is refused once its refresh family was revoked for reuse: every access token of the family', async () => {
    const { tokens } = await signedInUser();
    const refresh = (refreshToken: string) =>
      suite.http.post<{ data: TokenSet }>('/api/iam/refresh-token', { refreshToken });
    const rotated = (await refresh(tokens.refreshToken)).body.data;
    // Reused after the grace window: theft, the family is revoked.
    await db()
      .update(refreshTokens)
      .set({ replacedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(refreshTokens.tokenHash, sha256(tokens.refreshToken)));
    expect((await refresh(tokens.refreshToken)).status).toBe(401);
    await expectEnded(tokens.accessToken);
    await expectEnded(rotated.accessToken);
  });

  it('is refused once the user is made INACTIVE', async () => {
    const { user, tokens } = await signedInUser();
    await db().update(users).set({ status: 'INACTIVE' }).where(eq(users.id, user.id));
    await expectEnded(tokens.accessToken);
  });

  it('is refused once the tenant is made INACTIVE, for every user of it', async () => {
    const tenant = await makeTenant(db());
    const first = await signedInUser({ tenantId: tenant.id });
    const second = await signedInUser({ tenantId: tenant.id });
    await db().update(tenants).set({ status: 'INACTIVE' }).where(eq(tenants.id, tenant.id));
    await expectEnded(first.tokens.accessToken);
    await expectEnded(second.tokens.accessToken);
  });

  it('is refused once an administrator has set the user’s password; the administrator goes on', async () => {
    const tenant = await makeTenant(db());
    const admin = await signedInUser({ tenantId: tenant.id, permissions: ['user.update'] });
    const target = await signedInUser({ tenantId: tenant.id });
    const res = await suite.http.post(
      `/api/iam/users/${target.user.id}/change-password`,
      { newPassword: NEW_PASSWORD },
      admin.tokens.accessToken,
    );
    expect(res.status).toBe(200);
    await expectEnded(target.tokens.accessToken);
    expect((await me(admin.tokens.accessToken)).status).toBe(200);
  });

  it('of the user’s other sign-ins is refused after its own password reset; the resetting one goes on', async () => {
    const { user, password, tokens } = await signedInUser();
    const other = await signIn(user.username, password);
    const res = await suite.http.post(
      '/api/iam/reset-password',
      { oldPassword: password, newPassword: NEW_PASSWORD, refreshToken: tokens.refreshToken },
      tokens.accessToken,
    );
    expect(res.status).toBe(200);
    await expectEnded(other.accessToken);
    expect((await me(tokens.accessToken)).status).toBe(200);
  });

  it('is refused once its session has passed its absolute end', async () => {
    const { tokens } = await signedInUser();
    const sid = decodeJwt(tokens.accessToken).sid as string;
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sid));
    await expectEnded(tokens.accessToken);
  });

  it('of a system user (no tenant) is checked the same way', async () => {
    const { tokens } = await signedInUser({ tenantId: null });
    expect((await me(tokens.accessToken)).status).toBe(200);
    await suite.http.post('/api/iam/logout', { refreshToken: tokens.refreshToken });
    await expectEnded(tokens.accessToken);
  });
});
