import { randomUUID } from 'node:crypto';
import type { ErrorEnvelope, TokenSet, UnlockUsersResult } from '@hcm/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokens, signInFailures, users } from '../../../db/schema.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeTenant, makeUser, type MakeUserOverrides } from '../../../testing/factories.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';
import { TEST_ROOT } from '../../../testing/test-server.ts';

const NEW_PASSWORD = 'Brand-New#Pass9';

describe.each(await testEngines())('administrators on users’ sign-in on $engine', ({ engine, available }) => {
  if (!available) {
    it.skip('PostgreSQL at TEST_DATABASE_URL_ADMIN does not answer', () => undefined);
    return;
  }
  const suite = serveDuringSuite(engine);

  const signIn = (username: string, password: string) =>
    suite.http.post<{ data: TokenSet } & ErrorEnvelope>('/api/iam/authenticate', { username, password });
  const user = (overrides: MakeUserOverrides = {}) =>
    makeUser({ db: suite.server.db.orm, passwords: suite.server.passwords }, overrides);
  const signedIn = async (overrides: MakeUserOverrides = {}) => {
    const made = await user(overrides);
    const tokens = (await signIn(made.user.username, made.password)).body.data;
    return { ...made, tokens };
  };
  /** Puts the name under a sign-in lock, as five failures would. */
  const lock = async (username: string) => {
    const now = Date.now();
    await suite.server.db.orm.insert(signInFailures).values({
      usernameKey: username.toLowerCase(),
      failureCount: 5,
      windowStartedAt: new Date(now - 60_000),
      lastFailedAt: new Date(now),
      lockedUntil: new Date(now + 900_000),
    });
  };
  const unlock = (token: string, usernames: unknown) =>
    suite.http.post<{ data: UnlockUsersResult } & ErrorEnvelope>(
      '/api/iam/users/unlock-by-usernames',
      { usernames },
      token,
    );
  const rootId = async () => {
    const [root] = await suite.server.db.orm
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, TEST_ROOT.username));
    return root?.id as string;
  };
  const changePassword = (token: string, id: string, body: unknown) =>
    suite.http.post<{ data: null } & ErrorEnvelope>(`/api/iam/users/${id}/change-password`, body, token);

  describe('POST /api/iam/users/unlock-by-usernames', () => {
    it('unlocks users of the admin’s own tenant; other tenants’ users and unknown names are silently left out', async () => {
      const tenant = await makeTenant(suite.server.db.orm);
      const other = await makeTenant(suite.server.db.orm);
      const admin = await signedIn({ tenantId: tenant.id, permissions: ['user.update'] });
      const mine = await user({ tenantId: tenant.id });
      const theirs = await user({ tenantId: other.id });
      const system = await user();
      for (const made of [mine, theirs, system]) {
        await lock(made.user.username);
        expect((await signIn(made.user.username, made.password)).body.code).toBe('ACCOUNT_LOCKED');
      }

      const res = await unlock(admin.tokens.accessToken, [
        'nobody_at_all',
        theirs.user.username,
        mine.user.username.toUpperCase(),
        system.user.username,
      ]);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { unlocked: [mine.user.username] } });

      expect((await signIn(mine.user.username, mine.password)).status).toBe(200);
      expect((await signIn(theirs.user.username, theirs.password)).body.code).toBe('ACCOUNT_LOCKED');
      expect((await signIn(system.user.username, system.password)).body.code).toBe('ACCOUNT_LOCKED');
    });

    it('unlocks a user locked by real failed sign-ins, who then signs in without a captcha', async () => {
      const tenant = await makeTenant(suite.server.db.orm);
      const admin = await signedIn({ tenantId: tenant.id, permissions: ['user.update'] });
      const victim = await user({ tenantId: tenant.id });
      for (let i = 0; i < 3; i++) await signIn(victim.user.username, 'Wrong#Pass1');
      await signIn(victim.user.username, 'Wrong#Pass1');
      expect((await signIn(victim.user.username, 'Wrong#Pass1')).body.code).toBe('ACCOUNT_LOCKED');

      const res = await unlock(admin.tokens.accessToken, [victim.user.username]);
      expect(res.body.data.unlocked).toEqual([victim.user.username]);
      expect((await signIn(victim.user.username, victim.password)).status).toBe(200);
    });

    it('answers an empty list for names it does not find, and succeeds for users that were not locked', async () => {
      const tenant = await makeTenant(suite.server.db.orm);
      const admin = await signedIn({ tenantId: tenant.id, permissions: ['user.update'] });
      const free = await user({ tenantId: tenant.id });
      expect((await unlock(admin.tokens.accessToken, ['ghost_user'])).body).toEqual({
        data: { unlocked: [] },
      });
      expect((await unlock(admin.tokens.accessToken, [free.user.username])).body).toEqual({
        data: { unlocked: [free.user.username] },
      });
    });

    it('needs user.update (403) and a signed-in caller (401)', async () => {
      const tenant = await makeTenant(suite.server.db.orm);
      const clerk = await signedIn({ tenantId: tenant.id, permissions: ['user.view'] });
      const forbidden = await unlock(clerk.tokens.accessToken, ['anyone']);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.code).toBe('FORBIDDEN');
      const anonymous = await suite.http.post<ErrorEnvelope>('/api/iam/users/unlock-by-usernames', {
        usernames: ['anyone'],
      });
      expect(anonymous.status).toBe(401);
    });

    it.each([
      ['no names', { usernames: [] }, 'usernames'],
      ['a name with spaces', { usernames: ['bad name'] }, 'usernames[0]'],
      ['a missing list', {}, 'usernames'],
    ])('validates its body: %s', async (_, body, field) => {
      const tenant = await makeTenant(suite.server.db.orm);
      const admin = await signedIn({ tenantId: tenant.id, permissions: ['user.update'] });
      const res = await suite.http.post<ErrorEnvelope>(
        '/api/iam/users/unlock-by-usernames',
        body,
        admin.tokens.accessToken,
      );
      expect(res.status).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toEqual([field]);
    });
  });

  describe('POST /api/iam/users/{id}/change-password', () => {
    it('sets the password, ends every session of the user and its lock', async () => {
      const tenant = await makeTenant(suite.server.db.orm);
      const admin = await signedIn({ tenantId: tenant.id, permissions: ['user.update'] });
      const target = await signedIn({ tenantId: tenant.id });
      const second = (await signIn(target.user.username, target.password)).body.data;
      await lock(target.user.username);

      const res = await changePassword(admin.tokens.accessToken, target.user.id, {
        newPassword: NEW_PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: null });

      for (const session of [target.tokens, second]) {
        expect(
          (await suite.http.post('/api/iam/refresh-token', { refreshToken: session.refreshToken })).status,
        ).toBe(401);
      }
      const live = await suite.server.db.orm
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, target.user.id));
      expect(live.every((row) => row.revokedAt !== null)).toBe(true);
      expect((await signIn(target.user.username, target.password)).body.code).toBe('INVALID_CREDENTIALS');
      expect((await signIn(target.user.username, NEW_PASSWORD)).status).toBe(200);
      // The admin's own session is untouched.
      expect(
        (await suite.http.post('/api/iam/refresh-token', { refreshToken: admin.tokens.refreshToken })).status,
      ).toBe(200);
    });

    it('answers 404 USER_NOT_FOUND for another tenant’s user, an unknown id and a malformed id', async () => {
      const tenant = await makeTenant(suite.server.db.orm);
      const other = await makeTenant(suite.server.db.orm);
      const admin = await signedIn({ tenantId: tenant.id, permissions: ['user.update'] });
      const theirs = await user({ tenantId: other.id });
      const system = await user();
      for (const id of [theirs.user.id, system.user.id, await rootId(), randomUUID(), 'not-a-uuid']) {
        const res = await changePassword(admin.tokens.accessToken, id, { newPassword: NEW_PASSWORD });
        expect(res.status, id).toBe(404);
        expect(res.body).toEqual({ code: 'USER_NOT_FOUND', message: 'The user does not exist' });
      }
      // Nothing changed for them.
      expect((await signIn(theirs.user.username, theirs.password)).status).toBe(200);
    });

    it('lets only root change a root’s password', async () => {
      const systemAdmin = await signedIn({ permissions: ['user.update'] });
      const res = await changePassword(systemAdmin.tokens.accessToken, await rootId(), {
        newPassword: NEW_PASSWORD,
      });
      expect(res.status).toBe(404);
      expect((await signIn(TEST_ROOT.username, TEST_ROOT.password)).status).toBe(200);
      // A system administrator does reach other system users.
      const colleague = await user();
      expect(
        (
          await changePassword(systemAdmin.tokens.accessToken, colleague.user.id, {
            newPassword: NEW_PASSWORD,
          })
        ).status,
      ).toBe(200);
    });

    it.each([
      ['too short', 'Sh0rt#', 'error.pattern'],
      ['no upper case', 'lower-case#1', 'error.pattern'],
      ['no special character', 'NoSpecial12', 'error.pattern'],
      ['a space', 'Has Space#1', 'error.pattern'],
      ['too long', `Aa1#${'x'.repeat(47)}`, 'error.maxlength'],
      ['empty', '', 'error.required'],
    ])('enforces the password policy: %s', async (_, newPassword, code) => {
      const tenant = await makeTenant(suite.server.db.orm);
      const admin = await signedIn({ tenantId: tenant.id, permissions: ['user.update'] });
      const target = await user({ tenantId: tenant.id });
      const res = await changePassword(admin.tokens.accessToken, target.user.id, { newPassword });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'newPassword', code })]);
    });

    it('needs user.update', async () => {
      const tenant = await makeTenant(suite.server.db.orm);
      const clerk = await signedIn({ tenantId: tenant.id, permissions: [] });
      const target = await user({ tenantId: tenant.id });
      const res = await changePassword(clerk.tokens.accessToken, target.user.id, {
        newPassword: NEW_PASSWORD,
      });
      expect(res.status).toBe(403);
    });
  });
});
