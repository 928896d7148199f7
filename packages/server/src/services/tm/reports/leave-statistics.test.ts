import type { ErrorEnvelope } from '@hcm/contracts';
import type { LeaveStatistics } from '@hcm/contracts/leave-statistics';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { download, readSheet } from '../../../resources/testing/kit.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser } from '../../../testing/factories.ts';
import { httpClient, type HttpClient } from '../../../testing/http-client.ts';
import { rows } from '../../../testing/migrated-database.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { requestDocumentsUse } from '../requests/effects.ts';
import { noDocuments, noLocks } from '../timesheet/inputs.ts';
import { officeWeekInputs } from '../requests/office-week-inputs.ts';

const PATH = '/api/tm/reports/leave-statistics';
type Refusal = ErrorEnvelope & { errors?: { field: string; code: string }[] };

/*
 * Leave statistics against a real database (docs/timekeeping-reports.md "Leave statistics").
 * Everyone works the office shift (08:00–17:00, lunch 12–13, one day) Monday to Friday: the
 * engine's inputs are stubbed as the leave applications' tests do. The company: Nhà máy with
 * Xưởng may below it, and Văn phòng; three leave types (annual: the employer pays; sick: social
 * insurance; unpaid). 2 March 2026 is a Monday.
 */
describe.each(await testEngines())('leave statistics on $engine', ({ engine }) => {
  let database: TestDatabase;
  let server: TestServer;
  let http: HttpClient;
  let tenantId = '';
  let hr = '';
  let manager = '';
  let stranger = '';
  const unit = { factory: '', workshop: '', office: '' };
  const type = { annual: '', sick: '', unpaid: '' };

  const inputs = officeWeekInputs(noDocuments, noLocks);

  const report = async (query: string, token = hr) => {
    const res = await http.get<{ data: LeaveStatistics }>(`${PATH}?${query}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  /** a row as a user reads it: days, employer / insurance / unpaid, workers */
  const read = (row: LeaveStatistics['total']) => [
    row.days,
    row.employerDays,
    row.socialInsuranceDays,
    row.unpaidDays,
    row.workers,
  ];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    server = await startTestServer({ ...database.env, LOG_LEVEL: 'warn' });
    // after the server registered its own: the report counts crossing leave on these shifts
    requestDocumentsUse({ inputs });
    http = httpClient(server.url);
    const deps = { db: server.db.orm, passwords: server.passwords };
    tenantId = (await makeTenant(server.db.orm)).id;
    const user = async (permissions: string[], dataScope?: 'UNITS') =>
      (await makeUser(deps, { tenantId, permissions, ...(dataScope ? { dataScope } : {}) })).user;
    hr = await accessTokenFor(server.db.orm, await user(['timesheet.view', 'timesheet.export']));
    const boss = await user(['timekeeping.view'], 'UNITS');
    manager = await accessTokenFor(server.db.orm, boss);
    stranger = await accessTokenFor(server.db.orm, await user(['worker.view']));
    await inScope(server.db.orm, { tenantId, userId: null }, async (tx: Tx) => {
      const one = async (query: ReturnType<typeof sql>) =>
        (await rows<{ id: string }>(tx, query))[0]?.id ?? '';
      const addUnit = (code: string, name: string, parent: string | null) =>
        one(sql`insert into organization_units (tenant_id, code, name, parent_id)
                values (${tenantId}, ${code}, ${name}, ${parent}) returning id`);
      unit.factory = await addUnit('NM', 'Nhà máy', null);
      unit.workshop = await addUnit('XM', 'Xưởng may', unit.factory);
      unit.office = await addUnit('VP', 'Văn phòng', null);
      // the manager heads the workshop: he reaches its workers only
      const position = await one(
        sql`insert into positions (tenant_id, code, name) values (${tenantId}, 'QD', 'Quản đốc') returning id`,
      );
      await tx.execute(sql`insert into position_direct_units (tenant_id, position_id, organization_unit_id, ordinal)
                           values (${tenantId}, ${position}, ${unit.workshop}, 0)`);
      const add = (code: string, name: string, unitId: string) =>
        one(sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
                values (${tenantId}, ${code}, ${name}, 'FEMALE', ${unitId}) returning id`);
      const chief = await add('NV000', 'Phạm Quản Đốc', unit.workshop);
      await tx.execute(
        sql`update workers set job_position_id = ${position}, user_id = ${boss.id} where id = ${chief}`,
      );
      const mai = await add('NV001', 'Nguyễn Thị Mai', unit.workshop);
      const hung = await add('NV002', 'Trần Văn Hùng', unit.factory);
      const lan = await add('NV003', 'Lê Thị Lan', unit.office);
      const tuan = await add('NV004', 'Đỗ Văn Tuấn', unit.factory);
      const addType = (code: string, name: string, paid: boolean, reason: string) =>
        one(sql`insert into leave_types (tenant_id, code, name, paid, timesheet_reason)
                values (${tenantId}, ${code}, ${name}, ${paid}, ${reason}) returning id`);
      type.annual = await addType('NP', 'Nghỉ phép năm', true, 'ANNUAL_LEAVE');
      type.sick = await addType('OM', 'Nghỉ ốm', false, 'SICK');
      type.unpaid = await addType('KL', 'Nghỉ không lương', false, 'UNPAID_LEAVE');
      const leave = (
        workerId: string,
        leaveTypeId: string,
        [fromDate, toDate]: [string, string],
        days: string,
        status: string,
        more: { startHalf?: string; endHalf?: string; times?: [string, string] } = {},
      ) =>
        tx.execute(sql`insert into tm_leave_applications (tenant_id, worker_id, leave_type_id, from_date, to_date,
                         portion, start_half, end_half, from_time, to_time, days, reason, approval_status)
                       values (${tenantId}, ${workerId}, ${leaveTypeId}, ${fromDate}, ${toDate},
                         ${more.times ? 'HOURS' : 'DAYS'}, ${more.startHalf ?? 'WHOLE'}, ${more.endHalf ?? 'WHOLE'},
                         ${more.times?.[0] ?? null}, ${more.times?.[1] ?? null}, ${days}, 'Việc riêng', ${status})`);
      // Mai: Thursday and Friday morning (1.5); a day still waiting for approval
      await leave(mai, type.annual, ['2026-03-05', '2026-03-06'], '1.500', 'APPROVED', {
        endHalf: 'FIRST_HALF',
      });
      await leave(mai, type.annual, ['2026-03-10', '2026-03-10'], '1.000', 'WAIT_APPROVE');
      // Hùng: sick from Thursday 26 February to Tuesday 3 March: 2 days in each month
      await leave(hung, type.sick, ['2026-02-26', '2026-03-03'], '4.000', 'APPROVED');
      // Lan: two hours unpaid (a quarter of the shift's 8 hours); a day canceled
      await leave(lan, type.unpaid, ['2026-03-12', '2026-03-12'], '0.250', 'APPROVED', {
        times: ['14:00', '16:00'],
      });
      await leave(lan, type.annual, ['2026-03-16', '2026-03-16'], '1.000', 'CANCELED');
      // Tuấn: from Monday 30 March's afternoon to Thursday 2 April (0.5 + 1 in March, 2 in April); a
      // rejected sick day
      await leave(tuan, type.annual, ['2026-03-30', '2026-04-02'], '3.500', 'APPROVED', {
        startHalf: 'SECOND_HALF',
      });
      await leave(tuan, type.sick, ['2026-03-20', '2026-03-20'], '1.000', 'REJECTED');
    });
  });
  afterAll(async () => {
    await server.stop();
    await database.dispose();
  });

  it('adds up a month by leave type: only approved leave, only its days inside the month', async () => {
    const march = await report('month=2026-03&groupBy=type');
    expect(march.types.map((t) => [t.code, t.payer])).toEqual([
      ['KL', 'UNPAID'],
      ['NP', 'EMPLOYER'],
      ['OM', 'SOCIAL_INSURANCE'],
    ]);
    expect(march.rows.map((row) => [row.name, ...read(row)])).toEqual([
      ['Nghỉ không lương', '0.250', '0.000', '0.000', '0.250', 1],
      // Mai 1.5, Tuấn's March half and whole day
      ['Nghỉ phép năm', '3.000', '3.000', '0.000', '0.000', 2],
      // Hùng's 2 and 3 March
      ['Nghỉ ốm', '2.000', '0.000', '2.000', '0.000', 1],
    ]);
    expect(read(march.total)).toEqual(['5.250', '3.000', '2.000', '0.250', 4]);
  });

  it('groups by unit (the worker’s own), each split by who pays', async () => {
    const march = await report(`from=2026-03-01&to=2026-03-31&groupBy=unit`);
    expect(march.rows.map((row) => [row.code, ...read(row)])).toEqual([
      ['NM', '3.500', '1.500', '2.000', '0.000', 2],
      ['VP', '0.250', '0.000', '0.000', '0.250', 1],
      ['XM', '1.500', '1.500', '0.000', '0.000', 1],
    ]);
    // the factory with the workshop below it
    const factory = await report(`month=2026-03&groupBy=unit&organizationUnitId=${unit.factory}`);
    expect(factory.rows.map((row) => row.code)).toEqual(['NM', 'XM']);
    expect(read(factory.total)).toEqual(['5.000', '3.000', '2.000', '0.000', 3]);
  });

  it('counts every month of the period, a leave over a month’s end in each of its months', async () => {
    const spring = await report('from=2026-02-01&to=2026-04-30');
    expect(spring.groupBy).toBe('month');
    expect(spring.rows.map((row) => [row.key, row.days, row.workers])).toEqual([
      ['2026-02', '2.000', 1],
      ['2026-03', '5.250', 4],
      ['2026-04', '2.000', 1],
    ]);
    const days = (row: LeaveStatistics['rows'][number] | undefined) =>
      Object.fromEntries((row?.byType ?? []).map((t) => [t.leaveTypeId, t.days]));
    expect(days(spring.rows[1])).toEqual({
      [type.unpaid]: '0.250',
      [type.annual]: '3.000',
      [type.sick]: '2.000',
    });
    expect(days(spring.rows[2])).toEqual({ [type.annual]: '2.000' });
    // each application's days once: 1.5 + 4 + 0.25 + 3.5
    expect(read(spring.total)).toEqual(['9.250', '5.000', '4.000', '0.250', 4]);
    // a month with no leave is a row of zeros
    const summer = await report('month=2026-07');
    expect(summer.rows).toEqual([
      expect.objectContaining({ key: '2026-07', days: '0.000', workers: 0, byType: [] }),
    ]);
  });

  it('counts for a manager only the workers he reaches', async () => {
    const mine = await report('month=2026-03&groupBy=type', manager);
    expect(mine.rows.map((row) => [row.code, row.days, row.workers])).toEqual([['NP', '1.500', 1]]);
    // a unit outside his reach holds nobody he sees, as in the other reports
    const office = await report(`month=2026-03&organizationUnitId=${unit.office}`, manager);
    expect(read(office.total)).toEqual(['0.000', '0.000', '0.000', '0.000', 0]);
  });

  it('exports a sheet per grouping, the one asked first, in the caller’s language', async () => {
    const file = await download(`${server.url}${PATH}/export?month=2026-03&groupBy=unit`, hr);
    expect(file.status).toBe(200);
    const byUnit = await readSheet(file.bytes);
    expect(byUnit[0]).toEqual([
      'Đơn vị',
      'Số ngày nghỉ',
      'Có lương (doanh nghiệp trả)',
      'Hưởng BHXH',
      'Không lương',
      'Nghỉ không lương',
      'Nghỉ phép năm',
      'Nghỉ ốm',
      'Số người nghỉ',
    ]);
    expect(byUnit[1]).toEqual(['Nhà máy', 3.5, 1.5, 2, 0, 0, 1.5, 2, 2]);
    expect(byUnit.at(-1)).toEqual(['Tổng cộng', 5.25, 3, 2, 0.25, 0.25, 3, 2, 4]);
    expect((await readSheet(file.bytes, 2))[1]?.slice(0, 2)).toEqual(['2026-03', 5.25]);
    expect((await readSheet(file.bytes, 3)).at(-1)?.slice(0, 2)).toEqual(['Tổng cộng', 5.25]);
    // the manager may read, not export
    expect((await download(`${server.url}${PATH}/export?month=2026-03`, manager)).status).toBe(403);
  });

  it('refuses bad parameters in the error envelope, and callers without the permission', async () => {
    const refused = async (query: string, field: string) => {
      const res = await http.get<Refusal>(`${PATH}?${query}`, hr);
      expect(res.status, query).toBe(400);
      expect(res.body.errors?.[0]?.field, query).toBe(field);
    };
    await refused('from=2026-02-30&to=2026-03-31', 'from');
    await refused('from=2026-03-31&to=2026-03-01', 'to');
    await refused('from=2026-01-01&to=2027-01-02', 'to');
    await refused('from=2026-03-01', 'to');
    await refused('month=2026-03&from=2026-03-01&to=2026-03-31', 'month');
    expect((await http.get<Refusal>(`${PATH}?groupBy=week`, hr)).status).toBe(400);
    expect((await http.get<Refusal>(`${PATH}?month=2026-03&workers=all`, hr)).status).toBe(400);
    const unknown = await http.get<Refusal>(
      `${PATH}?organizationUnitId=00000000-0000-4000-8000-000000000000`,
      hr,
    );
    expect(unknown.status).toBe(404);
    expect((await http.get<Refusal>(PATH, stranger)).status).toBe(403);
  });
});
