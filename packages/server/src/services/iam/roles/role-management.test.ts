import type { DataEnvelope, ErrorEnvelope, PageEnvelope } from '@hcm/contracts';
import type { AdminRole, AdminRoleDetail, PermissionMatrix } from '@hcm/contracts/users-roles';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { actionLogs } from '../../../db/schema.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser, type MakeUserOverrides } from '../../../testing/factories.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';
import { assignRole } from './assign-role.ts';
import { createRole } from './create-role.ts';

// An administrator of roles grants only what it holds itself (authorization/escalation.ts): these
// suites grant job titles and banks (tenant), tenant.view (system); each level keeps its own codes.
const ADMIN = [
  'role.view',
  'role.create',
  'role.update',
  'role.delete',
  'user.view',
  'user.update',
  'job_title.view',
  'job_title.update',
  'bank.view',
  'tenant.view',
];

describe.each(await testEngines('both'))('roles and their permissions on $engine', ({ engine }) => {
  const suite = serveDuringSuite(engine);
  const db = () => suite.server.db.orm;
  const user = (overrides: MakeUserOverrides) =>
    makeUser({ db: db(), passwords: suite.server.passwords }, overrides);
  /** A tenant with an administrator of roles; `token` is the administrator's. */
  const tenantAdmin = async () => {
    const tenant = await makeTenant(db());
    const admin = await user({ tenantId: tenant.id, permissions: ADMIN });
    return { tenant, admin, token: await accessTokenFor(db(), admin.user) };
  };
  const get = <T>(path: string, token: string) => suite.http.get<T & ErrorEnvelope>(path, token);
  const post = <T>(path: string, body: unknown, token: string) =>
    suite.http.post<T & ErrorEnvelope>(path, body, token);
  const createVia = (token: string, body: Record<string, unknown>) =>
    post<DataEnvelope<AdminRoleDetail>>('/api/iam/roles', body, token);

  it('creates a role with its codes, answers them sorted, and lists roles by name with keyword and paging', async () => {
    const { token } = await tenantAdmin();
    const made = await createVia(token, {
      code: 'KE_TOAN',
      name: 'Kế toán',
      description: 'Phòng kế toán',
      permissions: ['job_title.view', 'bank.view', 'bank.view'],
    });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ code: 'KE_TOAN', builtIn: false, userCount: 0, version: 1 });
    expect(made.body.data.permissions).toEqual(['bank.view', 'job_title.view']);
    await createVia(token, { code: 'AAA', name: 'Bảo vệ' });
    await createVia(token, { code: 'ZZZ', name: 'An ninh' });

    const list = await get<PageEnvelope<AdminRole>>('/api/iam/roles?pageSize=2', token);
    // The administrator's own role (from the factory) is among them: four in all.
    expect(list.body.page).toEqual({ pageIndex: 1, pageSize: 2, total: 4 });
    expect(list.body.data.map((r) => r.name)).toEqual(['An ninh', 'Bảo vệ']);
    const found = await get<PageEnvelope<AdminRole>>('/api/iam/roles?keyword=toan', token);
    expect(found.body.data.map((r) => r.code)).toEqual(['KE_TOAN']);
    const byCode = await get<PageEnvelope<AdminRole>>('/api/iam/roles?sortBy=code.desc&keyword=A', token);
    expect(byCode.body.data.map((r) => r.code)[0]).toBe('ZZZ');

    const taken = await createVia(token, { code: 'ke_toan', name: 'Trùng mã' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors?.[0]?.field).toBe('code');
  });

  it('refuses codes the role’s level may not grant, naming the code, and writes nothing', async () => {
    const { token } = await tenantAdmin();
    const role = (await createVia(token, { code: 'NV', name: 'Nhân viên', permissions: ['job_title.view'] }))
      .body.data;
    const bad = await post<DataEnvelope<AdminRoleDetail>>(
      `/api/iam/roles/${role.id}/update-permissions`,
      { permissions: ['job_title.update', 'tenant.create', 'nothing.view'], version: role.version },
      token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('tenant.create');
    expect(bad.body.errors?.map((e) => e.field)).toEqual(['permissions[1]', 'permissions[2]']);
    const creating = await createVia(token, { code: 'XX', name: 'X', permissions: ['service_pack.view'] });
    expect(creating.status).toBe(400);
    expect(creating.body.message).toContain('service_pack.view');

    const detail = await get<DataEnvelope<AdminRoleDetail>>(`/api/iam/roles/${role.id}`, token);
    expect(detail.body.data.permissions).toEqual(['job_title.view']);
    expect(detail.body.data.version).toBe(1);

    const stale = await post(
      `/api/iam/roles/${role.id}/update-permissions`,
      { permissions: [], version: 7 },
      token,
    );
    expect(stale.status).toBe(409);
  });

  it('a change of a role’s permissions takes effect at the holder’s very next request, both ways', async () => {
    const { tenant, token } = await tenantAdmin();
    const role = (await createVia(token, { code: 'THU_KY', name: 'Thư ký', permissions: [] })).body.data;
    const clerk = await user({ tenantId: tenant.id });
    await inScope(db(), { tenantId: tenant.id, userId: null }, (tx) =>
      assignRole(tx, { tenantId: tenant.id, userId: clerk.user.id, roleId: role.id }),
    );
    const clerkToken = await accessTokenFor(db(), clerk.user);
    const jobTitles = () => suite.http.get<ErrorEnvelope>('/api/om/job-titles', clerkToken);
    expect((await jobTitles()).status).toBe(403);

    const granted = await post<DataEnvelope<AdminRoleDetail>>(
      `/api/iam/roles/${role.id}/update-permissions`,
      { permissions: ['job_title.view'], version: 1 },
      token,
    );
    expect(granted.status).toBe(200);
    expect(granted.body.data.version).toBe(2);
    expect((await jobTitles()).status).toBe(200);

    await post(`/api/iam/roles/${role.id}/update-permissions`, { permissions: [], version: 2 }, token);
    expect((await jobTitles()).status).toBe(403);

    const logged = await db()
      .select()
      .from(actionLogs)
      .where(and(eq(actionLogs.resource, 'role'), eq(actionLogs.recordId, role.id)));
    expect(logged.map((row) => row.action).sort()).toEqual(['CREATE', 'UPDATE', 'UPDATE']);
  });

  it('deletes a role no one holds, refuses one still held (409), and never the built-in administrator role', async () => {
    const { tenant, token } = await tenantAdmin();
    const role = (await createVia(token, { code: 'TAM', name: 'Tạm thời' })).body.data;
    const holder = await user({ tenantId: tenant.id });
    await inScope(db(), { tenantId: tenant.id, userId: null }, (tx) =>
      assignRole(tx, { tenantId: tenant.id, userId: holder.user.id, roleId: role.id }),
    );
    const held = await post(`/api/iam/roles/${role.id}/delete`, undefined, token);
    expect(held.status).toBe(409);
    expect(held.body.message).toContain('1 user');

    await post(`/api/iam/users/${holder.user.id}/assign-roles`, { roleIds: [], version: 1 }, token);
    expect((await post(`/api/iam/roles/${role.id}/delete`, undefined, token)).status).toBe(200);
    expect((await get(`/api/iam/roles/${role.id}`, token)).status).toBe(404);

    const builtIn = await inScope(db(), { tenantId: tenant.id, userId: null }, (tx) =>
      createRole(tx, {
        tenantId: tenant.id,
        code: 'HR_ADMIN',
        name: 'Quản trị',
        builtIn: true,
        permissions: ADMIN,
      }),
    );
    const deleting = await post(`/api/iam/roles/${builtIn.id}/delete`, undefined, token);
    expect(deleting.status).toBe(400);
    const stripping = await post(
      `/api/iam/roles/${builtIn.id}/update-permissions`,
      { permissions: [], version: 1 },
      token,
    );
    expect(stripping.status).toBe(400);
    const renaming = await post<DataEnvelope<AdminRoleDetail>>(
      `/api/iam/roles/${builtIn.id}/update`,
      { name: 'Quản trị nhân sự', version: 1 },
      token,
    );
    expect(renaming.status).toBe(200);
    expect(renaming.body.data).toMatchObject({ name: 'Quản trị nhân sự', code: 'HR_ADMIN', version: 2 });
    expect(
      (await get<DataEnvelope<AdminRoleDetail>>(`/api/iam/roles/${builtIn.id}`, token)).body.data.permissions,
    ).toHaveLength(ADMIN.length);
  });

  it('keeps a role’s data scope: TENANT by default, changed by update, never on the built-in role or a system role', async () => {
    const { tenant, token } = await tenantAdmin();
    const plain = (await createVia(token, { code: 'NHAN_VIEN', name: 'Nhân viên' })).body.data;
    expect(plain.dataScope).toBe('TENANT');
    const managers = await createVia(token, { code: 'QUAN_LY', name: 'Quản lý', dataScope: 'UNITS' });
    expect(managers.body.data.dataScope).toBe('UNITS');
    const narrowed = await post<DataEnvelope<AdminRoleDetail>>(
      `/api/iam/roles/${plain.id}/update`,
      { dataScope: 'SELF', version: plain.version },
      token,
    );
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.data).toMatchObject({ dataScope: 'SELF', version: plain.version + 1 });
    const unknown = await createVia(token, { code: 'LA', name: 'Lạ', dataScope: 'REGION' });
    expect(unknown.status).toBe(400);

    const builtIn = await inScope(db(), { tenantId: tenant.id, userId: null }, (tx) =>
      createRole(tx, { tenantId: tenant.id, code: 'HR_ADMIN', name: 'Quản trị', builtIn: true }),
    );
    const narrowing = await post(
      `/api/iam/roles/${builtIn.id}/update`,
      { dataScope: 'SELF', version: 1 },
      token,
    );
    expect(narrowing.status).toBe(400);
    expect(
      (await get<DataEnvelope<AdminRoleDetail>>(`/api/iam/roles/${builtIn.id}`, token)).body.data.dataScope,
    ).toBe('TENANT');

    const system = await user({ permissions: ADMIN });
    const systemToken = await accessTokenFor(db(), system.user);
    const systemRole = await createVia(systemToken, {
      code: 'HE_THONG_X',
      name: 'Hệ thống',
      dataScope: 'UNITS',
    });
    expect(systemRole.status).toBe(400);
    expect(systemRole.body.errors?.map((e) => e.field)).toEqual(['dataScope']);
  });

  it('answers the matrix of the caller’s level: tenant resources with approval actions where approvable', async () => {
    const { token } = await tenantAdmin();
    const matrix = (await get<DataEnvelope<PermissionMatrix>>('/api/iam/roles/properties', token)).body.data;
    expect(matrix.level).toBe('TENANT');
    const resources = matrix.modules.flatMap((m) => m.resources);
    expect(resources.find((r) => r.resource === 'tenant')).toBeUndefined();
    expect(resources.find((r) => r.resource === 'job_title')?.actions).toEqual([
      'view',
      'create',
      'update',
      'delete',
      'export',
    ]);
    expect(resources.find((r) => r.resource === 'contract')?.actions).toContain('approve');
    expect(matrix.modules.find((m) => m.module === 'OM')?.label.vi).toBe('Tổ chức và nhân sự');
    expect((await get<DataEnvelope<string[]>>('/api/iam/roles/role-level', token)).body.data).toEqual([
      'TENANT',
    ]);
  });

  it('gives system administrators the system roles, which no tenant sees', async () => {
    const system = await user({ permissions: ADMIN });
    const systemToken = await accessTokenFor(db(), system.user);
    const made = await createVia(systemToken, {
      code: 'HO_TRO',
      name: 'Hỗ trợ',
      permissions: ['tenant.view'],
    });
    expect(made.status).toBe(200);
    const matrix = (await get<DataEnvelope<PermissionMatrix>>('/api/iam/roles/properties', systemToken)).body
      .data;
    expect(matrix.level).toBe('SYSTEM');
    expect(matrix.modules.flatMap((m) => m.resources).some((r) => r.resource === 'tenant')).toBe(true);
    const tenantOnly = await createVia(systemToken, {
      code: 'X1',
      name: 'X',
      permissions: ['job_title.view'],
    });
    expect(tenantOnly.status).toBe(400);

    const { token } = await tenantAdmin();
    expect((await get(`/api/iam/roles/${made.body.data.id}`, token)).status).toBe(404);
    const found = await post<DataEnvelope<AdminRole[]>>(
      '/api/iam/roles/find-by-ids',
      { ids: [made.body.data.id] },
      token,
    );
    expect(found.body.data).toEqual([]);
    const mine = await post<DataEnvelope<AdminRole[]>>(
      '/api/iam/roles/find-by-ids',
      { ids: [made.body.data.id] },
      systemToken,
    );
    expect(mine.body.data.map((r) => r.code)).toEqual(['HO_TRO']);
  });
});
