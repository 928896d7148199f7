import type { ErrorEnvelope } from '@hcm/contracts';
import { dayCell, type GeneralTimesheetPage } from '@hcm/contracts/general-timesheet';
import type { TimesheetHeldDays } from '@hcm/contracts/timesheets';
import { sql } from 'drizzle-orm';
import { allOf } from '../../../../../../scripts/testing/all-of.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBatch } from '../../../bulk/index.ts';
import type { Tx } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeUser } from '../../../testing/factories.ts';
import { rows } from '../../../testing/migrated-database.ts';
import { workflowTemplateResource } from '../../system/workflow-templates/resources.ts';
import { punchStore } from '../tables/punches.ts';
import { eachDay } from '../timesheet/dates.ts';
import { DECREE_145_RULES, officeShift, punchAt } from '../timesheet/factories.ts';
import { noDocuments, seededSettings, type TimesheetInputs } from '../timesheet/inputs.ts';
import { requestRecomputationForPunches } from '../timesheet/recompute-keys.ts';
import { drainDayRecomputation } from '../timesheet/recompute-job.ts';
import { approvedTimesheetLocks } from './month-locks.ts';
import { reopenTimesheet } from './reopen.ts';
import { timesheetResource } from './resource.ts';

const API = '/api/tm/timesheets';
type Saved = { data: { id: string; version: number; approvalStatus: string; approvedAt: string | null } };
type Refusal = ErrorEnvelope & { errors?: { field: string; code: string }[] };

/*
 * Timesheets against a real database (docs/timesheets.md): one per unit and month, approval
 * locking the month of the workers the nearest timesheet decides, a correction of a locked day
 * refused (409 MONTH_LOCKED), a punch in a locked month held and shown as held, and reopening
 * that recomputes the held days. The tenant: Công ty → Nhà máy → Xưởng may; a seamstress in the
 * workshop, a fitter in the factory.
 */
describe.each(await testEngines())('timesheets on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let approver = '';
  let approverId = '';
  let template = '';
  let serial = 0;
  const unit = { company: '', factory: '', workshop: '' };
  const worker = { seamstress: '', fitter: '' };
  const stubQueue = { enqueue: async () => [] } as never;
  const NOW = new Date('2026-04-02T03:00:00Z');

  const post = <T = Saved>(token: string, path: string, body?: unknown) =>
    kit.http.post<T>(path, body, token);
  const inTenant = <T>(work: (tx: Tx) => Promise<T>) =>
    inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: hr.userId }, work);
  const one = async (tx: Tx, query: ReturnType<typeof sql>) =>
    (await rows<{ id: string }>(tx, query))[0]?.id ?? '';
  const count = async () =>
    (
      await rows<{ n: number }>(
        kit.server.db.orm,
        sql`select count(*)::int as n from tm_timesheets where tenant_id = ${hr.tenantId}`,
      )
    )[0]?.n;
  const create = async (organizationUnitId: string, month: string) => {
    const res = await post(hr.token, API, {
      code: `BCC_${++serial}`,
      name: `Bảng chấm công ${month}`,
      organizationUnitId,
      month,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const approve = async (id: string) => {
    const requested = await post(hr.token, `${API}/${id}/request-approval`, {
      workflowTemplateId: template,
      steps: [{ workFlowStepTemplateId: `${template}#1`, assigneeUserId: approverId }],
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const approved = await post(approver, `${API}/${id}/approve`, { note: 'Đồng ý' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    return approved.body.data;
  };
  const locked = (workerIds: string[], months: string[]) =>
    inTenant(async (tx) => {
      const answer = await approvedTimesheetLocks.lockedMonths(tx, workerIds, months);
      return Object.fromEntries(workerIds.map((id) => [id, [...(answer.get(id) ?? [])].sort()]));
    });

  /** The engine's inputs for these tests: the office shift on weekdays, the real month locks. */
  const inputs: TimesheetInputs = {
    shifts: {
      shifts: async (_tx, ids, from, to) =>
        new Map(
          ids.map((id) => [
            id,
            new Map(
              eachDay(from, to)
                .filter((d) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()))
                .map((d) => [d, { plan: officeShift(), assignmentId: null }] as const),
            ),
          ]),
        ),
    },
    dayTypes: {
      days: async (_tx, ids, from, to) =>
        new Map(
          ids.map((id) => [
            id,
            new Map(
              eachDay(from, to).map((d) => {
                const rest = [0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay());
                return [
                  d,
                  { dayType: rest ? 'REST_DAY' : 'WEEKDAY', paidOff: false, rules: DECREE_145_RULES },
                ] as const;
              }),
            ),
          ]),
        ),
    },
    documents: noDocuments,
    locks: approvedTimesheetLocks,
    settings: seededSettings,
  };
  /** A device's punches stored and their days asked for (the stub queue: these tests drain themselves). */
  const punch = (workerId: string, locals: string[]) =>
    inTenant(async (tx) => {
      const batch = locals.map((local) => ({
        punchedAt: new Date(punchAt(local).at),
        deviceCode: 'MCC-01',
        attendanceCode: workerId.slice(0, 8),
        workerId,
        source: 'DEVICE' as const,
      }));
      await writeBatch(tx, punchStore, batch, {
        actor: { scope: { tenantId: hr.tenantId, userId: null }, ip: null, userAgent: 'test' },
      });
      await requestRecomputationForPunches(tx, stubQueue, hr.tenantId, batch);
    });
  const drain = () => drainDayRecomputation(kit.server.db.orm, hr.tenantId, inputs, { now: () => NOW });
  const dayOf = async (workerId: string, day: string) =>
    (
      await rows<{ outcome: string | null; worked_minutes: number; held_at: Date | null }>(
        kit.server.db.orm,
        sql`select outcome, worked_minutes, held_at from tm_day_records
             where tenant_id = ${hr.tenantId} and worker_id = ${workerId} and work_date = ${day}`,
      )
    )[0];

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller(
      [timesheetResource, workflowTemplateResource],
      ['action_log.view', 'timesheet.request-approval', 'timesheet.cancel-approval'],
    );
    const made = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      {
        tenantId: hr.tenantId,
        fullName: 'Trần Kế Toán Trưởng',
        permissions: ['timesheet.view', 'timesheet.approve', 'timesheet.reject'],
      },
    );
    approverId = made.user.id;
    approver = await accessTokenFor(kit.server.db.orm, made.user);
    const saved = await post<{ data: { id: string } }>(hr.token, '/api/system/workflow-templates', {
      code: 'QT_BCC',
      name: 'Duyệt bảng chấm công',
      workflowTemplateTypes: ['TIMESHEET'],
      steps: [
        {
          name: 'Kế toán duyệt',
          assignmentType: 'USER',
          assignmentId: approverId,
          slaAmount: 1,
          slaUnit: 'HOURS',
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    template = saved.body.data.id;
    await inTenant(async (tx) => {
      const addUnit = (code: string, name: string, parent: string | null) =>
        one(
          tx,
          sql`insert into organization_units (tenant_id, code, name, parent_id)
              values (${hr.tenantId}, ${code}, ${name}, ${parent}) returning id`,
        );
      unit.company = await addUnit('CTY', 'Công ty', null);
      unit.factory = await addUnit('NM', 'Nhà máy', unit.company);
      unit.workshop = await addUnit('XM', 'Xưởng may', unit.factory);
      const addWorker = (code: string, name: string, unitId: string) =>
        one(
          tx,
          sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
              values (${hr.tenantId}, ${code}, ${name}, 'FEMALE', ${unitId}) returning id`,
        );
      worker.seamstress = await addWorker('NV001', 'Nguyễn Thị May', unit.workshop);
      worker.fitter = await addWorker('NV002', 'Lê Thị Lắp', unit.factory);
    });
  });
  afterAll(async () => {
    await kit?.stop();
  });

  it('creates a unit’s month as NEW and refuses a second of the same unit and month, writing nothing', async () => {
    const first = await create(unit.factory, '2026-01');
    expect(first).toMatchObject({ approvalStatus: 'NEW', approvedAt: null });
    const before = await count();
    const second = await post<Refusal>(hr.token, API, {
      code: 'BCC_TRUNG',
      name: 'Bảng trùng',
      organizationUnitId: unit.factory,
      month: '2026-01',
    });
    expect(second.status).toBe(409);
    expect(second.body.params).toMatchObject({ reason: 'timesheetExists', code: 'BCC_1' });
    expect(second.body.errors?.map((e) => e.field)).toEqual(['organizationUnitId', 'month']);
    expect(await count()).toBe(before);
  });

  it('refuses a month that is not YYYY-MM, and a change of unit or month, with nothing written', async () => {
    const before = await count();
    const bad = await post<Refusal>(hr.token, API, {
      code: 'BCC_SAI',
      name: 'Sai tháng',
      organizationUnitId: unit.factory,
      month: '2026-13',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field)).toContain('month');
    expect(await count()).toBe(before);
    const sheet = await create(unit.workshop, '2026-02');
    const moved = await post<Refusal>(hr.token, `${API}/${sheet.id}/update`, {
      version: sheet.version,
      month: '2026-05',
    });
    expect(moved.status).toBe(400);
  });

  it('locks the month on approval for the unit’s workers and its sub-units’ unless one has its own', async () => {
    expect(await locked([worker.seamstress, worker.fitter], ['2026-03'])).toEqual({
      [worker.seamstress]: [],
      [worker.fitter]: [],
    });
    const march = await approve((await create(unit.factory, '2026-03')).id);
    expect(march.approvalStatus).toBe('APPROVED');
    expect(march.approvedAt).not.toBeNull();
    expect(await locked([worker.seamstress, worker.fitter], ['2026-03', '2026-04'])).toEqual({
      [worker.seamstress]: ['2026-03'],
      [worker.fitter]: ['2026-03'],
    });
    // April: the workshop has its own (still NEW) timesheet: its seamstress waits for it
    await create(unit.workshop, '2026-04');
    await approve((await create(unit.factory, '2026-04')).id);
    expect(await locked([worker.seamstress, worker.fitter], ['2026-04'])).toEqual({
      [worker.seamstress]: [],
      [worker.fitter]: ['2026-04'],
    });
    // a sub-unit's timesheet cannot take its workers out of a month already locked above it
    const escape = await post<Refusal>(hr.token, API, {
      code: 'BCC_THOAT',
      name: 'Xưởng may tháng 3',
      organizationUnitId: unit.workshop,
      month: '2026-03',
    });
    expect(escape.status).toBe(409);
    expect(escape.body).toMatchObject({ code: 'MONTH_LOCKED', params: { month: '2026-03' } });
  });

  it('refuses a correction of a locked day with 409 MONTH_LOCKED and writes nothing', async () => {
    const refused = await post<Refusal>(hr.token, '/api/tm/general-timesheet/corrections', {
      workerId: worker.seamstress,
      month: '2026-03',
      workDate: '2026-03-02',
      symbol: 'X',
      reason: 'Quên chấm công',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'MONTH_LOCKED',
      params: { reason: 'monthLocked', month: '2026-03' },
    });
    expect(await dayOf(worker.seamstress, '2026-03-02')).toBeUndefined();
  });

  it('holds a punch of a locked month for review, shows it held, and computes it once reopened', async () => {
    await punch(worker.fitter, ['2026-03-10 08:00', '2026-03-10 17:00']);
    const held = await drain();
    expect(held.computed).toBe(0);
    expect(held.held).toBeGreaterThan(0);
    expect(await dayOf(worker.fitter, '2026-03-10')).toMatchObject({ worked_minutes: 0 });
    expect((await dayOf(worker.fitter, '2026-03-10'))?.held_at).not.toBeNull();
    const grid = await kit.http.get<{ data: GeneralTimesheetPage }>(
      `/api/tm/general-timesheet?organizationUnitId=${unit.factory}&month=2026-03`,
      hr.token,
    );
    const row = grid.body.data.rows.find((r) => r.workerId === worker.fitter);
    expect(row && dayCell(grid.body.data.texts, row.columns, 9)).toMatchObject({ held: true });
    expect([...grid.body.data.lockedWorkerIds].sort()).toEqual([worker.seamstress, worker.fitter].sort());

    const [sheet] = await rows<{ id: string; version: number }>(
      kit.server.db.orm,
      sql`select id, version from tm_timesheets
           where tenant_id = ${hr.tenantId} and organization_unit_id = ${unit.factory} and month = '2026-03'`,
    );
    // the approved timesheet lists its held days for review
    const heldDays = () =>
      kit.http.get<{ data: TimesheetHeldDays }>(`${API}/${sheet?.id}/held-days`, hr.token);
    const listed = await heldDays();
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data.total).toBe(listed.body.data.days.length);
    expect(listed.body.data.days).toContainEqual(
      expect.objectContaining({
        workerId: worker.fitter,
        workDate: '2026-03-10',
        heldAt: expect.any(String),
      }),
    );
    expect(allOf(listed.body.data.days, (d) => d.workerId === worker.fitter)).toBe(true);
    const unknown = await kit.http.get<Refusal>(
      `${API}/00000000-0000-4000-8000-000000000000/held-days`,
      hr.token,
    );
    expect(unknown.status).toBe(404);
    const caller = { tenantId: hr.tenantId, userId: approverId };
    const reopened = await inScope(kit.server.db.orm, caller, (tx) =>
      reopenTimesheet(
        tx,
        caller,
        { scope: caller, ip: null, userAgent: 'test' },
        { queue: stubQueue, now: NOW },
        sheet?.id ?? '',
        {
          reason: 'Bổ sung công ngày 10',
        },
      ),
    );
    expect(reopened).toMatchObject({ approvalStatus: 'CANCELED' });
    expect(reopened.heldDaysRecomputed).toBeGreaterThan(0);
    expect(await locked([worker.fitter], ['2026-03'])).toEqual({ [worker.fitter]: [] });
    await drain();
    expect(await dayOf(worker.fitter, '2026-03-10')).toMatchObject({
      outcome: 'WORKED',
      worked_minutes: 480,
      held_at: null,
    });
    expect((await heldDays()).body.data).toEqual({ total: 0, days: [] });
    const [logged] = await rows<{ changes: { reopenedBecause?: { after: string } } }>(
      kit.server.db.orm,
      sql`select changes from action_logs
           where tenant_id = ${hr.tenantId} and resource = 'timesheet' and record_id = ${sheet?.id}
             and changes -> 'reopenedBecause' is not null`,
    );
    expect(logged?.changes.reopenedBecause?.after).toBe('Bổ sung công ngày 10');
  });

  it('reopens over HTTP only with a reason, only an approved timesheet, only for an approver', async () => {
    const sheet = await approve((await create(unit.company, '2026-06')).id);
    const path = `${API}/${sheet.id}/reopen`;
    expect((await post<Refusal>(approver, path, { reason: '   ' })).status).toBe(400);
    expect((await post<Refusal>(hr.token, path, { reason: 'Mở lại' })).status).toBe(403);
    const done = await post<{ data: { approvalStatus: string; heldDaysRecomputed: number } }>(
      approver,
      path,
      {
        reason: 'Mở lại để sửa',
      },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ approvalStatus: 'CANCELED', heldDaysRecomputed: 0 });
    expect((await post<Refusal>(approver, path, { reason: 'Lần nữa' })).status).toBe(409);
  });
});
