import { TENANT_DASHBOARD_PATH, type TenantDashboard } from '@hcm/contracts/dashboard';
import {
  WORKER_STATISTICS_PATH,
  WORKER_STATISTICS_SUMMARY_PATH,
  type HeadCountRow,
} from '@hcm/contracts/worker-statistics';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../db/tenant-scope.ts';
import { ADMIN_URL, postgresAvailable } from '../../../testing/engines.ts';
import {
  accessTokenFor,
  createContract,
  createWorker,
  makeTenant,
  makeUser,
} from '../../../testing/factories.ts';
import { httpClient, type HttpClient } from '../../../testing/http-client.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';
import { statementsDuring } from '../../../testing/statements-during.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { waitForState } from '../../../testing/wait-for-state.ts';
import { recordTypeOf } from '../../../resources/approval/approval-spec.ts';
import { laborContractResource } from '../labor-contracts/resources.ts';
import { WORKFORCE_SIGNAL } from './workforce-cache.ts';

/** Whether a dashboard's statements counted the workforce again (the head counts' one statement). */
const counted = (statements: readonly string[]) => statements.some((text) => text.includes('grouping('));

const PERMISSIONS = [
  'worker.view',
  'worker.create',
  'worker.update',
  'organization_unit.view',
  'organization_unit.create',
  'position.view',
  'position.create',
  'contract.view',
  'contract.create',
  'contract_type.create',
  'resignation.view',
];

/**
 * Issue 29, part 4: the dashboard in one call, its tenant- and scope-wide figures kept by each
 * process (workforce-cache.ts) until a write to what they count is signalled (migrations/0054):
 * to the writing process at once, to the others by NOTIFY, for the writing tenant only.
 */
describe.skipIf(!(await postgresAvailable()))('the dashboard from kept figures on PostgreSQL', () => {
  const suite = serveDuringSuite('postgresql');
  /** a second API process on the same database */
  let other: TestServer;
  let there: HttpClient;
  const people = async (tenantId: string) => {
    const deps = { db: suite.server.db.orm, passwords: suite.server.passwords };
    const hr = await makeUser(deps, { tenantId, permissions: PERMISSIONS });
    return { ...hr.user, token: await accessTokenFor(suite.server.db.orm, hr.user) };
  };
  let tenantA: string;
  let tenantB: string;
  let hrA: { id: string; token: string };
  let hrB: { id: string; token: string };
  let unitA: string;
  let unitB: string;
  const post = async (path: string, body: Record<string, unknown>, token: string, via = suite.http) => {
    const res = await via.post<{ data: { id: string } }>(path, body, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };
  const dashboard = async (token: string, via = suite.http) => {
    const res = await via.get<{ data: TenantDashboard }>(TENANT_DASHBOARD_PATH, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  /** the dashboard, and whether answering it counted the workforce again */
  const read = async (token: string, via = suite.http) => {
    let data: TenantDashboard | undefined;
    const statements = await statementsDuring(async () => {
      data = await dashboard(token, via);
    });
    if (!data) throw new Error('no dashboard');
    return { data, counted: counted(statements) };
  };
  let code = 0;
  const hire = (token: string, organizationUnitId: string, via = suite.http) =>
    createWorker(
      { http: via, token },
      { code: `NV${String(++code).padStart(4, '0')}`, organizationUnitId, joinedDate: '2020-01-15' },
    );

  beforeAll(async () => {
    other = await startTestServer(suite.database.env);
    there = httpClient(other.url);
    tenantA = (await makeTenant(suite.server.db.orm)).id;
    tenantB = (await makeTenant(suite.server.db.orm)).id;
    hrA = await people(tenantA);
    hrB = await people(tenantB);
    unitA = await post(
      '/api/om/organization-units',
      { code: 'PHONG_A', name: 'Phòng A', typeCode: 'PHONG' },
      hrA.token,
    );
    unitB = await post(
      '/api/om/organization-units',
      { code: 'PHONG_B', name: 'Phòng B', typeCode: 'PHONG' },
      hrB.token,
    );
    for (let i = 0; i < 3; i++) await hire(hrA.token, unitA);
    await hire(hrB.token, unitB);
  });
  afterAll(async () => {
    await other?.stop();
  });

  it('answers every card in one call, and the next caller of the same scope counts nothing again', async () => {
    const first = await read(hrA.token);
    expect(first.data.workforce?.headCount).toBe(3);
    const statistics = first.data.statistics;
    expect(statistics?.year).toBe(Number(first.data.today.slice(0, 4)));
    expect(statistics?.organizationUnitId).toBeNull();
    expect(statistics?.headCount).toBe(3);
    expect(statistics?.headCounts.organization).toEqual([{ key: unitA, name: 'Phòng A', count: 3 }]);
    expect(statistics?.headCounts.gender).toEqual([{ key: 'MALE', name: 'Nam', count: 3 }]);
    expect(statistics?.headCounts.contractType).toEqual([
      { key: null, name: 'Chưa có hợp đồng hiệu lực', count: 3 },
    ]);
    expect(statistics?.fluctuation).toHaveLength(12);
    // another HR user of the tenant, reaching the whole tenant too: the same figures, not counted
    const colleague = await people(tenantA);
    const again = await read(colleague.token);
    expect(again.counted).toBe(false);
    expect(again.data.workforce).toEqual(first.data.workforce);
    expect(again.data.statistics).toEqual(statistics);
    // the statistics' own call for the whole scope and this year reads the same kept figures
    const summary = await statementsDuring(async () => {
      const res = await suite.http.get<{ data: unknown }>(WORKER_STATISTICS_SUMMARY_PATH, hrA.token);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(statistics);
    });
    expect(counted(summary)).toBe(false);
    // and so does one dimension's call (every row: the answers trim the kept rows, never the kept)
    const oneCard = await statementsDuring(async () => {
      const res = await suite.http.get<{ data: HeadCountRow[] }>(
        `${WORKER_STATISTICS_PATH}/head-count?dimension=organization`,
        hrA.token,
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(statistics?.headCounts.organization);
    });
    expect(counted(oneCard)).toBe(false);
  });

  it('counts again after a write of the tenant, in this process before the write returns', async () => {
    await read(hrA.token);
    expect((await read(hrA.token)).counted).toBe(false);
    await hire(hrA.token, unitA);
    const after = await read(hrA.token);
    expect(after.counted).toBe(true);
    expect(after.data.workforce?.headCount).toBe(4);
    expect(after.data.statistics?.headCounts.organization[0]?.count).toBe(4);
  });

  it('counts again after a write in another process, once its notification arrives', async () => {
    const before = (await read(hrA.token, there)).data.workforce?.headCount ?? 0;
    expect((await read(hrA.token, there)).counted).toBe(false);
    // written through the first process; the second learns of it by NOTIFY
    await hire(hrA.token, unitA);
    const headCount = await waitForState(
      async () => (await dashboard(hrA.token, there)).workforce?.headCount,
      (seen) => seen !== before,
    );
    expect(headCount).toBe(before + 1);
  });

  it("keeps another tenant's figures through a tenant's write", async () => {
    await read(hrB.token, there);
    expect((await read(hrB.token, there)).counted).toBe(false);
    const before = (await read(hrA.token, there)).data.workforce?.headCount ?? 0;
    await hire(hrA.token, unitA);
    // once the second process has heard of tenant A's write…
    await waitForState(
      async () => (await dashboard(hrA.token, there)).workforce?.headCount,
      (seen) => seen === before + 1,
    );
    // …tenant B's figures are still kept there, and here
    expect((await read(hrB.token, there)).counted).toBe(false);
    await read(hrB.token);
    expect((await read(hrB.token)).counted).toBe(false);
    // a statement with no tenant (the owner's: a script, seeding) flushes every tenant
    await suite.server.db.orm.execute(sql`update workers set gender = gender where false`);
    expect((await read(hrB.token)).counted).toBe(true);
  });

  it('never shares what is the caller’s own: what awaits them and their requests', async () => {
    const colleague = await people(tenantA);
    // a contract in approval, requested by HR A and awaiting the colleague, as the approval
    // engine leaves it
    const recordType = recordTypeOf(laborContractResource.declaration);
    const contractTypeId = await post(
      '/api/om/contract-types',
      { code: 'XD_12T', name: 'Xác định 12 tháng', salaryRate: '100' },
      hrA.token,
    );
    const recordId = await createContract(
      { http: suite.http, token: hrA.token },
      { number: 'HD-1', workerId: await hire(hrA.token, unitA), contractTypeId, from: '2024-01-01' },
    );
    await inScope(suite.server.db.orm, { tenantId: tenantA, userId: null }, async (tx) => {
      const requestId = crypto.randomUUID();
      await tx.execute(
        sql`update labor_contracts set approval_status = 'WAIT_APPROVE' where id = ${recordId}`,
      );
      await tx.execute(sql`insert into approval_requests
        (tenant_id, id, record_type, record_id, template_name, requested_by, requested_at, state, current_position)
        values (${tenantA}, ${requestId}, ${recordType}, ${recordId}, 'Một bước', ${hrA.id}, now(), 'OPEN', 1)`);
      await tx.execute(sql`insert into approval_steps
        (tenant_id, request_id, position, record_type, record_id, name, assignment_type, assignee_user_id, sla_time, started_at)
        values (${tenantA}, ${requestId}, 1, ${recordType}, ${recordId}, 'Duyệt', 'USER', ${colleague.id}, 3600000, now())`);
    });
    await read(hrA.token);
    const mine = await read(hrA.token);
    expect(mine.counted).toBe(false);
    expect(mine.data.myRequests.map((kind) => [kind.recordType, kind.count])).toEqual([[recordType, 1]]);
    expect(mine.data.awaitingMe).toEqual([]);
    // the colleague's own, counted for them while the tenant's figures come kept
    const theirs = await read(colleague.token);
    expect(theirs.counted).toBe(false);
    expect(theirs.data.myRequests).toEqual([]);
    expect(theirs.data.awaitingMe.map((kind) => [kind.recordType, kind.count])).toEqual([[recordType, 1]]);
    expect(theirs.data.workforce).toEqual(mine.data.workforce);
    const again = await read(hrA.token);
    expect(again.data.myRequests).toEqual(mine.data.myRequests);
    expect(again.data.awaitingMe).toEqual([]);
  });

  it('counts only the units a manager reaches, whatever HR has kept', async () => {
    const deps = { db: suite.server.db.orm, passwords: suite.server.passwords };
    const led = await post(
      '/api/om/organization-units',
      { code: 'PHONG_A2', name: 'Phòng A2', typeCode: 'PHONG' },
      hrA.token,
    );
    const head = await post(
      '/api/om/positions',
      { code: 'TP_A2', name: 'Trưởng phòng A2', directUnits: [led] },
      hrA.token,
    );
    const { user } = await makeUser(deps, {
      tenantId: tenantA,
      permissions: ['worker.view', 'contract.view', 'resignation.view'],
      dataScope: 'UNITS',
    });
    await post(
      '/api/om/workers',
      {
        code: 'QL0001',
        fullName: 'Phạm Quản Lý',
        gender: 'FEMALE',
        organizationUnitId: led,
        jobPositionId: head,
        userId: user.id,
        joinedDate: '2021-03-01',
      },
      hrA.token,
    );
    await hire(hrA.token, led);
    const whole = await read(hrA.token);
    expect(whole.data.workforce?.headCount).toBeGreaterThan(2);
    const manager = await accessTokenFor(suite.server.db.orm, user);
    const his = await read(manager);
    expect(his.data.workforce?.headCount).toBe(2);
    expect(his.data.statistics?.headCounts.organization).toEqual([{ key: led, name: 'Phòng A2', count: 2 }]);
    expect(his.data.statistics?.headCounts.gender.map((row) => [row.key, row.count])).toEqual([
      ['MALE', 1],
      ['FEMALE', 1],
    ]);
    // his figures kept for his reach, HR's for the whole tenant
    expect((await read(manager)).counted).toBe(false);
    expect((await read(hrA.token)).data.workforce).toEqual(whole.data.workforce);
  });

  it('serves nothing it keeps while it cannot hear the signal', async () => {
    const name = new URL(suite.database.env.DATABASE_URL ?? '').pathname.slice(1);
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    try {
      await read(hrA.token);
      expect((await read(hrA.token)).counted).toBe(false);
      // the listening connections lost, and none can come back meanwhile
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query = $2`,
        [name, `LISTEN "${WORKFORCE_SIGNAL}"`],
      );
      await waitForState(
        async () => (await read(hrA.token)).counted,
        (countedAgain) => countedAgain,
      );
      expect((await read(hrA.token)).counted).toBe(true);
      expect((await read(hrA.token)).counted).toBe(true);
      // listening again: kept again
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
      await waitForState(
        async () => {
          await read(hrA.token);
          return (await read(hrA.token)).counted;
        },
        (countedAgain) => !countedAgain,
      );
    } finally {
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.end();
    }
  });
});

/** The embedded default: one process, the NOTIFY heard while the writing transaction commits. */
describe('the dashboard from kept figures on PGlite', () => {
  const suite = serveDuringSuite('pglite');

  it('counts again after a write of the tenant, and keeps the other tenants’ figures', async () => {
    const deps = { db: suite.server.db.orm, passwords: suite.server.passwords };
    const signedIn = async () => {
      const tenantId = (await makeTenant(suite.server.db.orm)).id;
      const { user } = await makeUser(deps, { tenantId, permissions: PERMISSIONS });
      const token = await accessTokenFor(suite.server.db.orm, user);
      const unit = await suite.http.post<{ data: { id: string } }>(
        '/api/om/organization-units',
        { code: 'PHONG_A', name: 'Phòng A', typeCode: 'PHONG' },
        token,
      );
      return { token, unitId: unit.body.data.id };
    };
    const headCount = async (token: string) =>
      (await suite.http.get<{ data: TenantDashboard }>(TENANT_DASHBOARD_PATH, token)).body.data.workforce
        ?.headCount;
    const a = await signedIn();
    const b = await signedIn();
    expect(await headCount(a.token)).toBe(0);
    expect(await headCount(b.token)).toBe(0);
    await createWorker(
      { http: suite.http, token: a.token },
      { code: 'NV0001', organizationUnitId: a.unitId, joinedDate: '2020-01-15' },
    );
    expect(await headCount(a.token)).toBe(1);
    expect(await headCount(b.token)).toBe(0);
  });
});
