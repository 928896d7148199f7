import type { ErrorEnvelope } from '@hcm/contracts';
import type { LeaveBalanceView } from '@hcm/contracts/leave-applications';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../../../db/database.ts';
import { inScope } from '../../../../db/tenant-scope.ts';
import {
  startResourceTestKit,
  type Caller,
  type ResourceTestKit,
} from '../../../../resources/testing/kit.ts';
import { allOf } from '../../../../../../../scripts/testing/all-of.ts';
import { testEngines } from '../../../../testing/engines.ts';
import { accessTokenFor, makeUser } from '../../../../testing/factories.ts';
import { rows } from '../../../../testing/migrated-database.ts';
import { workflowTemplateResource } from '../../../system/workflow-templates/resources.ts';
import { recomputeDays, requestDocumentsUse } from '../../requests/effects.ts';
import { recomputeThrough } from '../../timesheet/engine-queue.ts';
import { drainDayRecomputation } from '../../timesheet/recompute-job.ts';
import { leaveApplicationDocuments } from './document-source.ts';
import { leaveApplicationResource } from './resource.ts';
import { lockedMonthsIn, officeWeekInputs } from '../../requests/office-week-inputs.ts';

const API = '/api/tm/leave-applications';
type Saved = { data: { id: string; version: number; approvalStatus: string; days: string } };
type Refusal = ErrorEnvelope & {
  errors?: { field: string; code: string; message: string; params?: Record<string, unknown> }[];
  params?: { reason?: string };
};
type Balance = { data: LeaveBalanceView };

/*
 * Leave applications against a real database (docs/leave.md). The clock stands at Monday 2 March
 * 2026, 10:00 in Vietnam. The seamstress works the office shift (08:00–17:00, lunch 12–13) on
 * weekdays, and has 3 days of 2026's annual leave accrued; the tests drain the engine's keys
 * themselves (a stub queue: no job of the server's runs them).
 */
describe.each(await testEngines())('leave applications on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let approver = '';
  let approverId = '';
  let template = '';
  const worker = { seamstress: '', fitter: '' };
  const type = { annual: '', unpaid: '', marriage: '' };
  const lockedMonths = new Set<string>();
  const stubQueue = { enqueue: async () => [] } as never;

  const locks = lockedMonthsIn(lockedMonths);
  const inputs = officeWeekInputs(leaveApplicationDocuments, locks);

  const post = <T = Saved>(token: string, path: string, body?: unknown) =>
    kit.http.post<T>(path, body, token);
  const inTenant = <T>(work: (tx: Tx) => Promise<T>) =>
    inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, work);
  const drain = () => drainDayRecomputation(kit.server.db.orm, hr.tenantId, inputs);
  const count = async (table: string) =>
    (
      await rows<{ n: number }>(
        kit.server.db.orm,
        sql`select count(*)::int as n from ${sql.identifier(table)} where tenant_id = ${hr.tenantId}`,
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
  const balance = async (workerId = worker.seamstress) => {
    const res = await kit.http.get<Balance>(`/api/tm/leave-balances/${workerId}?year=2026`, hr.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const filed = (overrides: Record<string, unknown> = {}) => ({
    workerId: worker.seamstress,
    leaveTypeId: type.unpaid,
    portion: 'DAYS',
    fromDate: '2026-03-05',
    startHalf: 'WHOLE',
    toDate: '2026-03-05',
    endHalf: 'WHOLE',
    reason: 'Việc gia đình',
    ...overrides,
  });
  const create = async (body: Record<string, unknown>, token = hr.token) => {
    const res = await post(token, API, body);
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
    requestDocumentsUse({ clock: () => new Date('2026-03-02T03:00:00Z'), locks, inputs });
    hr = await kit.caller(
      [leaveApplicationResource, workflowTemplateResource],
      ['leave_request.request-approval', 'leave_request.cancel-approval', 'leave_policy.update'],
    );
    const made = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      {
        tenantId: hr.tenantId,
        fullName: 'Trần Trưởng Phòng',
        permissions: ['leave_request.view', 'leave_request.approve', 'leave_request.reject'],
      },
    );
    approverId = made.user.id;
    approver = await accessTokenFor(kit.server.db.orm, made.user);
    const saved = await post<{ data: { id: string } }>(hr.token, '/api/system/workflow-templates', {
      code: 'QT_NP',
      name: 'Duyệt đơn nghỉ phép',
      workflowTemplateTypes: ['LEAVE_REQUEST'],
      steps: [
        {
          name: 'Trưởng phòng duyệt',
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
      const one = async (query: ReturnType<typeof sql>) =>
        (await rows<{ id: string }>(tx, query))[0]?.id ?? '';
      const unit = await one(
        sql`insert into organization_units (tenant_id, code, name) values (${hr.tenantId}, 'XM', 'Xưởng may') returning id`,
      );
      const addWorker = (code: string, name: string) =>
        one(sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
                values (${hr.tenantId}, ${code}, ${name}, 'FEMALE', ${unit}) returning id`);
      worker.seamstress = await addWorker('NV001', 'Nguyễn Thị May');
      worker.fitter = await addWorker('NV002', 'Lê Thị Lắp');
      type.annual = await one(sql`
        insert into leave_types (tenant_id, code, name, paid, timesheet_reason, uses_annual_balance, max_days_per_year)
        values (${hr.tenantId}, 'PN', 'Nghỉ phép năm', true, 'ANNUAL_LEAVE', true, 1) returning id`);
      // its yearly maximum (1) is not what bounds it: the balance is (the 1.5-day story below)
      type.unpaid = await one(sql`
        insert into leave_types (tenant_id, code, name, paid, timesheet_reason)
        values (${hr.tenantId}, 'KL', 'Nghỉ không lương', false, 'UNPAID_LEAVE') returning id`);
      // the seeded marriage leave (seed-data/om/leave-types.json): paid, not from the balance
      type.marriage = await one(sql`
        insert into leave_types (tenant_id, code, name, paid, timesheet_reason, max_days_per_year)
        values (${hr.tenantId}, 'MARRIAGE_LEAVE', 'Nghỉ kết hôn', true, 'PAID_PERSONAL', 3) returning id`);
      await tx.execute(sql`
        insert into tm_leave_ledger (tenant_id, worker_id, year, kind, on_day, amount)
        values (${hr.tenantId}, ${worker.seamstress}, 2026, 'ACCRUED', '2026-01-01', 3000)`);
    });
  });
  afterAll(async () => {
    await kit?.stop();
  });

  it('refuses bad input in the error envelope, and writes nothing', async () => {
    const before = await count('tm_leave_applications');
    const cases: [string, Record<string, unknown>, string][] = [
      ['the last day before the first', { toDate: '2026-03-04' }, 'toDate'],
      [
        'hours over two days',
        { portion: 'HOURS', toDate: '2026-03-06', fromTime: '08:00', toTime: '10:00' },
        'toDate',
      ],
      ['hours without their end', { portion: 'HOURS', fromTime: '08:00' }, 'toTime'],
      ['hours ending before they start', { portion: 'HOURS', fromTime: '10:00', toTime: '09:00' }, 'toTime'],
      ['times on leave by days', { fromTime: '08:00', toTime: '10:00' }, 'fromTime'],
      [
        'one day from its afternoon to its morning',
        { startHalf: 'SECOND_HALF', endHalf: 'FIRST_HALF' },
        'endHalf',
      ],
      ['a time that is no time of day', { portion: 'HOURS', fromTime: '25:00', toTime: '26:00' }, 'fromTime'],
      ['no reason', { reason: '' }, 'reason'],
      ['a portion that is not one', { portion: 'WEEKS' }, 'portion'],
      ['longer than a year', { toDate: '2027-03-06' }, 'toDate'],
      ['only a weekend', { fromDate: '2026-03-07', toDate: '2026-03-08' }, 'toDate'],
    ];
    for (const [what, overrides, field] of cases) {
      const errors = await refused(filed(overrides));
      expect(
        errors.some((e) => e.field === field),
        `${what}: ${JSON.stringify(errors)}`,
      ).toBe(true);
    }
    const weekend = await refused(filed({ fromDate: '2026-03-07', toDate: '2026-03-08' }));
    expect(weekend[0]?.code).toBe('error.leaveNoWorkingDay');
    expect(await count('tm_leave_applications')).toBe(before);
  });

  it('counts the days as the timesheet will: rest days out, halves of the shift, hours as its share', async () => {
    // Thursday to Monday: Thursday, Friday, Monday
    expect((await create(filed({ fromDate: '2026-03-05', toDate: '2026-03-09' }))).days).toBe('3.000');
    // Thursday to Friday morning
    expect(
      (await create(filed({ fromDate: '2026-03-12', toDate: '2026-03-13', endHalf: 'FIRST_HALF' }))).days,
    ).toBe('1.500');
    // that Friday's afternoon does not overlap its morning
    expect(
      (await create(filed({ fromDate: '2026-03-13', toDate: '2026-03-13', startHalf: 'SECOND_HALF' }))).days,
    ).toBe('0.500');
    // two hours of an eight-hour shift
    expect(
      (
        await create(
          filed({
            fromDate: '2026-03-16',
            toDate: '2026-03-16',
            portion: 'HOURS',
            fromTime: '08:00',
            toTime: '10:00',
          }),
        )
      ).days,
    ).toBe('0.250');
    const before = await count('tm_leave_applications');
    const overlap = await refused(filed({ fromDate: '2026-03-09', toDate: '2026-03-10' }));
    expect(overlap[0]).toMatchObject({ field: 'fromDate', code: 'error.leaveOverlap' });
    expect(overlap[0]?.params).toMatchObject({ from: '2026-03-05', to: '2026-03-09' });
    const hours = await refused(
      filed({
        fromDate: '2026-03-13',
        toDate: '2026-03-13',
        portion: 'HOURS',
        fromTime: '14:00',
        toTime: '15:00',
      }),
    );
    expect(hours[0]?.code).toBe('error.leaveOverlap');
    expect(await count('tm_leave_applications')).toBe(before);
  });

  it('refuses annual leave over the balance, saying what is left', async () => {
    expect(await balance()).toMatchObject({
      accrued: '3.000',
      taken: '0.000',
      balance: '3.000',
      pending: '0.000',
    });
    const before = await count('tm_leave_applications');
    // Wednesday to Monday: four working days, three left
    const over = await refused(
      filed({ leaveTypeId: type.annual, fromDate: '2026-03-18', toDate: '2026-03-23' }),
    );
    expect(over[0]).toMatchObject({ field: 'leaveTypeId', code: 'error.leaveBalance' });
    expect(over[0]?.params).toMatchObject({ asked: '4.000', available: '3.000', year: 2026 });
    expect(await count('tm_leave_applications')).toBe(before);
  });

  it('approved, the days show the leave and the balance drops by 1.5; canceled, both are exactly as before', async () => {
    const thursday = '2026-03-19';
    const friday = '2026-03-20';
    // the two days as the engine computes them without the leave
    await inTenant((tx) =>
      recomputeDays(
        tx,
        hr.tenantId,
        [thursday, friday].map((workDate) => ({ workerId: worker.seamstress, workDate })),
      ),
    );
    await drain();
    const original = {
      thursday: await dayRecord(worker.seamstress, thursday),
      friday: await dayRecord(worker.seamstress, friday),
    };
    const application = await create(
      filed({
        leaveTypeId: type.annual,
        fromDate: thursday,
        toDate: friday,
        endHalf: 'FIRST_HALF',
        reason: 'Về quê',
      }),
    );
    expect(application.days).toBe('1.500');
    expect(await balance()).toMatchObject({ balance: '3.000', pending: '1.500' });
    // what is asked and not yet approved counts against what another application may take
    const second = await refused(
      filed({ leaveTypeId: type.annual, fromDate: '2026-03-25', toDate: '2026-03-26' }),
    );
    expect(second[0]?.params).toMatchObject({ available: '1.500', pending: '1.500' });

    await requestApproval(application.id);
    // the approver's bell names the application, not only its kind
    const [notice] = await rows<{ title: string }>(
      kit.server.db.orm,
      sql`select title from user_notifications where user_id = ${approverId} order by created_at desc limit 1`,
    );
    expect(notice?.title).toBe('Chờ bạn phê duyệt: Đơn xin nghỉ Nguyễn Thị May – Nghỉ phép năm – 19/03/2026');
    expect(await drain()).toMatchObject({ computed: 0 });
    const approved = await approve(application.id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await drain()).toMatchObject({ computed: 2 });
    expect(await dayRecord(worker.seamstress, thursday)).toMatchObject({
      outcome: 'LEAVE',
      paid_leave_units: 1000,
      day_symbol: 'P',
    });
    expect(await dayRecord(worker.seamstress, friday)).toMatchObject({ paid_leave_units: 500 });
    expect(await balance()).toMatchObject({ taken: '1.500', balance: '1.500', pending: '0.000' });

    const canceled = await post(hr.token, `${API}/${application.id}/cancel-approved`, {
      reason: 'Hoãn chuyến về quê',
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body.data).toMatchObject({ approvalStatus: 'CANCELED' });
    await drain();
    expect(await dayRecord(worker.seamstress, thursday)).toEqual(original.thursday);
    expect(await dayRecord(worker.seamstress, friday)).toEqual(original.friday);
    const after = await balance();
    expect(after).toMatchObject({ accrued: '3.000', taken: '0.000', balance: '3.000' });
    // the trail keeps both: taken, and given back
    expect(after.entries.filter((e) => e.documentId === application.id).map((e) => e.days)).toEqual([
      '-1.500',
      '1.500',
    ]);
  });

  it('approved marriage leave (Labour Code art. 115(1)) writes R, paid, on its days, and leaves the balance', async () => {
    const before = await balance();
    // Wednesday to Friday: the worker's own marriage, three days
    const days = ['2026-03-25', '2026-03-26', '2026-03-27'];
    const application = await create(
      filed({ leaveTypeId: type.marriage, fromDate: days[0], toDate: days[2], reason: 'Kết hôn' }),
    );
    expect(application.days).toBe('3.000');
    await requestApproval(application.id);
    const approved = await approve(application.id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await drain()).toMatchObject({ computed: 3 });
    for (const day of days)
      expect(await dayRecord(worker.seamstress, day), day).toMatchObject({
        outcome: 'LEAVE',
        day_symbol: 'R',
        paid_leave_units: 1000,
        unpaid_leave_units: 0,
        paid_units: 1000,
      });
    // paid personal leave is not annual leave: nothing taken from the balance
    expect(await balance()).toMatchObject({ taken: before.taken, balance: before.balance, pending: '0.000' });
    // the type allows 3 days a year: a fourth day of 2026 is refused, naming the figures
    const filedBefore = await count('tm_leave_applications');
    const fourth = await refused(
      filed({ leaveTypeId: type.marriage, fromDate: '2026-04-01', toDate: '2026-04-01', reason: 'Kết hôn' }),
    );
    expect(fourth[0]).toMatchObject({ field: 'leaveTypeId', code: 'error.leaveTypeYearMax' });
    expect(fourth[0]?.params).toMatchObject({
      type: 'Nghỉ kết hôn',
      max: '3.000',
      used: '3.000',
      asked: '1.000',
      year: 2026,
    });
    expect(await count('tm_leave_applications')).toBe(filedBefore);
  });

  it('refuses approval in a locked month, and changes nothing', async () => {
    const application = await create(filed({ fromDate: '2026-04-06', toDate: '2026-04-06' }));
    await requestApproval(application.id);
    lockedMonths.add('2026-04');
    try {
      const res = await approve(application.id);
      expect(res.status).toBe(409);
      expect((res.body as Refusal).params?.reason).toBe('monthLocked');
    } finally {
      lockedMonths.delete('2026-04');
    }
    const [row] = await rows<{ approval_status: string }>(
      kit.server.db.orm,
      sql`select approval_status from tm_leave_applications where id = ${application.id}`,
    );
    expect(row?.approval_status).not.toBe('APPROVED');
  });

  it('HR adjusts a balance with a reason; an employee reads their own balance and files only for themselves', async () => {
    const noReason = await post<Refusal>(hr.token, `/api/tm/leave-balances/${worker.fitter}/adjustments`, {
      year: 2026,
      days: '2',
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    const zero = await post<Refusal>(hr.token, `/api/tm/leave-balances/${worker.fitter}/adjustments`, {
      year: 2026,
      days: '0',
      reason: 'Thâm niên',
    });
    expect(zero.status).toBe(400);
    expect(await count('tm_leave_ledger')).toBe(3);
    const adjusted = await post<Balance>(hr.token, `/api/tm/leave-balances/${worker.fitter}/adjustments`, {
      year: 2026,
      days: '2.5',
      reason: 'Công việc nặng nhọc: 14 ngày/năm',
    });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    expect(adjusted.body.data).toMatchObject({ adjusted: '2.500', balance: '2.500' });

    const made = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      {
        tenantId: hr.tenantId,
        permissions: ['leave_request.view', 'leave_request.create'],
        dataScope: 'SELF',
      },
    );
    await inTenant((tx) =>
      tx.execute(sql`update workers set user_id = ${made.user.id} where id = ${worker.fitter}`),
    );
    const token = await accessTokenFor(kit.server.db.orm, made.user);
    const mine = await kit.http.get<Balance>('/api/tm/leave-balances/mine?year=2026', token);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data).toMatchObject({ workerId: worker.fitter, balance: '2.500' });
    // another's balance is not theirs to read
    expect((await kit.http.get(`/api/tm/leave-balances/${worker.seamstress}?year=2026`, token)).status).toBe(
      404,
    );
    await create(
      filed({
        workerId: worker.fitter,
        leaveTypeId: type.annual,
        fromDate: '2026-03-10',
        toDate: '2026-03-10',
      }),
      token,
    );
    // another's: without worker.view an employee files for their own record only (403, naming it)
    const other = await post<Refusal>(token, API, filed({ fromDate: '2026-05-04', toDate: '2026-05-04' }));
    expect(other.status).toBe(403);
    expect(other.body.params).toEqual({ permissions: ['worker.view'] });
  });

  it('an employee holding only leave_request.create and .request-approval picks what the form needs and files for herself, nothing more', async () => {
    const made = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      {
        tenantId: hr.tenantId,
        fullName: 'Phạm Thị Mai',
        permissions: ['leave_request.create', 'leave_request.request-approval'],
        dataScope: 'SELF',
      },
    );
    const token = await accessTokenFor(kit.server.db.orm, made.user);
    const mai = await inTenant(async (tx) => {
      const [unit] = await rows<{ id: string }>(
        tx,
        sql`select organization_unit_id as id from workers where id = ${worker.seamstress}`,
      );
      const [saved] = await rows<{ id: string }>(
        tx,
        sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id, user_id)
            values (${hr.tenantId}, 'NV003', 'Phạm Thị Mai', 'FEMALE', ${unit?.id}, ${made.user.id}) returning id`,
      );
      return saved?.id ?? '';
    });
    const overtimeOnly = await post<{ data: { id: string } }>(hr.token, '/api/system/workflow-templates', {
      code: 'QT_LTG',
      name: 'Duyệt làm thêm giờ',
      workflowTemplateTypes: ['OVERTIME'],
      steps: [
        { name: 'Duyệt', assignmentType: 'USER', assignmentId: approverId, slaAmount: 1, slaUnit: 'HOURS' },
      ],
    });
    expect(overtimeOnly.status, JSON.stringify(overtimeOnly.body)).toBe(200);
    const get = <T>(path: string) => kit.http.get<T>(path, token);
    const keysOf = (rows: readonly object[]) => [...new Set(rows.flatMap((row) => Object.keys(row)))].sort();
    type Page<T> = { data: T[] };

    // the leave types, in the picker's shape: no more than what an option shows
    const types = await get<Page<{ id: string; name: string }>>(
      '/api/om/leave-types/auto-complete?pageSize=50',
    );
    expect(types.status, JSON.stringify(types.body)).toBe(200);
    expect(types.body.data.map((t) => t.name)).toEqual(
      expect.arrayContaining(['Nghỉ phép năm', 'Nghỉ không lương']),
    );
    expect(allOf(keysOf(types.body.data), (key) => ['code', 'id', 'name', 'nameEn'].includes(key))).toBe(
      true,
    );
    // the employees: herself only, by name and code; find-by-ids names nobody else either
    const workers = await get<Page<{ id: string }>>('/api/om/workers/auto-complete');
    expect(workers.status, JSON.stringify(workers.body)).toBe(200);
    expect(workers.body.data).toEqual([{ id: mai, code: 'NV003', fullName: 'Phạm Thị Mai' }]);
    const named = await post<Page<{ id: string }>>(token, '/api/om/workers/find-by-ids', {
      ids: [mai, worker.seamstress],
    });
    expect(named.body.data.map((w) => w.id)).toEqual([mai]);
    // the lists themselves stay closed
    expect((await get('/api/om/workers')).status).toBe(403);
    expect((await get('/api/om/leave-types')).status).toBe(403);
    expect((await get('/api/system/workflow-templates')).status).toBe(403);

    // the templates of leave requests, with their steps, as the assignment form reads them
    const templates = await get<Page<{ id: string }>>(
      '/api/system/workflow-templates/search-auto-complete?workflowTemplateTypes=LEAVE_REQUEST',
    );
    expect(templates.status, JSON.stringify(templates.body)).toBe(200);
    expect(templates.body.data.map((t) => t.id)).toEqual([template]);
    expect(keysOf(templates.body.data)).toEqual(['code', 'id', 'name', 'steps', 'workflowTemplateTypes']);
    // asking for no kind gives hers only; another kind's templates are refused in the envelope
    const mine = await get<Page<{ id: string }>>('/api/system/workflow-templates/search-auto-complete');
    expect(mine.body.data.map((t) => t.id)).toEqual([template]);
    const overtime = await get<Refusal>(
      '/api/system/workflow-templates/search-auto-complete?workflowTemplateTypes=OVERTIME',
    );
    expect(overtime.status).toBe(403);
    expect(overtime.body.code).toBe('FORBIDDEN');
    const detail = await get<{ data: { steps: { name: string }[] } }>(
      `/api/system/workflow-templates/${template}`,
    );
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.data.steps.map((step) => step.name)).toEqual(['Trưởng phòng duyệt']);
    const start = encodeURIComponent(new Date().toISOString());
    expect((await get(`/api/system/workflow-templates/${template}/schedule?start=${start}`)).status).toBe(
      200,
    );
    for (const path of [
      `/api/system/workflow-templates/${overtimeOnly.body.data.id}`,
      `/api/system/workflow-templates/${overtimeOnly.body.data.id}/schedule?start=${start}`,
    ]) {
      const refusedRead = await get<Refusal>(path);
      expect(refusedRead.status, path).toBe(403);
      expect(refusedRead.body.code).toBe('FORBIDDEN');
    }

    // she files for herself and sends it for approval
    const mineFiled = await create(
      filed({ workerId: mai, leaveTypeId: type.unpaid, fromDate: '2026-03-11', toDate: '2026-03-11' }),
      token,
    );
    const sent = await post(token, `${API}/${mineFiled.id}/request-approval`, {
      workflowTemplateId: template,
      steps: [{ workFlowStepTemplateId: `${template}#1`, assigneeUserId: approverId }],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.approvalStatus).toBe('WAIT_APPROVE');
    // for another worker, at once or in two steps: 403 in the envelope, nothing written
    const before = await count('tm_leave_applications');
    const forAnother = await post<Refusal>(
      token,
      API,
      filed({ fromDate: '2026-03-12', toDate: '2026-03-12' }),
    );
    expect(forAnother.status).toBe(403);
    expect(forAnother.body).toMatchObject({ code: 'FORBIDDEN', params: { permissions: ['worker.view'] } });
    const atOnce = await post<Refusal>(token, `${API}/create-and-request-approval`, {
      record: filed({ fromDate: '2026-03-12', toDate: '2026-03-12' }),
      workflow: {
        workflowTemplateId: template,
        steps: [{ workFlowStepTemplateId: `${template}#1`, assigneeUserId: approverId }],
      },
    });
    expect(atOnce.status).toBe(403);
    expect(await count('tm_leave_applications')).toBe(before);
  });
});
