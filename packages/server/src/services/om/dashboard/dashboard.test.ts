import {
  SYSTEM_DASHBOARD_PATH,
  TENANT_DASHBOARD_PATH,
  daysBetween,
  type SystemDashboard,
  type TenantDashboard,
} from '@hcm/contracts/dashboard';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordTypeOf } from '../../../resources/approval/approval-spec.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { todayInVietnam } from '../../../resources/documents/vietnamese-format.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeServicePack, makeTenant, makeUser } from '../../../testing/factories.ts';
import { subscribeTenant } from '../../tenant/subscriptions/subscribe-tenant.ts';
import { categoryResources } from '../categories/category-resources.ts';
import { omResources } from '../index.ts';
import { laborContractResource } from '../labor-contracts/resources.ts';
import { organizationUnitResource } from '../organization-units/resources.ts';
import { wageCategoryResources } from '../wage-categories/resources.ts';
import { workerResource } from '../workers/resources.ts';
import { summarizeTenant } from './summarize-tenant.ts';

const DAY_MS = 86_400_000;
const plus = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

describe.each(await testEngines())('dashboards on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  // the server's clock is the real one: the records are dated from the same today
  const today = todayInVietnam(new Date());
  const thisMonth = today.slice(0, 7);
  const ids = {} as Record<'unit' | 'lan' | 'minh' | 'probation' | 'definite', string>;
  const make = async (path: string, body: Record<string, unknown>, who: { token: string } = hr) => {
    const res = await kit.http.post<{ data: { id: string } }>(path, body, who.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };
  const dashboard = async (token: string) => {
    const res = await kit.http.get<{ data: TenantDashboard }>(TENANT_DASHBOARD_PATH, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const typeId = async (code: string, name: string, salaryRate: string) => {
    const found = await kit.http.get<{ data: { id: string }[] }>(
      `/api/om/contract-types?code=${code}`,
      hr.token,
    );
    return found.body.data[0]?.id ?? make('/api/om/contract-types', { code, name, salaryRate });
  };
  const contract = (number: string, workerId: string, contractTypeId: string, expiryDate: string) =>
    make('/api/om/contracts', {
      number,
      workerId,
      contractTypeId,
      signingDate: plus(today, -60),
      effectiveDate: plus(today, -60),
      expiryDate,
      salary: '10000000',
    });

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([
      workerResource,
      laborContractResource,
      organizationUnitResource,
      ...categoryResources,
      ...wageCategoryResources,
    ]);
    ids.unit = await make('/api/om/organization-units', {
      code: 'P_NS',
      name: 'Phòng Nhân sự',
      typeCode: 'PHONG',
    });
    // Lan: born this month, joined this month; Minh: joined this month three years ago
    ids.lan = await make('/api/om/workers', {
      code: 'NV0001',
      fullName: 'Nguyễn Thị Lan',
      gender: 'FEMALE',
      organizationUnitId: ids.unit,
      dateOfBirth: `1990-${thisMonth.slice(5)}-01`,
      joinedDate: `${thisMonth}-01`,
    });
    ids.minh = await make('/api/om/workers', {
      code: 'NV0002',
      fullName: 'Trần Văn Minh',
      gender: 'MALE',
      organizationUnitId: ids.unit,
      dateOfBirth: '1985-01-01',
      joinedDate: `${Number(thisMonth.slice(0, 4)) - 3}-${thisMonth.slice(5)}-01`,
    });
    ids.probation = await typeId('PROBATION', 'Hợp đồng thử việc', '85');
    ids.definite = await typeId('DT_12', 'Xác định 12 tháng', '100');
    await contract('HD-1', ids.lan, ids.probation, plus(today, 10));
    await contract('HD-2', ids.minh, ids.definite, plus(today, 30));
    // past the horizon, and already over: neither counted
    await contract('HD-3', ids.minh, ids.definite, plus(today, 31));
    await contract('HD-4', ids.minh, ids.definite, plus(today, -1));
  });
  afterAll(() => kit?.stop());

  it('gives HR the numbers to act on, each equal to what its list shows', async () => {
    const data = await dashboard(hr.token);
    expect(data.today).toBe(today);
    expect(data.contracts).toEqual({ expiring: 2, probationEnding: 1, probationTypeId: ids.probation });
    expect(data.workforce?.headCount).toBe(2);
    expect(data.workforce?.byUnit).toEqual([{ unitId: ids.unit, name: 'Phòng Nhân sự', count: 2 }]);
    expect(data.workforce?.joiners).toBe(1);
    expect(data.workforce?.leavers).toBe(0);
    expect(data.workforce?.birthdays.people.map((p) => [p.fullName, p.years])).toEqual([
      ['Nguyễn Thị Lan', Number(today.slice(0, 4)) - 1990],
    ]);
    expect(data.workforce?.anniversaries.people.map((p) => [p.fullName, p.years])).toEqual([
      ['Trần Văn Minh', 3],
    ]);
    // the cards' links: the contract list filtered by the days of the range shows the counted rows
    const days = daysBetween(data.today, data.horizon)
      .map((d) => `expiryDate=${d}`)
      .join('&');
    const listed = await kit.http.get<{ data: { number: string }[] }>(`/api/om/contracts?${days}`, hr.token);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data.map((c) => c.number).sort()).toEqual(['HD-1', 'HD-2']);
    const probations = await kit.http.get<{ data: { number: string }[] }>(
      `/api/om/contracts?${days}&contractTypeId=${ids.probation}`,
      hr.token,
    );
    expect(probations.body.data.map((c) => c.number)).toEqual(['HD-1']);
    const joinedDays = daysBetween(data.monthStart, data.monthEnd)
      .map((d) => `joinedDate=${d}`)
      .join('&');
    const joiners = await kit.http.get<{ data: { code: string }[] }>(
      `/api/om/workers?${joinedDays}`,
      hr.token,
    );
    expect(joiners.status, JSON.stringify(joiners.body)).toBe(200);
    expect(joiners.body.data.map((w) => w.code)).toEqual(['NV0001']);
  });

  it('counts what awaits the caller and their own requests, as the approval list counts them', async () => {
    const recordType = recordTypeOf(laborContractResource.declaration);
    const contractId = await contract('HD-5', ids.lan, ids.definite, plus(today, 200));
    // a request in its first step, assigned to the HR user, as the approval engine leaves it
    await inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, async (tx) => {
      const requestId = crypto.randomUUID();
      await tx.execute(sql`insert into approval_requests
        (tenant_id, id, record_type, record_id, template_name, requested_by, requested_at, state, current_position)
        values (${hr.tenantId}, ${requestId}, ${recordType}, ${contractId}, 'Một bước', ${hr.userId}, now(), 'OPEN', 1)`);
      await tx.execute(sql`insert into approval_steps
        (tenant_id, request_id, position, record_type, record_id, name, assignment_type, assignee_user_id, sla_time, started_at)
        values (${hr.tenantId}, ${requestId}, 1, ${recordType}, ${contractId}, 'Duyệt', 'USER', ${hr.userId}, 3600000, now())`);
      await tx.execute(
        sql`update labor_contracts set approval_status = 'WAIT_APPROVE' where id = ${contractId}`,
      );
    });
    const data = await dashboard(hr.token);
    expect(data.awaitingMe).toEqual([{ recordType, route: '/om/contract', title: 'Hợp đồng', count: 1 }]);
    expect(data.myRequests).toEqual([{ recordType, route: '/om/contract', title: 'Hợp đồng', count: 1 }]);
    const listed = await kit.http.get<{ data: { id: string }[] }>(
      '/api/om/contracts?approvalStatus=WAIT_MY_APPROVE',
      hr.token,
    );
    expect(listed.body.data.map((c) => c.id)).toEqual([contractId]);
  });

  it('takes today from the clock it is given', async () => {
    const actor = {
      userId: hr.userId,
      tenantId: hr.tenantId,
      isRoot: false,
      userLevel: 'TENANT' as const,
      permissions: new Set(['contract.view']),
    };
    const later = await inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: hr.userId }, (tx) =>
      summarizeTenant(tx, { actor, language: 'vi', today: plus(today, 20), approvable: omResources }),
    );
    // twenty days on, HD-1 has ended; HD-2 and HD-3 end within the next thirty
    expect(later.contracts?.expiring).toBe(2);
    expect(later.contracts?.probationEnding).toBe(0);
    expect(later.workforce).toBeNull();
  });

  it('shows only what the caller may read: an employee gets their own requests, nothing of HR', async () => {
    const deps = { db: kit.server.db.orm, passwords: kit.server.passwords };
    const { user } = await makeUser(deps, { tenantId: hr.tenantId, permissions: [] });
    const data = await dashboard(await accessTokenFor(kit.server.db.orm, user));
    expect(data.contracts).toBeNull();
    expect(data.workforce).toBeNull();
    expect(data.awaitingMe).toEqual([]);
    expect(data.myRequests).toEqual([]);
  });

  it('counts within the data scope: a SELF user with the employee list counts only himself', async () => {
    const deps = { db: kit.server.db.orm, passwords: kit.server.passwords };
    const { user } = await makeUser(deps, {
      tenantId: hr.tenantId,
      permissions: ['worker.view', 'contract.view'],
      dataScope: 'SELF',
    });
    const data = await dashboard(await accessTokenFor(kit.server.db.orm, user));
    expect(data.workforce?.headCount).toBe(0);
    expect(data.workforce?.birthdays.total).toBe(0);
    expect(data.contracts?.expiring).toBe(0);
  });

  it('gives the system administrator tenants and licences, and refuses each dashboard to the other kind', async () => {
    const db = kit.server.db.orm;
    const now = Date.now();
    const ending = await makeTenant(db, {
      licence: { startsAt: new Date(now - 300 * DAY_MS), endsAt: new Date(now + 10 * DAY_MS) },
    });
    const renewed = await makeTenant(db, {
      licence: { startsAt: new Date(now - 300 * DAY_MS), endsAt: new Date(now + 10 * DAY_MS) },
    });
    await subscribeTenant(db, {
      tenantId: renewed.id,
      servicePackId: (await makeServicePack(db)).id,
      startsAt: new Date(now + 10 * DAY_MS),
      endsAt: new Date(now + 400 * DAY_MS),
    });
    const bare = await makeTenant(db, { licence: null });
    const system = await kit.systemCaller([], ['tenant.view']);
    const res = await kit.http.get<{ data: SystemDashboard }>(SYSTEM_DASHBOARD_PATH, system.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.tenants.total).toBeGreaterThanOrEqual(3);
    const ids = (rows: { id: string }[]) => rows.map((t) => t.id);
    // renewed ahead of time, and a tenant with a year left, are not ending
    expect(ids(res.body.data.licencesEnding)).toContain(ending.id);
    expect(ids(res.body.data.licencesEnding)).not.toContain(renewed.id);
    expect(ids(res.body.data.licencesEnding)).not.toContain(hr.tenantId);
    expect(ids(res.body.data.unlicensed)).toEqual(expect.arrayContaining([bare.id]));
    expect(ids(res.body.data.unlicensed)).not.toContain(ending.id);
    expect((await kit.http.get(TENANT_DASHBOARD_PATH, system.token)).status).toBe(403);
    expect((await kit.http.get(SYSTEM_DASHBOARD_PATH, hr.token)).status).toBe(403);
  });
});
