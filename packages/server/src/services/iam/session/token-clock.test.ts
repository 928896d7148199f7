import type { ErrorEnvelope, TokenSet } from '@hcm/contracts';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { testEngines } from '../../../testing/engines.ts';
import { makeTenant, makeUser } from '../../../testing/factories.ts';
import { movableClock } from '../../../testing/movable-clock.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Tokens and sessions live on the server's clock (clock.ts), which these tests move instead of
 * waiting: the wall hardly moves while they run, so every refusal below is the clock's doing.
 * The database's own clock is not asked either (authorization/load-actor.ts).
 */
describe.each(await testEngines('both'))(
  'tokens and sessions on the server’s clock on $engine',
  ({ engine }) => {
    const clock = movableClock();
    // A refresh token lasts an hour, a sign-in without remember me two: both reached within a test.
    const suite = serveDuringSuite(
      engine,
      { REFRESH_TOKEN_TTL_SECONDS: '3600', SESSION_MAX_SECONDS: '7200' },
      { clock: clock.now },
    );
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
      return res.body.data;
    };
    const refresh = <T = { data: TokenSet }>(refreshToken: string) =>
      suite.http.post<T>('/api/iam/refresh-token', { refreshToken });
    const me = (accessToken: string) => suite.http.get<ErrorEnvelope>('/api/iam/me/authorities', accessToken);

    it('issues an access token on the clock and refuses it from its exp on; a refresh then gives a live one', async () => {
      const tokens = await signIn();
      const issued = decodeJwt(tokens.accessToken);
      expect(issued.iat).toBe(Math.floor(clock.now().getTime() / SECOND));
      expect((issued.exp ?? 0) - (issued.iat ?? 0)).toBe(900);

      clock.advance(15 * MINUTE - SECOND);
      expect((await me(tokens.accessToken)).status).toBe(200);
      clock.advance(SECOND);
      expect(await me(tokens.accessToken)).toMatchObject({
        status: 401,
        body: { code: 'UNAUTHORIZED', message: 'The access token has expired' },
      });

      const renewed = await refresh(tokens.refreshToken);
      expect(renewed.status).toBe(200);
      expect(decodeJwt(renewed.body.data.accessToken).iat).toBe(Math.floor(clock.now().getTime() / SECOND));
      expect((await me(renewed.body.data.accessToken)).status).toBe(200);
    });

    it('answers a rotated refresh token with its successor for REFRESH_REUSE_GRACE_SECONDS, then ends the sign-in', async () => {
      const tokens = await signIn();
      const successor = (await refresh(tokens.refreshToken)).body.data;
      clock.advance(30 * SECOND);
      const again = await refresh(tokens.refreshToken);
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(successor);

      clock.advance(1);
      expect((await refresh<ErrorEnvelope>(tokens.refreshToken)).body).toEqual({
        code: 'UNAUTHORIZED',
        message: 'The refresh token was already used; the session has been ended',
      });
      expect((await me(successor.accessToken)).status).toBe(401);
    });

    it('lets a refresh token expire after REFRESH_TOKEN_TTL_SECONDS, a remembered one after REMEMBER_ME_REFRESH_TTL_SECONDS', async () => {
      const [forgotten, remembered] = [await signIn(false), await signIn(true)];
      clock.advance(60 * MINUTE);
      expect(await refresh<ErrorEnvelope>(forgotten.refreshToken)).toMatchObject({
        status: 401,
        body: { code: 'UNAUTHORIZED', message: 'The refresh token has expired' },
      });
      expect((await refresh(remembered.refreshToken)).status).toBe(200);
    });

    it('ends a sign-in at SESSION_MAX_SECONDS however often it was refreshed: its live access token too', async () => {
      let tokens = await signIn();
      for (const wait of [50, 50, 10]) {
        clock.advance(wait * MINUTE);
        tokens = (await refresh(tokens.refreshToken)).body.data;
      }
      // 110 minutes in: the last access token would live until 125, the sign-in ends at 120
      expect((await me(tokens.accessToken)).status).toBe(200);
      clock.advance(10 * MINUTE);
      expect(await me(tokens.accessToken)).toMatchObject({
        status: 401,
        body: { code: 'UNAUTHORIZED', message: 'The session has ended: sign in again' },
      });
      expect((await refresh<ErrorEnvelope>(tokens.refreshToken)).body).toEqual({
        code: 'UNAUTHORIZED',
        message: 'The session has reached its longest life: sign in again',
      });
    });
  },
);
