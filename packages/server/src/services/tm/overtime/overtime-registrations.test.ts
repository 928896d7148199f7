import type { ErrorEnvelope } from '@hcm/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBatch } from '../../../bulk/index.ts';
import type { Tx } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import {
  download,
  readSheet,
  startResourceTestKit,
  type Caller,
  type ResourceTestKit,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeUser } from '../../../testing/factories.ts';
import { rows } from '../../../testing/migrated-database.ts';
import labourSeed from '../../../../seed-data/tm/labour-rules.json' with { type: 'json' };
import { workflowTemplateResource } from '../../system/workflow-templates/resources.ts';
import { labourRuleResource } from '../calendar/resources.ts';
import { requestDocumentsUse } from '../requests/effects.ts';
import { punchStore } from '../tables/punches.ts';
import { recomputeThrough } from '../timesheet/engine-queue.ts';
import { punchAt } from '../timesheet/factories.ts';
import { requestRecomputationForPunches } from '../timesheet/recompute-keys.ts';
import { drainDayRecomputation } from '../timesheet/recompute-job.ts';
import { overtimeRegistrationDocuments } from './document-source.ts';
import { overtimeDaysFrom } from './registered-day.ts';
import { overtimeRegistrationResource } from './resource.ts';
import { lockedMonthsIn, officeWeekInputs } from '../requests/office-week-inputs.ts';

const API = '/api/tm/overtime-registrations';
type Saved = {
  data: {
    id: string;
    version: number;
    approvalStatus: string;
    approvedAt: string | null;
    hours: string;
    dayType: string;
  };
};
type Refusal = ErrorEnvelope & {
  errors?: { field: string; code: string; message: string; params?: Record<string, number> }[];
  params?: { reason?: string };
};

/*
 * Overtime registrations against PostgreSQL (docs/overtime-registrations.md). The clock stands at
 * Tuesday 20 January 2026, 10:00 in Vietnam. The engine's inputs (and the checks' shifts and day
 * types) are the office shift 08:00–17:00 with an hour's lunch (8 normal hours: a day's cap of
 * 4 h) on weekdays, weekends rest days; the tenant's seeded labour rule gives the caps (40 h a
 * month, 200 h a year). The tests drain the engine's keys themselves (a stub queue).
 */
describe.each(await testEngines())('overtime registrations on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let approver = '';
  let approverId = '';
  let template = '';
  let unit = '';
  const lockedMonths = new Set<string>();
  const stubQueue = { enqueue: async () => [] } as never;
  const MONDAY = '2026-01-12';

  const locks = lockedMonthsIn(lockedMonths);
  const inputs = officeWeekInputs(overtimeRegistrationDocuments, locks);

  const post = <T = Saved>(token: string, path: string, body?: unknown) =>
    kit.http.post<T>(path, body, token);
  const inTenant = <T>(work: (tx: Tx) => Promise<T>) =>
    inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, work);
  const drain = () => drainDayRecomputation(kit.server.db.orm, hr.tenantId, inputs);
  const count = async (workerId: string) =>
    (
      await rows<{ n: number }>(
        kit.server.db.orm,
        sql`select count(*)::int as n from tm_overtime_registrations where worker_id = ${workerId}`,
      )
    )[0]?.n;
  const dayRecord = async (workerId: string, day: string) =>
    (
      await rows<{ record: Record<string, unknown> }>(
        kit.server.db.orm,
        sql`select to_jsonb(d) - 'computed_at' as record from tm_day_records d
             where tenant_id = ${hr.tenantId} and worker_id = ${workerId} and work_date = ${day}`,
      )
    )[0]?.record;
  const addWorker = (code: string, name: string) =>
    inTenant(
      async (tx) =>
        (
          await rows<{ id: string }>(
            tx,
            sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
                values (${hr.tenantId}, ${code}, ${name}, 'FEMALE', ${unit}) returning id`,
          )
        )[0]?.id ?? '',
    );
  /** Registrations written straight into the table (past the caps' checks): hours already used. */
  const alreadyRegistered = (workerId: string, entries: [string, string, string][]) =>
    inTenant(async (tx) => {
      for (const [day, from, to] of entries)
        await tx.execute(sql`insert into tm_overtime_registrations
          (tenant_id, worker_id, work_date, from_time, to_time, reason, approval_status)
          values (${hr.tenantId}, ${workerId}, ${day}, ${from}, ${to}, 'Đơn hàng gấp', 'APPROVED')`);
    });
  // each worker's own PIN: the punch store keeps one punch a (device, PIN, instant)
  const pins = new Map<string, string>();
  const punch = (workerId: string, locals: string[]) =>
    inTenant(async (tx) => {
      const pin = pins.get(workerId) ?? String(pins.size + 1);
      pins.set(workerId, pin);
      const batch = locals.map((local) => ({
        punchedAt: new Date(punchAt(local).at),
        deviceCode: 'MCC-01',
        attendanceCode: pin,
        workerId,
        source: 'DEVICE' as const,
      }));
      await writeBatch(tx, punchStore, batch, {
        actor: { scope: { tenantId: hr.tenantId, userId: null }, ip: null, userAgent: 'test' },
      });
      await requestRecomputationForPunches(tx, stubQueue, hr.tenantId, batch);
    });
  const filed = (workerId: string, overrides: Record<string, unknown> = {}) => ({
    workerId,
    workDate: MONDAY,
    fromTime: '17:00',
    toTime: '20:00',
    reason: 'Hoàn thành đơn hàng gấp',
    ...overrides,
  });
  const create = async (body: Record<string, unknown>) => {
    const res = await post(hr.token, API, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const refused = async (body: Record<string, unknown>) => {
    const res = await post<Refusal>(hr.token, API, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    return (res.body as Refusal).errors ?? [];
  };
  const requestApproval = async (id: string) => {
    const res = await post(hr.token, `${API}/${id}/request-approval`, {
      workflowTemplateId: template,
      steps: [{ workFlowStepTemplateId: `${template}#1`, assigneeUserId: approverId }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const approve = (id: string) => post<Saved | Refusal>(approver, `${API}/${id}/approve`, { note: 'Đồng ý' });

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    recomputeThrough(stubQueue);
    requestDocumentsUse({ clock: () => new Date('2026-01-20T03:00:00Z'), locks });
    overtimeDaysFrom(inputs);
    hr = await kit.caller(
      [overtimeRegistrationResource, workflowTemplateResource, labourRuleResource],
      ['action_log.view', 'overtime_registration.request-approval', 'overtime_registration.cancel-approval'],
    );
    const made = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      {
        tenantId: hr.tenantId,
        fullName: 'Trần Quản Đốc',
        permissions: [
          'overtime_registration.view',
          'overtime_registration.approve',
          'overtime_registration.reject',
        ],
      },
    );
    approverId = made.user.id;
    approver = await accessTokenFor(kit.server.db.orm, made.user);
    const saved = await post<{ data: { id: string } }>(hr.token, '/api/system/workflow-templates', {
      code: 'QT_LTG',
      name: 'Duyệt đăng ký làm thêm giờ',
      workflowTemplateTypes: ['OVERTIME'],
      steps: [
        {
          name: 'Quản đốc duyệt',
          assignmentType: 'USER',
          assignmentId: approverId,
          slaAmount: 1,
          slaUnit: 'HOURS',
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    template = saved.body.data.id;
    // the product's seeded labour rule (Labour Code 2019, Decree 145), written through its API
    const rule = await post(hr.token, '/api/tm/labour-rules', labourSeed[0]);
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    expect(rule.body.data).toMatchObject({ overtimeMonthHours: '40.00', listedSector: false });
    unit = await inTenant(
      async (tx) =>
        (
          await rows<{ id: string }>(
            tx,
            sql`insert into organization_units (tenant_id, code, name) values (${hr.tenantId}, 'XM', 'Xưởng may') returning id`,
          )
        )[0]?.id ?? '',
    );
  });
  afterAll(async () => {
    await kit?.stop();
  });

  it('refuses bad input in the error envelope, and writes nothing', async () => {
    const worker = await addWorker('NV101', 'Phạm Văn Sai');
    const cases: [string, Record<string, unknown>, string][] = [
      ['the same time twice', { fromTime: '18:00', toTime: '18:00' }, 'toTime'],
      ['a time that is no time of day', { toTime: '24:30' }, 'toTime'],
      ['inside the shift (08:00–17:00)', { fromTime: '16:00', toTime: '18:00' }, 'fromTime'],
      ['no reason', { reason: '' }, 'reason'],
      ['no worker', { workerId: null }, 'workerId'],
    ];
    for (const [what, overrides, field] of cases) {
      const errors = await refused(filed(worker, overrides));
      expect(
        errors.some((e) => e.field === field),
        `${what}: ${JSON.stringify(errors)}`,
      ).toBe(true);
    }
    expect(await count(worker)).toBe(0);
  });

  it('derives the hours and the day type; an end before the start is the next morning', async () => {
    const worker = await addWorker('NV102', 'Đỗ Thị Đêm');
    const weekday = await create(filed(worker, { fromTime: '17:30', toTime: '19:15' }));
    expect(weekday).toMatchObject({ hours: '1.75', dayType: 'WEEKDAY' });
    // Saturday 17 January: a rest day without a shift, 22:00 to 02:00 on Sunday morning
    const night = await create(filed(worker, { workDate: '2026-01-17', fromTime: '22:00', toTime: '02:00' }));
    expect(night).toMatchObject({ hours: '4.00', dayType: 'REST_DAY' });
  });

  it('the day cap: exactly 50 % of the shift’s 8 hours is accepted, a minute more refused naming it', async () => {
    const worker = await addWorker('NV103', 'Lê Thị Ngày');
    await create(filed(worker, { fromTime: '17:00', toTime: '19:00' }));
    await create(filed(worker, { fromTime: '19:00', toTime: '21:00' }));
    const [error] = await refused(filed(worker, { fromTime: '21:00', toTime: '21:01' }));
    expect(error).toMatchObject({
      field: 'toTime',
      code: 'error.overtimeDayCap',
      params: { limit: 4, used: 4, asked: 0.02 },
    });
    expect(error?.message).toContain('exceeds the daily cap of 4 h: 4 h already registered that day');
    expect(await count(worker)).toBe(2);
    // a rest day without a shift: the day's total alone, 12 h
    await create(filed(worker, { workDate: '2026-01-18', fromTime: '07:00', toTime: '19:00' }));
    const [rest] = await refused(
      filed(worker, { workDate: '2026-01-18', fromTime: '19:00', toTime: '19:01' }),
    );
    expect(rest).toMatchObject({ code: 'error.overtimeDayCap', params: { limit: 12, used: 12 } });
  });

  it('the month cap: exactly 40 h accepted, a minute more refused with the hours already used', async () => {
    const worker = await addWorker('NV104', 'Vũ Thị Tháng');
    // February 2026: nine weekday evenings of 4 h (36 h), then 4 h more is exactly 40
    const evenings = ['02', '03', '04', '05', '06', '09', '10', '11', '12'].map(
      (d) => [`2026-02-${d}`, '17:00', '21:00'] as [string, string, string],
    );
    await alreadyRegistered(worker, evenings);
    await create(filed(worker, { workDate: '2026-02-13', fromTime: '17:00', toTime: '21:00' }));
    const [error] = await refused(
      filed(worker, { workDate: '2026-02-16', fromTime: '17:00', toTime: '17:01' }),
    );
    expect(error).toMatchObject({
      field: 'toTime',
      code: 'error.overtimeMonthCap',
      params: { limit: 40, used: 40 },
    });
    expect(error?.message).toContain('exceeds the monthly cap of 40 h: 40 h already registered this month');
    // March is another month
    await create(filed(worker, { workDate: '2026-03-02', fromTime: '17:00', toTime: '17:01' }));
  });

  it('the year cap: exactly 200 h accepted, a minute more refused; 300 h in a listed sector', async () => {
    const worker = await addWorker('NV105', 'Hoàng Thị Năm');
    // 199 h from March to July 2026 (none past a month's 40 h), then 1 h in December is exactly 200
    const used: [string, string, string][] = [];
    for (const month of ['03', '04', '05', '06'])
      for (const d of ['02', '03', '04', '05']) used.push([`2026-${month}-${d}`, '08:00', '18:00']); // 10 h each: 40 h a month
    used.push(
      ['2026-07-01', '08:00', '18:00'],
      ['2026-07-02', '08:00', '18:00'],
      ['2026-07-03', '08:00', '18:00'],
      ['2026-07-06', '08:00', '17:00'],
    );
    await alreadyRegistered(worker, used);
    await create(filed(worker, { workDate: '2026-12-01', fromTime: '17:00', toTime: '18:00' }));
    const [error] = await refused(
      filed(worker, { workDate: '2026-12-02', fromTime: '17:00', toTime: '17:01' }),
    );
    expect(error).toMatchObject({
      code: 'error.overtimeYearCap',
      params: { limit: 200, used: 200 },
    });
    expect(error?.message).toContain('exceeds the yearly cap of 200 h: 200 h already registered this year');
    // the tenant says it is in a listed sector: 300 h a year
    await inTenant((tx) => tx.execute(sql`update labour_rules set listed_sector = true`));
    try {
      await create(filed(worker, { workDate: '2026-12-02', fromTime: '17:00', toTime: '17:01' }));
    } finally {
      await inTenant((tx) => tx.execute(sql`update labour_rules set listed_sector = false`));
    }
  });

  it.runIf(engine === 'postgresql')(
    'two registrations of one worker written at once cannot both pass a cap',
    async () => {
      const worker = await addWorker('NV106', 'Bùi Thị Cùng');
      // The worker's row is held FOR UPDATE meanwhile: an insert's foreign key check waits for it,
      // so each write stops after reading the minutes used and before its row exists. Without the
      // worker's lock both would read 0 h there and both pass the day's 4 h; with it the second
      // waits for the first to commit and reads its 3 h.
      const waiting = async () =>
        (
          await rows<{ n: number }>(
            kit.server.db.orm,
            sql`select count(*)::int as n from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock'`,
          )
        )[0]?.n ?? 0;
      const results = await kit.server.db.orm.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.tenant_id', ${hr.tenantId}, true)`);
        await tx.execute(sql`select id from workers where id = ${worker} for update`);
        const both = Promise.all([
          post<Saved | Refusal>(hr.token, API, filed(worker, { fromTime: '17:00', toTime: '20:00' })),
          post<Saved | Refusal>(hr.token, API, filed(worker, { fromTime: '20:00', toTime: '23:00' })),
        ]);
        await expect.poll(waiting, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
        // wrapped: a promise returned as such would be awaited before the commit they wait for
        return { both };
      });
      const [a, b] = await results.both;
      expect([a.status, b.status].sort(), JSON.stringify([a.body, b.body])).toEqual([200, 400]);
      expect(await count(worker)).toBe(1);
    },
  );

  it('approved: paid overtime is the registration bounded by the punches; canceled, the day is exactly as before', async () => {
    const worker = await addWorker('NV107', 'Nguyễn Thị May');
    // in at 07:58, out at 19:00: registered 17:00–20:00, so 2 h of it were worked
    await punch(worker, [`${MONDAY} 07:58`, `${MONDAY} 19:00`]);
    await drain();
    const original = await dayRecord(worker, MONDAY);
    expect(original).toMatchObject({ outcome: 'WORKED', overtime_minutes: 0 });

    const registration = await create(filed(worker));
    const listed = await kit.http.get<{ data: { id: string; name: string }[] }>(
      `${API}?pageSize=50`,
      hr.token,
    );
    expect(listed.body.data.find((r) => r.id === registration.id)?.name).toBe(
      'Nguyễn Thị May – 12/01/2026 17:00–20:00',
    );
    await requestApproval(registration.id);
    expect(await drain()).toMatchObject({ computed: 0 }); // waiting for approval changes nothing
    const approved = await approve(registration.id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((approved.body as Saved).data.approvalStatus).toBe('APPROVED');
    expect(await drain()).toMatchObject({ computed: 1 });
    expect(await dayRecord(worker, MONDAY)).toMatchObject({
      outcome: 'WORKED',
      overtime_minutes: 120,
      ot_weekday_day_minutes: 120,
      overtime_paid_minutes: 180, // 150 %
      worked_minutes: 480,
    });

    const canceled = await post(hr.token, `${API}/${registration.id}/cancel-approved`, {
      reason: 'Đơn hàng lùi sang tuần sau',
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body.data).toMatchObject({ approvalStatus: 'CANCELED', approvedAt: null });
    expect(await drain()).toMatchObject({ computed: 1 });
    expect(await dayRecord(worker, MONDAY)).toEqual(original);
    // canceled, its hours no longer count: the same evening can be registered again
    await create(filed(worker, { fromTime: '17:00', toTime: '21:00' }));
  });

  it('the report: overtime registered vs worked by unit and month, and as a workbook', async () => {
    const team = await inTenant(
      async (tx) =>
        (
          await rows<{ id: string }>(
            tx,
            sql`insert into organization_units (tenant_id, code, name) values (${hr.tenantId}, 'TO', 'Tổ hoàn thiện') returning id`,
          )
        )[0]?.id ?? '',
    );
    const worker = await inTenant(
      async (tx) =>
        (
          await rows<{ id: string }>(
            tx,
            sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
                values (${hr.tenantId}, 'NV109', 'Lý Thị Báo', 'FEMALE', ${team}) returning id`,
          )
        )[0]?.id ?? '',
    );
    // January: registered 17:00–20:00, out at 19:00; February: 2 h registered, not yet worked
    await punch(worker, [`${MONDAY} 07:58`, `${MONDAY} 19:00`]);
    const registration = await create(filed(worker));
    await requestApproval(registration.id);
    expect((await approve(registration.id)).status).toBe(200);
    await alreadyRegistered(worker, [['2026-02-02', '17:00', '19:00']]);
    await drain();

    const query = `from=2026-01-01&to=2026-02-28&organizationUnitId=${team}`;
    const report = await kit.http.get<{ data: Record<string, unknown> }>(
      `/api/tm/reports/overtime?${query}`,
      hr.token,
    );
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.data).toEqual({
      from: '2026-01-01',
      to: '2026-02-28',
      rows: [
        {
          organizationUnitId: team,
          code: 'TO',
          name: 'Tổ hoàn thiện',
          month: '2026-01',
          registeredMinutes: 180,
          workedMinutes: 120,
          paidMinutes: 180,
          workers: 1,
        },
        {
          organizationUnitId: team,
          code: 'TO',
          name: 'Tổ hoàn thiện',
          month: '2026-02',
          registeredMinutes: 120,
          workedMinutes: 0,
          paidMinutes: 0,
          workers: 1,
        },
      ],
      total: { registeredMinutes: 300, workedMinutes: 120, paidMinutes: 180, workers: 1 },
    });
    const file = await download(`${kit.server.url}/api/tm/reports/overtime/export?${query}`, hr.token);
    expect(file.status).toBe(200);
    const sheet = await readSheet(file.bytes);
    expect(sheet[0]?.slice(0, 3)).toEqual(['Đơn vị', 'Tháng', 'Giờ đăng ký đã duyệt']);
    expect(sheet.at(-1)).toEqual(['Tổng cộng', '', 5, 2, 3, 1]);
    const long = await kit.http.get<Refusal>(
      '/api/tm/reports/overtime?from=2025-01-01&to=2026-02-28',
      hr.token,
    );
    expect(long.status).toBe(400);
    expect((long.body as Refusal).errors?.[0]).toMatchObject({ field: 'to', code: 'error.max' });
  });

  it('in a locked month, approval is refused in words (409 monthLocked) and the day is untouched', async () => {
    const worker = await addWorker('NV108', 'Trịnh Thị Khoá');
    await punch(worker, ['2026-01-13 07:58', '2026-01-13 19:00']);
    await drain();
    const original = await dayRecord(worker, '2026-01-13');
    const registration = await create(filed(worker, { workDate: '2026-01-13' }));
    await requestApproval(registration.id);
    lockedMonths.add('2026-01');
    try {
      const refusal = await approve(registration.id);
      expect(refusal.status).toBe(409);
      expect((refusal.body as Refusal).params).toMatchObject({ reason: 'monthLocked', month: '2026-01' });
      const still = await kit.http.get<Saved>(`${API}/${registration.id}`, hr.token);
      expect(still.body.data.approvalStatus).toBe('WAIT_APPROVE');
      expect(await drain()).toMatchObject({ computed: 0 });
      expect(await dayRecord(worker, '2026-01-13')).toEqual(original);
    } finally {
      lockedMonths.delete('2026-01');
    }
  });
});
