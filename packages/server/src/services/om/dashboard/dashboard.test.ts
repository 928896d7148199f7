import {
  SYSTEM_DASHBOARD_PATH,
  TENANT_DASHBOARD_PATH,
  type SystemDashboard,
  type TenantDashboard,
} from '@hcm/contracts/dashboard';
import { rangeParams } from '@hcm/contracts/resource';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordTypeOf } from '../../../resources/approval/approval-spec.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { todayInVietnam } from '../../../resources/documents/vietnamese-format.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import {
  accessTokenFor,
  createContract,
  createWorkerWithContract,
  makeServicePack,
  makeTenant,
  makeUser,
} from '../../../testing/factories.ts';
import { subscribeTenant } from '../../tenant/subscriptions/subscribe-tenant.ts';
import { categoryResources } from '../categories/category-resources.ts';
import { omResources } from '../index.ts';
import { laborContractResource } from '../labor-contracts/resources.ts';
import { organizationUnitResource } from '../organization-units/resources.ts';
import { resignationResource } from '../personnel-changes/resources.ts';
import { wageCategoryResources } from '../wage-categories/resources.ts';
import { workerResource } from '../workers/resources.ts';
import { leaveApplicationResource } from '../../tm/leave/applications/resource.ts';
import { summarizeTenant } from './summarize-tenant.ts';

const DAY_MS = 86_400_000;
const plus = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** A date range as a card's link sends it to its list (`<field>From`, `<field>To`). */
const between = (field: string, from: string, to: string) => {
  const bounds = rangeParams(field);
  return `${bounds.from}=${from}&${bounds.to}=${to}`;
};

describe.each(await testEngines())('dashboards on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  // the server's clock is the real one: the records are dated from the same today
  const today = todayInVietnam(new Date());
  const thisMonth = today.slice(0, 7);
  const ids = {} as Record<'unit' | 'lan' | 'minh' | 'probation' | 'definite' | 'main', string>;
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
  /** A contract signed 60 days ago, ending on `to`. */
  const contractUntil = (number: string, contractTypeId: string, to: string) => ({
    number,
    contractTypeId,
    from: plus(today, -60),
    to,
  });
  const contract = (number: string, workerId: string, contractTypeId: string, expiryDate: string) =>
    createContract(
      { http: kit.http, token: hr.token },
      { ...contractUntil(number, contractTypeId, expiryDate), workerId },
    );
  /** signed: APPROVED, as the approval engine leaves a record it approved */
  const approve = (table: 'labor_contracts' | 'resignations', id: string) =>
    inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, (tx) =>
      tx.execute(sql`update ${sql.identifier(table)} set approval_status = 'APPROVED' where id = ${id}`),
    );
  /** a list's rows and total, for the query a card's link gives it */
  const listed = async <T>(path: string, query: string) => {
    const res = await kit.http.get<{ data: T[]; page: { total: number } }>(`${path}?${query}`, hr.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { rows: res.body.data, total: res.body.page.total };
  };

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([
      workerResource,
      laborContractResource,
      resignationResource,
      organizationUnitResource,
      ...categoryResources,
      ...wageCategoryResources,
      leaveApplicationResource,
    ]);
    ids.unit = await make('/api/om/organization-units', {
      code: 'P_NS',
      name: 'Phòng Nhân sự',
      typeCode: 'PHONG',
    });
    ids.probation = await typeId('PROBATION', 'Hợp đồng thử việc', '85');
    ids.definite = await typeId('DT_12', 'Xác định 12 tháng', '100');
    // Lan: born this month, joined this month; Minh: joined this month three years ago
    const writer = { http: kit.http, token: hr.token };
    const lan = await createWorkerWithContract(
      writer,
      {
        code: 'NV0001',
        fullName: 'Nguyễn Thị Lan',
        gender: 'FEMALE',
        organizationUnitId: ids.unit,
        dateOfBirth: `1990-${thisMonth.slice(5)}-01`,
        joinedDate: `${thisMonth}-01`,
      },
      contractUntil('HD-1', ids.probation, plus(today, 10)),
    );
    ids.lan = lan.workerId;
    const minh = await createWorkerWithContract(
      writer,
      {
        code: 'NV0002',
        fullName: 'Trần Văn Minh',
        gender: 'MALE',
        organizationUnitId: ids.unit,
        dateOfBirth: '1985-01-01',
        joinedDate: `${Number(thisMonth.slice(0, 4)) - 3}-${thisMonth.slice(5)}-01`,
      },
      contractUntil('HD-2', ids.definite, plus(today, 30)),
    );
    ids.minh = minh.workerId;
    // signed, ending within the 30 days of the tenant's expiry notices: counted
    ids.main = minh.contractId;
    await approve('labor_contracts', lan.contractId);
    await approve('labor_contracts', ids.main);
    // past the horizon, and already over: neither counted
    await approve('labor_contracts', await contract('HD-3', ids.minh, ids.definite, plus(today, 31)));
    await approve('labor_contracts', await contract('HD-4', ids.minh, ids.definite, plus(today, -1)));
    // within the window but nothing to act on: not signed yet; an annex (its contract is what
    // ends); a contract already followed by a later one of the same employee (renewed)
    await contract('HD-6', ids.minh, ids.definite, plus(today, 5));
    const signedOn = (day: string) => ({ signingDate: day, effectiveDate: day, salary: '10000000' });
    const annex = await make('/api/om/contracts', {
      number: 'HD-2/PL1',
      workerId: ids.minh,
      contractTypeId: ids.definite,
      parentContractId: ids.main,
      expiryDate: plus(today, 20),
      ...signedOn(plus(today, -30)),
    });
    await approve('labor_contracts', annex);
    const renewed = await make('/api/om/contracts', {
      number: 'HD-0',
      workerId: ids.minh,
      contractTypeId: ids.definite,
      expiryDate: plus(today, 20),
      ...signedOn(plus(today, -400)),
    });
    await approve('labor_contracts', renewed);
    // Lan leaves this month (approved); a resignation still in draft, and one of last month, are not counted
    const resignation = (decisionNumber: string, effectiveDate: string) =>
      make('/api/om/resignations', { workerId: ids.lan, decisionNumber, effectiveDate });
    await approve('resignations', await resignation('QD-1', `${thisMonth}-01`));
    await resignation('QD-2', `${thisMonth}-01`);
    await approve('resignations', await resignation('QD-3', plus(`${thisMonth}-01`, -1)));
  });
  afterAll(() => kit?.stop());

  it('gives HR the numbers to act on, each equal to what its list shows', async () => {
    const data = await dashboard(hr.token);
    expect(data.today).toBe(today);
    expect(data.horizonDays).toBe(30);
    expect(data.horizon).toBe(plus(today, 30));
    expect(data.contracts).toEqual({ expiring: 2, probationEnding: 1, probationTypeId: ids.probation });
    expect(data.leavers).toBe(1);
    expect(data.workforce?.headCount).toBe(2);
    // the head count by unit: the statistics' organization bars, not carried twice
    expect(data.workforce).not.toHaveProperty('byUnit');
    expect(data.workforce?.joiners).toBe(1);
    // the statistics' cards in the same answer: the whole scope, this year
    expect(data.statistics?.year).toBe(Number(today.slice(0, 4)));
    expect(data.statistics?.headCount).toBe(2);
    expect(data.statistics?.headCounts.organization).toEqual([
      { key: ids.unit, name: 'Phòng Nhân sự', count: 2 },
    ]);
    expect(data.statistics?.headCounts.contractType.map((row) => [row.name, row.count])).toEqual([
      ['Hợp đồng thử việc', 1],
      ['Xác định 12 tháng', 1],
    ]);
    const joinedThisMonth = data.statistics?.fluctuation[Number(thisMonth.slice(5)) - 1];
    expect(joinedThisMonth?.joined).toBe(1);
    expect(data.workforce?.birthdays.people.map((p) => [p.fullName, p.years])).toEqual([
      ['Nguyễn Thị Lan', Number(today.slice(0, 4)) - 1990],
    ]);
    expect(data.workforce?.anniversaries.people.map((p) => [p.fullName, p.years])).toEqual([
      ['Trần Văn Minh', 3],
    ]);
    // each card's link (shell card-links.ts) gives its list the same filters: the same rows
    const ending = `renewalDue=true&${between('expiryDate', data.today, data.horizon)}`;
    const contracts = await listed<{ number: string }>('/api/om/contracts', ending);
    expect(contracts.rows.map((c) => c.number).sort()).toEqual(['HD-1', 'HD-2']);
    expect(contracts.total).toBe(data.contracts?.expiring);
    const probations = await listed<{ number: string }>(
      '/api/om/contracts',
      `${ending}&contractTypeId=${ids.probation}`,
    );
    expect(probations.rows.map((c) => c.number)).toEqual(['HD-1']);
    expect(probations.total).toBe(data.contracts?.probationEnding);
    // and the expiry notices' own list names the same contracts
    const expiring = await kit.http.get<{ data: { number: string }[] }>(
      '/api/om/contracts/expiring',
      hr.token,
    );
    expect(expiring.body.data.map((c) => c.number).sort()).toEqual(['HD-1', 'HD-2']);
    const joiners = await listed<{ code: string }>(
      '/api/om/workers',
      between('joinedDate', data.monthStart, data.monthEnd),
    );
    expect(joiners.rows.map((w) => w.code)).toEqual(['NV0001']);
    expect(joiners.total).toBe(data.workforce?.joiners);
    const leavers = await listed<{ decisionNumber: string }>(
      '/api/om/resignations',
      `approvalStatus=APPROVED&${between('effectiveDate', data.monthStart, data.monthEnd)}`,
    );
    expect(leavers.rows.map((r) => r.decisionNumber)).toEqual(['QD-1']);
    expect(leavers.total).toBe(data.leavers);
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

  it('counts a timekeeping document awaiting the caller too, as its own list counts it', async () => {
    // a leave application of Lan's sent to the HR user: a record of the timekeeping module, which
    // the dashboard of the organisation module once left out ("Chờ tôi duyệt: Không có" while the
    // bell held it)
    const recordType = recordTypeOf(leaveApplicationResource.declaration);
    const applicationId = crypto.randomUUID();
    await inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, async (tx) => {
      const typeId = crypto.randomUUID();
      await tx.execute(sql`insert into leave_types (tenant_id, id, code, name, paid)
        values (${hr.tenantId}, ${typeId}, 'NP_DASH', 'Nghỉ hằng năm', true)`);
      await tx.execute(sql`insert into tm_leave_applications
        (tenant_id, id, worker_id, leave_type_id, from_date, to_date, days, reason, approval_status, created_by)
        values (${hr.tenantId}, ${applicationId}, ${ids.lan}, ${typeId}, ${today}, ${today}, 1,
                'Việc gia đình', 'WAIT_APPROVE', ${hr.userId})`);
      const requestId = crypto.randomUUID();
      await tx.execute(sql`insert into approval_requests
        (tenant_id, id, record_type, record_id, template_name, requested_by, requested_at, state, current_position)
        values (${hr.tenantId}, ${requestId}, ${recordType}, ${applicationId}, 'Một bước', ${hr.userId}, now(), 'OPEN', 1)`);
      await tx.execute(sql`insert into approval_steps
        (tenant_id, request_id, position, record_type, record_id, name, assignment_type, assignee_user_id, sla_time, started_at)
        values (${hr.tenantId}, ${requestId}, 1, ${recordType}, ${applicationId}, 'Duyệt', 'USER', ${hr.userId}, 3600000, now())`);
    });
    const leave = {
      recordType,
      route: '/tm/application-leave',
      title: leaveApplicationResource.contract?.title.vi,
      count: 1,
    };
    const data = await dashboard(hr.token);
    expect(data.awaitingMe).toContainEqual(leave);
    expect(data.myRequests).toContainEqual(leave);
    // the contract of the test before is still counted beside it
    expect(data.awaitingMe.map((kind) => kind.route).sort()).toEqual([
      '/om/contract',
      '/tm/application-leave',
    ]);
    const listed = await kit.http.get<{ data: { id: string }[] }>(
      '/api/tm/leave-applications?approvalStatus=WAIT_MY_APPROVE',
      hr.token,
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data.map((row) => row.id)).toEqual([applicationId]);
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
    // without resignation.view: no leavers' number at all, rather than a 0
    expect(later.leavers).toBeNull();
  });

  it('looks as far ahead as the tenant’s contract expiry notices', async () => {
    const setNoticeDays = (days: number | null) =>
      inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, (tx) =>
        days === null
          ? tx.execute(sql`delete from tenant_configurations where tenant_id = ${hr.tenantId}`)
          : tx.execute(sql`insert into tenant_configurations (tenant_id, settings)
              values (${hr.tenantId}, ${JSON.stringify({ contractExpiryNoticeDays: days })}::jsonb)`),
      );
    await setNoticeDays(45);
    try {
      const data = await dashboard(hr.token);
      expect(data.horizonDays).toBe(45);
      expect(data.horizon).toBe(plus(today, 45));
      // HD-3, 31 days away, is now within the window, as on the notices' list
      expect(data.contracts?.expiring).toBe(3);
      const expiring = await kit.http.get<{ data: unknown[] }>('/api/om/contracts/expiring', hr.token);
      expect(expiring.body.data).toHaveLength(3);
    } finally {
      await setNoticeDays(null);
    }
  });

  it('shows only what the caller may read: an employee gets their own requests, nothing of HR', async () => {
    const deps = { db: kit.server.db.orm, passwords: kit.server.passwords };
    const { user } = await makeUser(deps, { tenantId: hr.tenantId, permissions: [] });
    const data = await dashboard(await accessTokenFor(kit.server.db.orm, user));
    expect(data.contracts).toBeNull();
    expect(data.workforce).toBeNull();
    expect(data.leavers).toBeNull();
    expect(data.statistics).toBeNull();
    expect(data.awaitingMe).toEqual([]);
    expect(data.myRequests).toEqual([]);
  });

  it('counts within the data scope: a SELF user with the employee list counts only himself', async () => {
    const deps = { db: kit.server.db.orm, passwords: kit.server.passwords };
    const { user } = await makeUser(deps, {
      tenantId: hr.tenantId,
      permissions: ['worker.view', 'contract.view', 'resignation.view'],
      dataScope: 'SELF',
    });
    const data = await dashboard(await accessTokenFor(kit.server.db.orm, user));
    expect(data.workforce?.headCount).toBe(0);
    expect(data.statistics?.headCount).toBe(0);
    expect(data.statistics?.headCounts.organization).toEqual([]);
    expect(data.workforce?.birthdays.total).toBe(0);
    expect(data.contracts?.expiring).toBe(0);
    expect(data.leavers).toBe(0);
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
    const tenantsOnly = await kit.http.get<{ params?: unknown }>(TENANT_DASHBOARD_PATH, system.token);
    expect(tenantsOnly.status).toBe(403);
    expect(tenantsOnly.body.params).toEqual({ reason: 'tenantOnly' });
    expect((await kit.http.get(SYSTEM_DASHBOARD_PATH, hr.token)).status).toBe(403);
  });
});
