import type { DataEnvelope, ErrorEnvelope, PageEnvelope, TokenSet } from '@hcm/contracts';
import type { AdminRoleDetail, AdminUser, CreatedUser, UserSummary } from '@hcm/contracts/users-roles';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../db/schema.ts';
import { download, readSheet, upload, workbookOf } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser, type MakeUserOverrides } from '../../../testing/factories.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';
import { allOf } from '../../../../../../scripts/testing/all-of.ts';

const ADMIN = ['user.view', 'user.create', 'user.update', 'role.view', 'role.create', 'role.update'];

describe.each(await testEngines('both'))('administering users on $engine', ({ engine }) => {
  const suite = serveDuringSuite(engine);
  const db = () => suite.server.db.orm;
  const user = (overrides: MakeUserOverrides) =>
    makeUser({ db: db(), passwords: suite.server.passwords }, overrides);
  const tenantAdmin = async () => {
    const tenant = await makeTenant(db());
    const admin = await user({ tenantId: tenant.id, permissions: ADMIN });
    return { tenant, admin, token: await accessTokenFor(db(), admin.user) };
  };
  const get = <T>(path: string, token: string) => suite.http.get<T & ErrorEnvelope>(path, token);
  const post = <T>(path: string, body: unknown, token: string) =>
    suite.http.post<T & ErrorEnvelope>(path, body, token);
  const createUser = (token: string, body: Record<string, unknown>) =>
    post<DataEnvelope<CreatedUser>>('/api/iam/users', body, token);
  const createRole = async (token: string, code: string) =>
    (await post<DataEnvelope<AdminRoleDetail>>('/api/iam/roles', { code, name: `Vai trò ${code}` }, token))
      .body.data;
  const signIn = (username: string, password: string) =>
    suite.http.post<DataEnvelope<TokenSet> & ErrorEnvelope>('/api/iam/authenticate', { username, password });

  it('lists the tenant’s users by user name, filtered by keyword, status and role, in pages', async () => {
    const { token, tenant } = await tenantAdmin();
    const other = await makeTenant(db());
    await user({ tenantId: other.id, username: `aaa_${tenant.code}` });
    const role = await createRole(token, 'KHO');
    const made = [];
    for (const [username, email] of [
      ['zeta_user', 'z@kho.vn'],
      ['Alpha_user', 'a@example.com'],
      ['mike_user', 'm@kho.vn'],
    ] as const)
      made.push(
        (await createUser(token, { username, fullName: `Người ${username}`, email, roleIds: [] })).body.data,
      );
    await post(`/api/iam/users/${made[0]?.user.id}/assign-roles`, { roleIds: [role.id], version: 1 }, token);
    await post(`/api/iam/users/${made[2]?.user.id}/lock`, undefined, token);

    const all = await get<PageEnvelope<AdminUser>>('/api/iam/users?pageSize=3', token);
    expect(all.body.page).toEqual({ pageIndex: 1, pageSize: 3, total: 4 });
    // Case-insensitive user-name order; the admin (user_…) sorts after mike_user. No other tenant's user.
    expect(all.body.data.map((u) => u.username)).toEqual([
      'Alpha_user',
      'mike_user',
      expect.stringMatching(/^user_/),
    ]);
    const second = await get<PageEnvelope<AdminUser>>('/api/iam/users?pageSize=3&pageIndex=2', token);
    expect(second.body.data.map((u) => u.username)).toEqual(['zeta_user']);
    expect(second.body.data[0]?.roles.map((r) => r.code)).toEqual(['KHO']);

    const kho = await get<PageEnvelope<AdminUser>>(
      '/api/iam/users?keyword=KHO.VN&sortBy=username.desc',
      token,
    );
    expect(kho.body.data.map((u) => u.username)).toEqual(['zeta_user', 'mike_user']);
    const locked = await get<PageEnvelope<AdminUser>>('/api/iam/users?status=INACTIVE', token);
    expect(locked.body.data.map((u) => u.username)).toEqual(['mike_user']);
    const holders = await get<PageEnvelope<AdminUser>>(`/api/iam/users?roleIds=${role.id}`, token);
    expect(holders.body.data.map((u) => u.username)).toEqual(['zeta_user']);

    const byRole = await get<PageEnvelope<UserSummary>>(
      `/api/iam/users/auto-complete-by-role?roleIds=${role.id}`,
      token,
    );
    expect(byRole.body.data.map((u) => u.username)).toEqual(['zeta_user']);
    const complete = await get<PageEnvelope<UserSummary>>('/api/iam/users/auto-complete?keyword=user', token);
    // ACTIVE only: the locked mike_user is not offered.
    expect(complete.body.data.map((u) => u.username)).toEqual([
      'Alpha_user',
      expect.stringMatching(/^user_/),
      'zeta_user',
    ]);
    const everyone = await post<DataEnvelope<UserSummary[]>>('/api/iam/users/find-all-users', {}, token);
    expect(everyone.body.data).toHaveLength(4);
    const ids = await post<DataEnvelope<AdminUser[]>>(
      '/api/iam/users/find-by-ids',
      { ids: [made[1]?.user.id] },
      token,
    );
    expect(ids.body.data.map((u) => u.username)).toEqual(['Alpha_user']);
    expect((await get<DataEnvelope<string[]>>('/api/iam/users/user-level', token)).body.data).toEqual([
      'TENANT',
    ]);
  });

  it('creates a user with a generated password shown once, who signs in with it; refuses taken names and unknown roles', async () => {
    const { token } = await tenantAdmin();
    const role = await createRole(token, 'NHAN_VIEN');
    const made = await createUser(token, {
      username: 'nguyen.van.a',
      fullName: 'Nguyễn Văn A',
      email: 'a@cong-ty.vn',
      phone: '0912345678',
      roleIds: [role.id],
    });
    expect(made.status).toBe(200);
    expect(made.body.data.user).toMatchObject({ username: 'nguyen.van.a', status: 'ACTIVE', version: 1 });
    expect(made.body.data.user.roles.map((r) => r.code)).toEqual(['NHAN_VIEN']);
    const password = made.body.data.generatedPassword ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect((await signIn('nguyen.van.a', password)).status).toBe(200);
    const detail = await get<DataEnvelope<AdminUser>>(`/api/iam/users/${made.body.data.user.id}`, token);
    expect(detail.body.data).not.toHaveProperty('generatedPassword');

    const given = await createUser(token, {
      username: 'tran_b',
      fullName: 'Trần B',
      password: 'Mat-Khau#2026',
    });
    expect(given.body.data.generatedPassword).toBeNull();
    expect((await signIn('tran_b', 'Mat-Khau#2026')).status).toBe(200);

    // Another tenant's name: user names are unique across the system.
    const elsewhere = await tenantAdmin();
    const taken = await createUser(elsewhere.token, { username: 'NGUYEN.VAN.A', fullName: 'Khác' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors?.[0]?.field).toBe('username');
    const weak = await createUser(token, { username: 'le_c', fullName: 'Lê C', password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors?.[0]?.field).toBe('password');
    const foreignRole = await createUser(elsewhere.token, {
      username: 'pham_d',
      fullName: 'Phạm D',
      roleIds: [role.id],
    });
    expect(foreignRole.status).toBe(400);
    expect(foreignRole.body.errors?.map((e) => e.field)).toEqual(['roleIds[0]']);
    expect(await db().select().from(users).where(eq(users.username, 'pham_d'))).toEqual([]);
  });

  it('updates and assigns roles with the version read, and never reaches another tenant’s user', async () => {
    const { token, tenant } = await tenantAdmin();
    const created = (await createUser(token, { username: 'hoang_e', fullName: 'Hoàng E' })).body.data.user;
    const updated = await post<DataEnvelope<AdminUser>>(
      `/api/iam/users/${created.id}/update`,
      { fullName: 'Hoàng Văn E', phone: '0987654321', version: 1 },
      token,
    );
    expect(updated.body.data).toMatchObject({ fullName: 'Hoàng Văn E', phone: '0987654321', version: 2 });
    const stale = await post(`/api/iam/users/${created.id}/update`, { fullName: 'Cũ', version: 1 }, token);
    expect(stale.status).toBe(409);

    const [a, b] = [await createRole(token, 'ROLE_A'), await createRole(token, 'ROLE_B')];
    const assigned = await post<DataEnvelope<AdminUser>>(
      `/api/iam/users/${created.id}/assign-roles`,
      { roleIds: [b?.id, a?.id], version: 2 },
      token,
    );
    expect(assigned.body.data.roles.map((r) => r.code)).toEqual(['ROLE_A', 'ROLE_B']);
    const narrowed = await post<DataEnvelope<AdminUser>>(
      `/api/iam/users/${created.id}/assign-roles`,
      { roleIds: [a?.id], version: 3 },
      token,
    );
    expect(narrowed.body.data.roles.map((r) => r.code)).toEqual(['ROLE_A']);

    const other = await tenantAdmin();
    expect((await get(`/api/iam/users/${created.id}`, other.token)).status).toBe(404);
    expect((await post(`/api/iam/users/${created.id}/lock`, undefined, other.token)).status).toBe(404);
    expect(
      (await post(`/api/iam/users/${created.id}/update`, { fullName: 'X', version: 4 }, other.token)).status,
    ).toBe(404);
    expect(tenant.id).not.toBe(other.tenant.id);
  });

  it('locking a user ends their sessions at once and refuses sign-in; unlocking lets them back', async () => {
    const { token, tenant, admin } = await tenantAdmin();
    const victim = await user({ tenantId: tenant.id, permissions: [] });
    const session = (await signIn(victim.user.username, victim.password)).body.data;
    expect((await get('/api/iam/me/authorities', session.accessToken)).status).toBe(200);

    const locked = await post<DataEnvelope<AdminUser>>(
      `/api/iam/users/${victim.user.id}/lock`,
      undefined,
      token,
    );
    expect(locked.body.data.status).toBe('INACTIVE');
    expect((await get('/api/iam/me/authorities', session.accessToken)).status).toBe(401);
    expect(
      (await suite.http.post('/api/iam/refresh-token', { refreshToken: session.refreshToken })).status,
    ).toBe(401);
    expect((await signIn(victim.user.username, victim.password)).status).toBe(401);

    const unlocked = await post<DataEnvelope<AdminUser>>(
      `/api/iam/users/${victim.user.id}/unlock`,
      undefined,
      token,
    );
    expect(unlocked.body.data.status).toBe('ACTIVE');
    expect((await signIn(victim.user.username, victim.password)).status).toBe(200);
    expect((await post(`/api/iam/users/${admin.user.id}/lock`, undefined, token)).status).toBe(400);
  });

  it('sets a generated password, shown once, that the user signs in with', async () => {
    const { token, tenant } = await tenantAdmin();
    const target = await user({ tenantId: tenant.id });
    const res = await post<DataEnvelope<{ generatedPassword: string }>>(
      `/api/iam/users/${target.user.id}/change-password`,
      { generate: true },
      token,
    );
    expect(res.status).toBe(200);
    expect((await signIn(target.user.username, res.body.data.generatedPassword)).status).toBe(200);
    expect((await signIn(target.user.username, target.password)).status).toBe(401);
    const neither = await post(`/api/iam/users/${target.user.id}/change-password`, {}, token);
    expect(neither.status).toBe(400);
  });

  it('imports users from the template; a file with a bad row comes back as import_err and writes nothing', async () => {
    const { token } = await tenantAdmin();
    await createRole(token, 'KE_TOAN');
    const template = await download(`${suite.server.url}/api/iam/users/download-template`, token);
    expect(template.status).toBe(200);
    const header = (await readSheet(template.bytes))[0];
    expect(header).toEqual([
      'Tên đăng nhập',
      'Họ và tên',
      'Email',
      'Số điện thoại',
      'Mã vai trò (cách nhau bởi dấu phẩy)',
    ]);

    const bad = await workbookOf([
      header ?? [],
      ['nhap_mot', 'Nhập Một', 'mot@cty.vn', '0911111111', 'KE_TOAN'],
      ['nhap_hai', 'Nhập Hai', 'not-an-email', null, 'KHONG_CO'],
    ]);
    const rejected = await upload(`${suite.server.url}/api/iam/users/import`, token, bad);
    expect(rejected.status).toBe(400);
    expect(rejected.headers.get('content-disposition')).toMatch(/filename="import_err_users_\d+\.xlsx"/);
    expect(rejected.headers.get('x-failed-rows')).toBe('1');
    const errors = await readSheet(rejected.bytes);
    expect(errors[1]?.[5]).toBeUndefined();
    expect(String(errors[2]?.[5])).toContain('KHONG_CO');
    expect(String(errors[2]?.[5])).toContain('Email');
    expect(await db().select().from(users).where(eq(users.username, 'nhap_mot'))).toEqual([]);

    const good = await workbookOf([
      header ?? [],
      ['nhap_mot', 'Nhập Một', 'mot@cty.vn', '0911111111', 'KE_TOAN'],
      ['nhap_hai', 'Nhập Hai', null, null, null],
    ]);
    const imported = await upload(`${suite.server.url}/api/iam/users/import`, token, good);
    expect(imported.status).toBe(200);
    expect(imported.json).toEqual({ data: { imported: 2 } });
    const list = await get<PageEnvelope<AdminUser>>('/api/iam/users?keyword=nhap_', token);
    expect(list.body.data.map((u) => [u.username, u.roles.map((r) => r.code)])).toEqual([
      ['nhap_hai', []],
      ['nhap_mot', ['KE_TOAN']],
    ]);
    // Imported users have no password until an administrator sets one.
    const again = await upload(`${suite.server.url}/api/iam/users/import`, token, good);
    expect(again.status).toBe(400);
    expect(again.headers.get('x-failed-rows')).toBe('2');
  });

  it('lets system administrators manage the system users, not tenants’ users', async () => {
    const system = await user({ permissions: ADMIN });
    const token = await accessTokenFor(db(), system.user);
    const made = await createUser(token, { username: 'sys_helper', fullName: 'Hỗ trợ hệ thống' });
    expect(made.body.data.user.userLevel).toBe('SYSTEM');
    const { admin } = await tenantAdmin();
    const list = await get<PageEnvelope<AdminUser>>('/api/iam/users?pageSize=100', token);
    expect(allOf(list.body.data, (u) => u.userLevel === 'SYSTEM')).toBe(true);
    expect((await get(`/api/iam/users/${admin.user.id}`, token)).status).toBe(404);
  });
});
