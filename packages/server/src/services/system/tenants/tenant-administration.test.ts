import { ErrorCodes, type ErrorEnvelope } from '@hcm/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActionLogs, tenants, users } from '../../../db/schema.ts';
import {
  startResourceTestKit,
  type ResourceTestKit,
  type SystemCaller,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeServicePack } from '../../../testing/factories.ts';

interface Created {
  tenant: { id: string; code: string; status: string };
  admin: { id: string; username: string; roleCode: string };
  subscription: { servicePackId: string; startsAt: string; endsAt: string } | null;
  handOver: { kind: 'PASSWORD'; password: string } | { kind: 'LINK'; link: string; expiresAt: string };
}
interface Tokens {
  accessToken: string;
  refreshToken: string;
}

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`.toUpperCase();
const tenantBody = (extra: Record<string, unknown> = {}) => {
  const id = unique();
  return {
    code: `T_${id}`,
    name: `Công ty ${id}`,
    address: '1 Tràng Tiền, Hà Nội',
    contactName: 'Nguyễn Văn A',
    contactEmail: 'lienhe@example.vn',
    contactPhone: '0912345678',
    ...extra,
  };
};

describe.each(await testEngines('both'))('tenant administration on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let root: SystemCaller;
  let packId: string;

  const createWithAdmin = (body: Record<string, unknown>) =>
    kit.http.post<{ data: Created } & ErrorEnvelope>(
      '/api/system/tenants/create-with-admin',
      body,
      root.token,
    );
  const signIn = (username: string, password: string) =>
    kit.http.post<{ data: Tokens }>('/api/iam/authenticate', { username, password });
  const ethnicityCount = (token: string) =>
    kit.http.get<{ data: number } & ErrorEnvelope>('/api/om/ethnicities/count', token);
  /** The printed password replaced by the administrator's own, which is all it may do first. */
  const chooseOwnPassword = (tokens: Tokens, printed: string, own: string) =>
    kit.http.post(
      '/api/iam/reset-password',
      { oldPassword: printed, newPassword: own, refreshToken: tokens.refreshToken },
      tokens.accessToken,
    );

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    root = await kit.systemCaller([], ['tenant.view', 'tenant.create', 'tenant.update', 'action_log.view']);
    packId = (await makeServicePack(kit.server.db.orm, { duration: 6 })).id;
  });
  afterAll(() => kit?.stop());

  it('creates a tenant with its administrator, who signs in with the password handed over once and finds the seed data', async () => {
    const admin = { username: `adm_${unique().toLowerCase()}`, fullName: 'Trần Thị Quản Trị' };
    const res = await createWithAdmin({
      ...tenantBody({ taxCode: '0101234567' }),
      admin,
      servicePackId: packId,
      handOver: 'PASSWORD',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const created = res.body.data;
    expect(created.tenant.status).toBe('ACTIVE');
    expect(created.admin.roleCode).toBe('HR_ADMIN');
    // The pack's duration (6 months) from today.
    const { startsAt, endsAt } = created.subscription ?? { startsAt: '', endsAt: '' };
    const expectedEnd = new Date(startsAt);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 6);
    expect(endsAt).toBe(expectedEnd.toISOString());
    if (created.handOver.kind !== 'PASSWORD') throw new Error('expected a password');
    expect(created.handOver.password).toMatch(/^\S{20}$/);

    const signedIn = await signIn(admin.username, created.handOver.password);
    expect(signedIn.status).toBe(200);
    const restricted = await ethnicityCount(signedIn.body.data.accessToken);
    expect(restricted.body.code).toBe(ErrorCodes.passwordChangeRequired);
    const own = 'Own-Chosen#Pass7';
    expect((await chooseOwnPassword(signedIn.body.data, created.handOver.password, own)).status).toBe(200);
    const count = await ethnicityCount(signedIn.body.data.accessToken);
    expect(count.status).toBe(200);
    expect(count.body.data).toBeGreaterThan(0);
  });

  it('hands over a one-time link instead: the password is set once, through the policy, then signs in', async () => {
    const admin = { username: `lnk_${unique().toLowerCase()}`, fullName: 'Lê Văn Liên Kết', email: 'a@b.vn' };
    const res = await createWithAdmin({ ...tenantBody(), admin, servicePackId: packId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { handOver } = res.body.data;
    if (handOver.kind !== 'LINK') throw new Error('expected a link');
    expect(handOver.link).toMatch(/^\/set-password\?token=/);
    const hours = (new Date(handOver.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(Math.round(hours)).toBe(72);
    const token = new URL(handOver.link, 'http://portal').searchParams.get('token') ?? '';
    const [stored] = await kit.server.db.orm.select().from(users).where(eq(users.id, res.body.data.admin.id));
    expect(stored?.passwordHash).toBeNull();

    const setPassword = (body: unknown) => kit.http.post<ErrorEnvelope>('/api/iam/set-password', body);
    const weak = await setPassword({ token, newPassword: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors?.map((e) => e.field)).toEqual(['newPassword']);
    expect((await setPassword({ token, newPassword: 'Mật-khẩu-Mới-9' })).status).toBe(200);
    const again = await setPassword({ token, newPassword: 'Another-Pass-9' });
    expect(again.status).toBe(400);
    expect(again.body.errors?.map((e) => e.field)).toEqual(['token']);
    expect((await setPassword({ token: 'made-up', newPassword: 'Another-Pass-9' })).status).toBe(400);

    expect((await signIn(admin.username, 'Another-Pass-9')).status).toBe(401);
    expect((await signIn(admin.username, 'Mật-khẩu-Mới-9')).status).toBe(200);
  });

  it('suspends a tenant: sign-in, refresh and the next request are refused; resume brings them back', async () => {
    const admin = { username: `sus_${unique().toLowerCase()}`, fullName: 'Phạm Tạm Ngừng' };
    const created = (
      await createWithAdmin({ ...tenantBody(), admin, servicePackId: packId, handOver: 'PASSWORD' })
    ).body.data;
    if (created.handOver.kind !== 'PASSWORD') throw new Error('expected a password');
    const password = 'Own-Chosen#Pass7';
    const tokens = (await signIn(admin.username, created.handOver.password)).body.data;
    await chooseOwnPassword(tokens, created.handOver.password, password);
    expect((await ethnicityCount(tokens.accessToken)).status).toBe(200);

    const tenantPath = `/api/system/tenants/${created.tenant.id}`;
    expect((await kit.http.post<ErrorEnvelope>(`${tenantPath}/suspend`, {}, root.token)).status).toBe(400);
    const suspended = await kit.http.post<{ data: { status: string; suspensionReason: string } }>(
      `${tenantPath}/suspend`,
      { reason: 'Chưa thanh toán' },
      root.token,
    );
    expect(suspended.status).toBe(200);
    expect(suspended.body.data).toMatchObject({ status: 'SUSPENDED', suspensionReason: 'Chưa thanh toán' });
    const again = await kit.http.post<ErrorEnvelope>(
      `${tenantPath}/suspend`,
      { reason: 'again' },
      root.token,
    );
    expect(again.status).toBe(409);
    expect(again.body.params).toEqual({ reason: 'tenantAlreadySuspended' });

    expect((await ethnicityCount(tokens.accessToken)).status).toBe(401);
    expect((await signIn(admin.username, password)).status).toBe(401);
    expect(
      (await kit.http.post('/api/iam/refresh-token', { refreshToken: tokens.refreshToken })).status,
    ).toBe(401);
    const detail = await kit.http.get<{ data: { status: string } }>(tenantPath, root.token);
    expect(detail.body.data.status).toBe('SUSPENDED');

    const [logged] = await kit.server.db.orm
      .select()
      .from(systemActionLogs)
      .where(and(eq(systemActionLogs.recordId, created.tenant.id), eq(systemActionLogs.action, 'INACTIVE')));
    expect(logged?.changes).toMatchObject({ reason: { before: null, after: 'Chưa thanh toán' } });

    const resumed = await kit.http.post<{ data: { status: string } }>(
      `${tenantPath}/resume`,
      { reason: 'Đã thanh toán' },
      root.token,
    );
    expect(resumed.body.data.status).toBe('ACTIVE');
    expect((await signIn(admin.username, password)).status).toBe(200);

    const history = await kit.http.get<{ data: { subscriptions: { current: boolean }[] } }>(
      `${tenantPath}/administration`,
      root.token,
    );
    expect(history.body.data.subscriptions.map((s) => s.current)).toEqual([true]);
  });

  it('subscribes for the pack duration by default, from the date given', async () => {
    const created = (
      await createWithAdmin({
        ...tenantBody(),
        admin: { username: `sub_${unique().toLowerCase()}`, fullName: 'Gói Dịch Vụ' },
        handOver: 'PASSWORD',
      })
    ).body.data;
    expect(created.subscription).toBeNull();
    const res = await kit.http.post<{ data: { startsAt: string; endsAt: string } }>(
      `/api/system/tenants/${created.tenant.id}/subscription`,
      { servicePackId: packId, startsAt: '2026-01-31T00:00:00.000Z' },
      root.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      startsAt: '2026-01-31T00:00:00.000Z',
      endsAt: '2026-07-31T00:00:00.000Z',
    });
    const months = await kit.http.post<{ data: { endsAt: string } }>(
      `/api/system/tenants/${created.tenant.id}/subscription`,
      { servicePackId: packId, startsAt: '2026-01-01T00:00:00.000Z', months: 24 },
      root.token,
    );
    expect(months.body.data.endsAt).toBe('2028-01-01T00:00:00.000Z');
  });

  it('validates the tax code (10 digits, or 10-3) and writes nothing on a bad body or a taken user name', async () => {
    const before = (await kit.server.db.orm.select({ id: tenants.id }).from(tenants)).length;
    for (const taxCode of ['123', '01012345678', '0101234567-01', '010123456A'])
      for (const [path, body] of [
        ['/api/system/tenants', tenantBody({ taxCode })],
        [
          '/api/system/tenants/create-with-admin',
          { ...tenantBody({ taxCode }), admin: { username: `bad_${unique().toLowerCase()}`, fullName: 'X' } },
        ],
      ] as const) {
        const res = await kit.http.post<ErrorEnvelope>(path, body, root.token);
        expect(res.status, `${path} ${taxCode}`).toBe(400);
        expect(res.body.errors?.map((e) => e.field).join(), taxCode).toContain('taxCode');
      }
    const branch = await kit.http.post<{ data: { taxCode: string } }>(
      '/api/system/tenants',
      tenantBody({ taxCode: '0101234567-001' }),
      root.token,
    );
    expect(branch.status).toBe(200);
    const taken = await createWithAdmin({
      ...tenantBody({ taxCode: '0101234567-001' }),
      admin: { username: `dup_${unique().toLowerCase()}`, fullName: 'X' },
    });
    expect(taken.status).toBe(409);
    const sameUser = await createWithAdmin({
      ...tenantBody(),
      admin: { username: await userNameOf(root.userId), fullName: 'X' },
    });
    expect(sameUser.status).toBe(409);
    expect(sameUser.body.code).toBe(ErrorCodes.conflict);
    expect((await kit.server.db.orm.select({ id: tenants.id }).from(tenants)).length).toBe(before + 1);
  });

  async function userNameOf(id: string): Promise<string> {
    const [row] = await kit.server.db.orm
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, id));
    return row?.username ?? '';
  }
});
