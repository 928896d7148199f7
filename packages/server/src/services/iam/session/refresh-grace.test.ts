import type { ErrorEnvelope, TokenSet } from '@hcm/contracts';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { refreshTokens, sessions } from '../../../db/schema.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeTenant, makeUser } from '../../../testing/factories.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';
import { sha256 } from '../tokens/opaque-token.ts';
import { openSuccessor } from '../tokens/successor-seal.ts';

const DAY = 86_400_000;

/**
 * Issue 8 part 4 on the server: tabs that refresh at the same moment all carry on (a rotated
 * token presented again within REFRESH_REUSE_GRACE_SECONDS gets the same successor), a copy
 * presented later still ends the family, and a sign-in has an absolute lifetime.
 */
describe.each(await testEngines('both'))(
  'refresh in several tabs, and the longest sign-in, on $engine',
  ({ engine }) => {
    // A remembered sign-in lasts 2 days here, however often it is refreshed.
    const suite = serveDuringSuite(engine, { REMEMBER_ME_SESSION_MAX_SECONDS: String(2 * 86_400) });
    const db = () => suite.server.db.orm;

    const signIn = async (rememberMe = false) => {
      const tenant = await makeTenant(db());
      const { user, password } = await makeUser(
        { db: db(), passwords: suite.server.passwords },
        { tenantId: tenant.id },
      );
      const res = await suite.http.post<{ data: TokenSet }>('/api/iam/authenticate', {
        username: user.username,
        password,
        rememberMe,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      return res.body.data;
    };
    const refresh = <T = { data: TokenSet }>(refreshToken: string) =>
      suite.http.post<T>('/api/iam/refresh-token', { refreshToken });
    const me = (accessToken: string) => suite.http.get('/api/iam/me/authorities', accessToken);
    const storedToken = async (refreshToken: string) => {
      const [row] = await db()
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
      if (!row) throw new Error('no such refresh token');
      return row;
    };
    const sessionOf = async (tokens: TokenSet) => {
      const [row] = await db()
        .select()
        .from(sessions)
        .where(eq(sessions.id, decodeJwt(tokens.accessToken).sid as string));
      if (!row) throw new Error('no session');
      return row;
    };

    it('answers five simultaneous refreshes with one token with five 200s and the same successor, which works', async () => {
      const tokens = await signIn();
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => refresh(tokens.refreshToken)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
      const [successor, ...others] = answers.map((a) => a.body.data);
      for (const other of others) expect(other).toEqual(successor);
      if (!successor) throw new Error('no successor');
      expect(successor.refreshToken).not.toBe(tokens.refreshToken);

      expect((await me(successor.accessToken)).status).toBe(200);
      expect((await me(tokens.accessToken)).status).toBe(200);
      // One rotation only: the family has two tokens, and the successor rotates on.
      const family = await db()
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.familyId, decodeJwt(tokens.accessToken).sid as string));
      expect(family).toHaveLength(2);
      expect((await refresh(successor.refreshToken)).status).toBe(200);
    });

    it('keeps the successor sealed: not readable from the database, opened only by the rotated token', async () => {
      const tokens = await signIn();
      const successor = (await refresh(tokens.refreshToken)).body.data;
      const stored = await storedToken(tokens.refreshToken);
      const sealed = stored.successorSealed ?? '';
      expect(sealed).not.toBe('');
      for (const value of Object.values(successor)) expect(sealed).not.toContain(value);
      expect(openSuccessor(stored.tokenHash, sealed)).toBeNull();
      expect(openSuccessor(successor.refreshToken, sealed)).toBeNull();
      expect(openSuccessor(tokens.refreshToken, sealed)).toEqual(successor);
    });

    it('still treats a reuse after the grace window as theft: 401, the family revoked, its access tokens refused', async () => {
      const tokens = await signIn();
      const successor = (await refresh(tokens.refreshToken)).body.data;
      await db()
        .update(refreshTokens)
        .set({ replacedAt: new Date(Date.now() - 31_000) })
        .where(eq(refreshTokens.tokenHash, sha256(tokens.refreshToken)));
      const reused = await refresh<ErrorEnvelope>(tokens.refreshToken);
      expect(reused.status).toBe(401);
      expect(reused.headers.get('cache-control')).toBe('no-store');
      expect((await refresh(successor.refreshToken)).status).toBe(401);
      expect((await me(successor.accessToken)).status).toBe(401);
      expect((await sessionOf(tokens)).revokedAt).not.toBeNull();
      expect((await storedToken(tokens.refreshToken)).successorSealed).toBeNull();
    });

    it('answers a reuse within the window with nothing once the sign-in has ended (logout)', async () => {
      const tokens = await signIn();
      const successor = (await refresh(tokens.refreshToken)).body.data;
      await suite.http.post('/api/iam/logout', { refreshToken: successor.refreshToken });
      expect((await refresh(tokens.refreshToken)).status).toBe(401);
    });

    it('gives a remembered sign-in its absolute end, which refreshes never extend', async () => {
      const tokens = await signIn(true);
      const session = await sessionOf(tokens);
      expect(Math.round((session.expiresAt.getTime() - session.createdAt.getTime()) / DAY)).toBe(2);
      // REMEMBER_ME_REFRESH_TTL_SECONDS is 30 days: the token is cut to the session's end.
      expect((await storedToken(tokens.refreshToken)).expiresAt).toEqual(session.expiresAt);
      const successor = (await refresh(tokens.refreshToken)).body.data;
      expect((await storedToken(successor.refreshToken)).expiresAt).toEqual(session.expiresAt);
    });

    it('refuses to refresh a sign-in past its absolute end', async () => {
      const tokens = await signIn(true);
      await db()
        .update(sessions)
        .set({ createdAt: new Date(Date.now() - 3 * DAY), expiresAt: new Date(Date.now() - DAY) })
        .where(eq(sessions.id, decodeJwt(tokens.accessToken).sid as string));
      const res = await refresh<ErrorEnvelope>(tokens.refreshToken);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        code: 'UNAUTHORIZED',
        message: 'The session has reached its longest life: sign in again',
      });
    });

    it('gives a sign-in without remember me SESSION_MAX_SECONDS (a day by default)', async () => {
      const session = await sessionOf(await signIn(false));
      expect(session.rememberMe).toBe(false);
      expect(Math.round((session.expiresAt.getTime() - session.createdAt.getTime()) / 3_600_000)).toBe(24);
    });
  },
);
