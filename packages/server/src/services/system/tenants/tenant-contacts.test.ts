import { ErrorCodes, type ErrorEnvelope } from '@hcm/contracts';
import type { CreatedTenantContact } from '@hcm/contracts/users-roles';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs, roles, systemActionLogs, userRoles, users } from '../../../db/schema.ts';
import {
  startResourceTestKit,
  type ResourceTestKit,
  type SystemCaller,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';

const CONTACTS = '/api/iam/users/tenant';

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

describe.each(await testEngines('both'))('tenant contacts on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let root: SystemCaller;

  const addContact = (body: Record<string, unknown>, token = root.token) =>
    kit.http.post<{ data: CreatedTenantContact } & ErrorEnvelope>(CONTACTS, body, token);
  const contactBody = (tenantId: string, extra: Record<string, unknown> = {}) => ({
    tenantId,
    username: `lh_${unique()}`,
    fullName: 'Đỗ Thị Liên Hệ',
    email: 'lienhe@congty.vn',
    ...extra,
  });
  const newTenant = async (withAdmin: boolean): Promise<{ id: string; adminId: string | null }> => {
    const id = unique().toUpperCase();
    const fields = { code: `T_${id}`, name: `Công ty ${id}` };
    if (!withAdmin) {
      const res = await kit.http.post<{ data: { id: string } }>('/api/system/tenants', fields, root.token);
      return { id: res.body.data.id, adminId: null };
    }
    const res = await kit.http.post<{ data: { tenant: { id: string }; admin: { id: string } } }>(
      '/api/system/tenants/create-with-admin',
      { ...fields, admin: { username: `qt_${unique()}`, fullName: 'Quản Trị Đầu' }, handOver: 'PASSWORD' },
      root.token,
    );
    return { id: res.body.data.tenant.id, adminId: res.body.data.admin.id };
  };
  const userCount = async () =>
    Number((await kit.server.db.orm.select({ n: sql`count(*)` }).from(users))[0]?.n);
  const rolesOf = (userId: string) =>
    kit.server.db.orm
      .select({ id: roles.id, code: roles.code, builtIn: roles.builtIn })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
      .where(eq(userRoles.userId, userId));

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    root = await kit.systemCaller([], ['tenant.view', 'tenant.create', 'tenant.update', 'action_log.view']);
  });
  afterAll(() => kit?.stop());

  it("adds a contact holding the tenant's administrator role, who sets a password once and manages the tenant's users", async () => {
    const tenant = await newTenant(true);
    const body = contactBody(tenant.id, { phoneNumber: '0912345678' });
    const res = await addContact(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { user, handOver } = res.body.data;
    expect(user).toMatchObject({
      tenantId: tenant.id,
      username: body.username,
      email: 'lienhe@congty.vn',
      phone: '0912345678',
      roleCode: 'HR_ADMIN',
    });
    expect(handOver.link).toMatch(/^\/set-password\?token=/);
    const [stored] = await kit.server.db.orm.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ accountType: 'TENANT', userLevel: 'TENANT', passwordHash: null });
    // The very role of the first administrator, not a copy.
    expect(await rolesOf(user.id)).toEqual(await rolesOf(String(tenant.adminId)));

    const token = new URL(handOver.link, 'http://portal').searchParams.get('token') ?? '';
    const setPassword = (newPassword: string) =>
      kit.http.post<ErrorEnvelope>('/api/iam/set-password', { token, newPassword });
    expect((await setPassword('Liên-Hệ-Mới-9')).status).toBe(200);
    expect((await setPassword('Lần-Hai-Mới-9')).status).toBe(400);
    const signedIn = await kit.http.post<{ data: { accessToken: string } }>('/api/iam/authenticate', {
      username: body.username,
      password: 'Liên-Hệ-Mới-9',
    });
    expect(signedIn.status).toBe(200);
    const listed = await kit.http.get<{ data: { username: string }[] }>(
      '/api/iam/users?pageSize=100',
      signedIn.body.data.accessToken,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((u) => u.username)).toContain(body.username);

    // In the system's log, and in the tenant's own: the tenant sees who added its administrator.
    const [system] = await kit.server.db.orm
      .select()
      .from(systemActionLogs)
      .where(and(eq(systemActionLogs.recordId, user.id), eq(systemActionLogs.resource, 'user')));
    expect(system).toMatchObject({ action: 'CREATE', userId: root.userId });
    expect(system?.changes).toMatchObject({ roles: { before: null, after: ['HR_ADMIN'] } });
    const [own] = await kit.server.db.orm
      .select()
      .from(actionLogs)
      .where(and(eq(actionLogs.recordId, user.id), eq(actionLogs.tenantId, tenant.id)));
    expect(own).toMatchObject({ action: 'CREATE', resource: 'user' });
  });

  it('gives the administrator role to a tenant that had none yet', async () => {
    const tenant = await newTenant(false);
    const res = await addContact(contactBody(tenant.id));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [role] = await rolesOf(res.body.data.user.id);
    expect(role).toMatchObject({ code: 'HR_ADMIN', builtIn: true });
    // A second contact shares it.
    const second = await addContact(contactBody(tenant.id));
    expect((await rolesOf(second.body.data.user.id))[0]?.id).toBe(role?.id);
  });

  it('answers an unknown tenant 404, a suspended one 409, a taken name 409 on username, and writes nothing', async () => {
    const tenant = await newTenant(true);
    const other = await newTenant(false);
    const before = await userCount();

    const unknown = await addContact(contactBody('6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(ErrorCodes.notFound);
    expect(unknown.body.errors?.map((e) => e.field)).toEqual(['tenantId']);

    const [taken] = await kit.server.db.orm
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, String(tenant.adminId)));
    // Another tenant's name, in other letters' case: names are unique system-wide.
    const dup = await addContact(contactBody(other.id, { username: String(taken?.username).toUpperCase() }));
    expect(dup.status).toBe(409);
    expect(dup.body.errors?.map((e) => e.field)).toEqual(['username']);

    await kit.http.post(`/api/system/tenants/${tenant.id}/suspend`, { reason: 'Nợ phí' }, root.token);
    const suspended = await addContact(contactBody(tenant.id));
    expect(suspended.status).toBe(409);
    expect(suspended.body.message).toMatch(/suspended/);
    expect(suspended.body.params).toEqual({ reason: 'tenantSuspended' });

    for (const bad of [
      { fullName: 'Tên\u0007ẩn' },
      { email: 'không-phải-email' },
      { username: 'có dấu cách' },
      { phoneNumber: '09-1234' },
      { tenantId: 'not-a-uuid' },
      { role: 'SUPERUSER' },
    ]) {
      const res = await addContact({ ...contactBody(other.id), ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const noEmail = await addContact({ ...contactBody(other.id), email: undefined });
    expect(noEmail.status).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it('refuses tenant users, even one whose role names tenant.update', async () => {
    // A licensed tenant (kit.caller's): the refusal is about who calls, not about a licence.
    const caller = await kit.caller([], ['tenant.update', 'user.create']);
    const body = contactBody(caller.tenantId);
    const res = await addContact(body, caller.token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(ErrorCodes.forbidden);
    expect(await kit.server.db.orm.select().from(users).where(eq(users.username, body.username))).toEqual([]);
  });
});
