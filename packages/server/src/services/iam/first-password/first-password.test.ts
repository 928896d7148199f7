import { ErrorCodes, type ErrorEnvelope, type Profile, type TokenSet } from '@hcm/contracts';
import type { CreatedUser } from '@hcm/contracts/users-roles';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { actionLogs, users } from '../../../db/schema.ts';
import { upload, workbookOf } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeTenant, makeUser, type MakeUserOverrides } from '../../../testing/factories.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';
import { TEST_HR_ADMIN, TEST_ROOT } from '../../../testing/test-server.ts';

const ADMIN_SET = 'Admin-Set#Pass1';
const MY_OWN = 'My-Own#Pass42';

describe.each(await testEngines())('a password set by someone else on $engine', ({ engine }) => {
  const suite = serveDuringSuite(engine);
  const orm = () => suite.server.db.orm;

  const signIn = (username: string, password: string) =>
    suite.http.post<{ data: TokenSet } & ErrorEnvelope>('/api/iam/authenticate', { username, password });
  const profile = (token: string) =>
    suite.http.get<{ data: Profile } & ErrorEnvelope>('/api/iam/me/profile', token);
  const listUsers = (token: string) => suite.http.get<ErrorEnvelope>('/api/iam/users', token);
  const changeOwn = (tokens: TokenSet, oldPassword: string, newPassword: string) =>
    suite.http.post<ErrorEnvelope>(
      '/api/iam/reset-password',
      { oldPassword, newPassword, refreshToken: tokens.refreshToken },
      tokens.accessToken,
    );
  const flagOf = async (id: string) =>
    (await orm().select({ flag: users.passwordChangeRequired }).from(users).where(eq(users.id, id)))[0]?.flag;

  /** A tenant with an administrator (user.view, user.create, user.update) signed in. */
  async function tenantAdmin() {
    const tenant = await makeTenant(orm());
    const made = await makeUser(
      { db: orm(), passwords: suite.server.passwords },
      { tenantId: tenant.id, permissions: ['user.view', 'user.create', 'user.update'] },
    );
    const tokens = (await signIn(made.user.username, made.password)).body.data;
    return { tenant, admin: made, token: tokens.accessToken };
  }

  /** A user of that tenant holding user.view, whose password was set by someone else. */
  const flaggedUser = (tenantId: string, overrides: MakeUserOverrides = {}) =>
    makeUser(
      { db: orm(), passwords: suite.server.passwords },
      { tenantId, permissions: ['user.view'], passwordChangeRequired: true, ...overrides },
    );

  const createdBy = async (token: string, body: Record<string, unknown>) => {
    const res = await suite.http.post<{ data: CreatedUser } & ErrorEnvelope>('/api/iam/users', body, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  let n = 0;
  const username = () => `fp_${Date.now().toString(36)}_${(n++).toString(36)}`;

  describe('set by each path of someone else', () => {
    it('an administrator creating a user with a password, or a generated one, flags it; the log says so', async () => {
      const { token } = await tenantAdmin();
      const given = await createdBy(token, {
        username: username(),
        fullName: 'Lê Văn Một',
        password: ADMIN_SET,
      });
      const generated = await createdBy(token, { username: username(), fullName: 'Lê Văn Hai' });
      expect(await flagOf(given.user.id)).toBe(true);
      expect(await flagOf(generated.user.id)).toBe(true);

      const [created] = await orm()
        .select()
        .from(actionLogs)
        .where(and(eq(actionLogs.recordId, given.user.id), eq(actionLogs.action, 'CREATE')));
      expect(created?.changes).toMatchObject({ passwordChangeRequired: { before: null, after: true } });

      const signedIn = await signIn(given.user.username, ADMIN_SET);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.data.passwordChangeRequired).toBe(true);
    });

    it('an administrator may choose not to require the change', async () => {
      const { token } = await tenantAdmin();
      const created = await createdBy(token, {
        username: username(),
        fullName: 'Lê Văn Ba',
        password: ADMIN_SET,
        passwordChangeRequired: false,
      });
      expect(await flagOf(created.user.id)).toBe(false);
      expect((await signIn(created.user.username, ADMIN_SET)).body.data.passwordChangeRequired).toBe(false);
    });

    it('an administrator setting or generating a password flags the user (unless told not to), logged', async () => {
      const { tenant, token } = await tenantAdmin();
      const target = await makeUser(
        { db: orm(), passwords: suite.server.passwords },
        { tenantId: tenant.id },
      );
      expect(await flagOf(target.user.id)).toBe(false);
      const change = (body: unknown) =>
        suite.http.post<ErrorEnvelope>(`/api/iam/users/${target.user.id}/change-password`, body, token);

      expect((await change({ newPassword: ADMIN_SET })).status).toBe(200);
      expect(await flagOf(target.user.id)).toBe(true);
      const [logged] = await orm()
        .select()
        .from(actionLogs)
        .where(and(eq(actionLogs.recordId, target.user.id), eq(actionLogs.action, 'CHANGE_PASSWORD')));
      expect(logged?.changes).toMatchObject({ passwordChangeRequired: { before: false, after: true } });

      expect((await change({ newPassword: ADMIN_SET, passwordChangeRequired: false })).status).toBe(200);
      expect(await flagOf(target.user.id)).toBe(false);
      expect((await change({ generate: true })).status).toBe(200);
      expect(await flagOf(target.user.id)).toBe(true);
    });

    it('a tenant’s first administrator with a printed password is flagged; with a link, the password is their own', async () => {
      const root = (await signIn(TEST_ROOT.username, TEST_ROOT.password)).body.data.accessToken;
      const createTenant = async (handOver: 'PASSWORD' | 'LINK') => {
        const id = username().toUpperCase();
        const res = await suite.http.post<
          { data: { admin: { id: string; username: string }; handOver: { link?: string } } } & ErrorEnvelope
        >(
          '/api/system/tenants/create-with-admin',
          {
            code: `T_${id}`,
            name: `Công ty ${id}`,
            address: '1 Tràng Tiền, Hà Nội',
            contactName: 'Nguyễn Văn A',
            contactEmail: 'lienhe@example.vn',
            contactPhone: '0912345678',
            admin: { username: id.toLowerCase(), fullName: 'Trần Thị Quản Trị' },
            handOver,
          },
          root,
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.data;
      };
      const printed = await createTenant('PASSWORD');
      expect(await flagOf(printed.admin.id)).toBe(true);

      const linked = await createTenant('LINK');
      // As if it had once been flagged: the link's password is chosen by the user.
      await orm().update(users).set({ passwordChangeRequired: true }).where(eq(users.id, linked.admin.id));
      const token = new URL(linked.handOver.link ?? '', 'http://portal').searchParams.get('token');
      const set = await suite.http.post('/api/iam/set-password', { token, newPassword: MY_OWN });
      expect(set.status).toBe(200);
      expect(await flagOf(linked.admin.id)).toBe(false);
    });

    it('imported users are flagged: whatever password an administrator sets later is not theirs', async () => {
      const { token } = await tenantAdmin();
      const name = username();
      const file = await workbookOf([
        ['Tên đăng nhập', 'Họ và tên', 'Email', 'Số điện thoại', 'Mã vai trò (cách nhau bởi dấu phẩy)'],
        [name, 'Nhập Từ Tệp', null, null, null],
      ]);
      const imported = await upload(`${suite.server.url}/api/iam/users/import`, token, file);
      expect(imported.status).toBe(200);
      const [row] = await orm().select().from(users).where(eq(users.username, name));
      expect(row?.passwordChangeRequired).toBe(true);
    });

    it('seeded accounts (passwords from the environment) are not flagged', async () => {
      for (const seeded of [TEST_ROOT, TEST_HR_ADMIN]) {
        const res = await signIn(seeded.username, seeded.password);
        expect(res.status).toBe(200);
        expect(res.body.data.passwordChangeRequired).toBe(false);
        expect((await profile(res.body.data.accessToken)).body.data.passwordChangeRequired).toBe(false);
      }
    });
  });

  describe('the restricted session', () => {
    it('signs in, says so in the profile, and opens nothing but the own password change, profile, authorities, refresh and sign-out', async () => {
      const tenant = await makeTenant(orm());
      const made = await flaggedUser(tenant.id);
      const signedIn = await signIn(made.user.username, made.password);
      expect(signedIn.status).toBe(200);
      const tokens = signedIn.body.data;
      expect(tokens.passwordChangeRequired).toBe(true);

      const me = await profile(tokens.accessToken);
      expect(me.status).toBe(200);
      expect(me.body.data.passwordChangeRequired).toBe(true);
      expect((await suite.http.get('/api/iam/me/authorities', tokens.accessToken)).status).toBe(200);
      // The language picked on the change page is saved.
      const saved = await suite.http.post('/api/iam/me/profile', { language: 'en' }, tokens.accessToken);
      expect(saved.status).toBe(200);

      // A route the user holds the permission of, one it does not, and one its tenant has no
      // licence for (the restriction speaks first).
      for (const refused of [
        await listUsers(tokens.accessToken),
        await suite.http.get<ErrorEnvelope>('/api/iam/roles', tokens.accessToken),
        await suite.http.get<ErrorEnvelope>('/api/om/ethnicities/count', tokens.accessToken),
      ]) {
        expect(refused.status).toBe(403);
        expect(refused.body.code).toBe(ErrorCodes.passwordChangeRequired);
      }

      const refreshed = await suite.http.post<{ data: TokenSet }>('/api/iam/refresh-token', {
        refreshToken: tokens.refreshToken,
      });
      expect(refreshed.status).toBe(200);
      // Still restricted with the renewed token: the flag is the user's, not the token's.
      expect((await listUsers(refreshed.body.data.accessToken)).body.code).toBe(
        ErrorCodes.passwordChangeRequired,
      );
      const out = await suite.http.post('/api/iam/logout', {
        refreshToken: refreshed.body.data.refreshToken,
      });
      expect(out.status).toBe(200);
    });

    it('refuses a wrong current password (400) and the same password again (400), still restricted', async () => {
      const tenant = await makeTenant(orm());
      const made = await flaggedUser(tenant.id);
      const tokens = (await signIn(made.user.username, made.password)).body.data;

      const wrong = await changeOwn(tokens, 'Not-Mine#Pass1', MY_OWN);
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors?.map((e) => e.field)).toEqual(['oldPassword']);
      const same = await changeOwn(tokens, made.password, made.password);
      expect(same.status).toBe(400);
      expect(same.body.errors?.map((e) => e.field)).toEqual(['newPassword']);
      const weak = await changeOwn(tokens, made.password, 'weak');
      expect(weak.status).toBe(400);

      expect(await flagOf(made.user.id)).toBe(true);
      expect((await listUsers(tokens.accessToken)).status).toBe(403);
    });

    it('the own change clears the flag: the same access token has full access at the next request; logged', async () => {
      const tenant = await makeTenant(orm());
      const made = await flaggedUser(tenant.id);
      const tokens = (await signIn(made.user.username, made.password)).body.data;
      expect((await listUsers(tokens.accessToken)).status).toBe(403);

      expect((await changeOwn(tokens, made.password, MY_OWN)).status).toBe(200);
      expect(await flagOf(made.user.id)).toBe(false);
      expect((await listUsers(tokens.accessToken)).status).toBe(200);
      expect((await profile(tokens.accessToken)).body.data.passwordChangeRequired).toBe(false);
      // Still bound by permissions: the restriction lifted, not the rules.
      expect((await suite.http.get<ErrorEnvelope>('/api/iam/roles', tokens.accessToken)).body.code).toBe(
        ErrorCodes.forbidden,
      );

      const [logged] = await orm()
        .select()
        .from(actionLogs)
        .where(and(eq(actionLogs.recordId, made.user.id), eq(actionLogs.action, 'CHANGE_PASSWORD')))
        .orderBy(desc(actionLogs.createdAt));
      expect(logged?.userId).toBe(made.user.id);
      expect(logged?.changes).toMatchObject({ passwordChangeRequired: { before: true, after: false } });

      const again = await signIn(made.user.username, MY_OWN);
      expect(again.body.data.passwordChangeRequired).toBe(false);
    });
  });
});
