import { randomUUID } from 'node:crypto';
import type { ErrorEnvelope, TokenSet, UnlockUsersResult } from '@hcm/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { actionLogs, refreshTokens, signInFailures, systemActionLogs, users } from '../../../db/schema.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeTenant, makeUser, type MakeUserOverrides } from '../../../testing/factories.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';
import { TEST_ROOT } from '../../../testing/test-server.ts';
import { allOf } from '../../../../../../scripts/testing/all-of.ts';

const NEW_PASSWORD = 'Brand-New#Pass9';

describe.each(await testEngines('both'))('administrators on users’ sign-in on $engine', ({ engine }) => {
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
  /** Puts the name under a sign-in lock from the test client's address, as five failures would. */
  const lock = async (username: string) => {
    const now = Date.now();
    // The test client is on loopback: 127.0.0.1, or ::1 counted by its /64.
    for (const clientKey of ['127.0.0.1', '0:0:0:0::/64'])
      await suite.server.db.orm.insert(signInFailures).values({
        usernameKey: username.toLowerCase(),
        clientKey,
        failureCount: 5,
        windowStartedAt: new Date(now - 60_000),
        lastFailedAt: new Date(now),
        lockedUntil: new Date(now + 900_000),
        lockCount: 1,
      });
  };
  const rootToken = async () => (await signIn(TEST_ROOT.username, TEST_ROOT.password)).body.data.accessToken;
  /** The action log rows about one user: the system log and the user's tenant's log. */
  const logsAbout = async (userId: string) => ({
    system: await suite.server.db.orm
      .select()
      .from(systemActionLogs)
      .where(and(eq(systemActionLogs.resource, 'user'), eq(systemActionLogs.recordId, userId))),
    tenant: await suite.server.db.orm
      .select()
      .from(actionLogs)
      .where(and(eq(actionLogs.resource, 'user'), eq(actionLogs.recordId, userId))),
  });
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

  describe('system administrators reach users of every tenant', () => {
    it('root unlocks and resets a tenant user, and both action logs name the actor and the target', async () => {
      const tenant = await makeTenant(suite.server.db.orm);
      const target = await signedIn({ tenantId: tenant.id });
      await lock(target.user.username);
      const root = await rootToken();

      const unlocked = await unlock(root, [target.user.username]);
      expect(unlocked.body).toEqual({ data: { unlocked: [target.user.username] } });
      expect((await signIn(target.user.username, target.password)).status).toBe(200);

      const changed = await changePassword(root, target.user.id, { newPassword: NEW_PASSWORD });
      expect(changed.status).toBe(200);
      expect((await signIn(target.user.username, target.password)).body.code).toBe('INVALID_CREDENTIALS');
      expect((await signIn(target.user.username, NEW_PASSWORD)).status).toBe(200);
      expect(
        (await suite.http.post('/api/iam/refresh-token', { refreshToken: target.tokens.refreshToken }))
          .status,
      ).toBe(401);

      const logs = await logsAbout(target.user.id);
      const rootUserId = await rootId();
      const expected = ['UNLOCK', 'CHANGE_PASSWORD'].map((action) =>
        expect.objectContaining({
          userId: rootUserId,
          action,
          recordId: target.user.id,
          changes: {
            target: { before: null, after: { username: target.user.username, tenantId: tenant.id } },
            ...(action === 'CHANGE_PASSWORD'
              ? { passwordChangeRequired: { before: false, after: true } }
              : {}),
          },
        }),
      );
      expect(logs.system).toEqual(expect.arrayContaining(expected));
      expect(logs.system).toHaveLength(2);
      // The tenant sees who acted on its user, in its own log.
      expect(logs.tenant).toEqual(expect.arrayContaining(expected));
      expect(allOf(logs.tenant, (row) => row.tenantId === tenant.id)).toBe(true);
      expect(JSON.stringify(logs)).not.toContain(NEW_PASSWORD);
    });

    it('a system user holding user.update reaches tenant users too, but not root', async () => {
      const tenant = await makeTenant(suite.server.db.orm);
      const systemAdmin = await signedIn({ permissions: ['user.update'] });
      const target = await user({ tenantId: tenant.id });
      await lock(target.user.username);
      expect((await unlock(systemAdmin.tokens.accessToken, [target.user.username])).body).toEqual({
        data: { unlocked: [target.user.username] },
      });
      expect(
        (
          await changePassword(systemAdmin.tokens.accessToken, target.user.id, {
            newPassword: NEW_PASSWORD,
          })
        ).status,
      ).toBe(200);
      expect((await signIn(target.user.username, NEW_PASSWORD)).status).toBe(200);
      expect((await logsAbout(target.user.id)).system.map((row) => [row.userId, row.action])).toEqual(
        expect.arrayContaining([
          [systemAdmin.user.id, 'UNLOCK'],
          [systemAdmin.user.id, 'CHANGE_PASSWORD'],
        ]),
      );
      expect(
        (
          await changePassword(systemAdmin.tokens.accessToken, await rootId(), {
            newPassword: NEW_PASSWORD,
          })
        ).status,
      ).toBe(404);
    });

    it('a system user without user.update can do neither (403), and nothing is logged', async () => {
      const tenant = await makeTenant(suite.server.db.orm);
      const viewer = await signedIn({ permissions: ['user.view'] });
      const target = await user({ tenantId: tenant.id });
      await lock(target.user.username);
      expect((await unlock(viewer.tokens.accessToken, [target.user.username])).status).toBe(403);
      expect(
        (await changePassword(viewer.tokens.accessToken, target.user.id, { newPassword: NEW_PASSWORD }))
          .status,
      ).toBe(403);
      expect((await signIn(target.user.username, target.password)).body.code).toBe('ACCOUNT_LOCKED');
      expect(await logsAbout(target.user.id)).toEqual({ system: [], tenant: [] });
    });

    it('a tenant administrator’s unlock is logged in its tenant’s log only', async () => {
      const tenant = await makeTenant(suite.server.db.orm);
      const admin = await signedIn({ tenantId: tenant.id, permissions: ['user.update'] });
      const target = await user({ tenantId: tenant.id });
      await unlock(admin.tokens.accessToken, [target.user.username]);
      const logs = await logsAbout(target.user.id);
      expect(logs.system).toEqual([]);
      expect(logs.tenant.map((row) => [row.tenantId, row.userId, row.action])).toEqual([
        [tenant.id, admin.user.id, 'UNLOCK'],
      ]);
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
      expect(allOf(live, (row) => row.revokedAt !== null)).toBe(true);
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
