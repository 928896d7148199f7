import type { ErrorEnvelope } from '@hcm/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBatch } from '../../../bulk/index.ts';
import type { Tx } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeUser } from '../../../testing/factories.ts';
import { rows } from '../../../testing/migrated-database.ts';
import { workflowTemplateResource } from '../../system/workflow-templates/resources.ts';
import { requestDocumentsUse } from '../requests/effects.ts';
import { punchStore } from '../tables/punches.ts';
import { labourCalendarDayTypes } from '../timesheet/calendar-day-types.ts';
import { recomputeThrough } from '../timesheet/engine-queue.ts';
import { punchAt } from '../timesheet/factories.ts';
import { seededSettings, type MonthLockSource, type TimesheetInputs } from '../timesheet/inputs.ts';
import { requestRecomputationForPunches } from '../timesheet/recompute-keys.ts';
import { drainDayRecomputation } from '../timesheet/recompute-job.ts';
import { workCalendarShifts } from '../timesheet/work-calendar-shifts.ts';
import { shiftChangeDocuments } from './document-source.ts';
import { shiftChangeRequestResource } from './resource.ts';

const API = '/api/tm/shift-change-requests';
type Saved = {
  data: { id: string; version: number; approvalStatus: string; approvedAt: string | null } & Record<
    string,
    unknown
  >;
};
type Refusal = ErrorEnvelope & {
  errors?: { field: string; code: string; message: string }[];
  params?: { reason?: string };
};

/*
 * Shift change requests against PostgreSQL (docs/shift-change-requests.md), on the product's own
 * shift sources: real work shifts and approved work calendars, the tenant's labour rule. The clock
 * stands at Tuesday 20 January 2026. May and Cúc work the office shift HC (08:00–17:00, lunch
 * 12:00–13:00, 5 minutes' grace) Monday to Friday, Lắp the afternoon shift C2 (13:00–21:00, no
 * grace); Saturdays nobody has a shift. The tests drain the engine's keys themselves (a stub queue).
 */
describe.each(await testEngines())('shift change requests on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let approver = '';
  let approverId = '';
  let template = '';
  const worker = { may: '', lap: '', cuc: '' };
  const shift = { office: '', afternoon: '', night: '' };
  const lockedMonths = new Set<string>();
  const stubQueue = { enqueue: async () => [] } as never;
  const MONDAY = '2026-01-12';
  const SATURDAY = '2026-01-17';

  const locks: MonthLockSource = {
    lockedMonths: async (_tx, ids, months) =>
      new Map(ids.map((id) => [id, new Set(months.filter((m) => lockedMonths.has(m)))])),
  };
  const inputs: TimesheetInputs = {
    shifts: workCalendarShifts(),
    dayTypes: labourCalendarDayTypes,
    documents: shiftChangeDocuments(),
    locks,
    settings: seededSettings,
  };

  const post = <T = Saved>(token: string, path: string, body?: unknown) =>
    kit.http.post<T>(path, body, token);
  const inTenant = <T>(work: (tx: Tx) => Promise<T>) =>
    inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, work);
  const drain = () => drainDayRecomputation(kit.server.db.orm, hr.tenantId, inputs);
  const countRequests = async () =>
    (
      await rows<{ n: number }>(
        kit.server.db.orm,
        sql`select count(*)::int as n from tm_shift_change_requests where tenant_id = ${hr.tenantId}`,
      )
    )[0]?.n;
  /** The day's whole record as the timesheet reads it (computed_at aside: when, not what). */
  const dayRecord = async (workerId: string, day: string) =>
    (
      await rows<{ record: Record<string, unknown> }>(
        kit.server.db.orm,
        sql`select to_jsonb(d) - 'computed_at' as record from tm_day_records d
             where tenant_id = ${hr.tenantId} and worker_id = ${workerId} and work_date = ${day}`,
      )
    )[0]?.record;
  /** A device's punches of a worker stored, and their days asked for. */
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
  const swap = (overrides: Record<string, unknown> = {}) => ({
    workerId: worker.may,
    workDate: MONDAY,
    kind: 'SWAP',
    otherWorkerId: worker.lap,
    reason: 'Đổi ca để đi khám bệnh buổi sáng',
    ...overrides,
  });
  const move = (overrides: Record<string, unknown> = {}) => ({
    workerId: worker.may,
    workDate: '2026-01-14',
    kind: 'MOVE',
    workShiftId: shift.afternoon,
    reason: 'Chuyển ca theo kế hoạch sản xuất',
    ...overrides,
  });
  const create = async (body: Record<string, unknown>, token = hr.token) => {
    const res = await post(token, API, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const requestApproval = async (id: string) => {
    const res = await post(hr.token, `${API}/${id}/request-approval`, {
      workflowTemplateId: template,
      steps: [{ workFlowStepTemplateId: `${template}#1`, assigneeUserId: approverId }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const approve = (id: string) => post<Saved | Refusal>(approver, `${API}/${id}/approve`, { note: 'Đồng ý' });
  const cancelApproved = (id: string, reason: string) =>
    post<Saved | Refusal>(hr.token, `${API}/${id}/cancel-approved`, { reason });

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    // the hooks ask for days through this queue: the keys are written, no server job takes them
    recomputeThrough(stubQueue);
    requestDocumentsUse({ clock: () => new Date('2026-01-20T03:00:00Z'), locks });
    hr = await kit.caller(
      [shiftChangeRequestResource, workflowTemplateResource],
      ['action_log.view', 'swap_application.request-approval', 'swap_application.cancel-approval'],
    );
    const made = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      {
        tenantId: hr.tenantId,
        fullName: 'Trần Quản Đốc',
        permissions: ['swap_application.view', 'swap_application.approve', 'swap_application.reject'],
      },
    );
    approverId = made.user.id;
    approver = await accessTokenFor(kit.server.db.orm, made.user);
    const saved = await post<{ data: { id: string } }>(hr.token, '/api/system/workflow-templates', {
      code: 'QT_DC',
      name: 'Duyệt đơn đổi ca',
      workflowTemplateTypes: ['SHIFT_SWAP'],
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
    await inTenant(async (tx) => {
      const one = async (query: ReturnType<typeof sql>) =>
        (await rows<{ id: string }>(tx, query))[0]?.id ?? '';
      const t = hr.tenantId;
      const unit = await one(
        sql`insert into organization_units (tenant_id, code, name) values (${t}, 'XM', 'Xưởng may') returning id`,
      );
      const addWorker = (code: string, name: string) =>
        one(sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
                values (${t}, ${code}, ${name}, 'FEMALE', ${unit}) returning id`);
      worker.may = await addWorker('NV001', 'Nguyễn Thị May');
      worker.lap = await addWorker('NV002', 'Lê Thị Lắp');
      worker.cuc = await addWorker('NV003', 'Phạm Thị Cúc');
      const addShift = (code: string, name: string, from: string, to: string, grace: number) =>
        one(sql`insert into work_shifts (tenant_id, code, name, kind, start_time, end_time, required_hours,
                  late_tolerance_minutes, early_tolerance_minutes)
                values (${t}, ${code}, ${name}, 'FIXED', ${from}, ${to}, 8, ${grace}, ${grace}) returning id`);
      shift.office = await addShift('HC', 'Hành chính', '08:00', '17:00', 5);
      shift.afternoon = await addShift('C2', 'Ca chiều', '13:00', '21:00', 0);
      shift.night = await addShift('C3', 'Ca đêm', '22:00', '06:00', 0);
      await tx.execute(sql`
        insert into work_shift_breaks (tenant_id, shift_id, position, start_time, end_time, paid)
        values (${t}, ${shift.office}, 0, '12:00', '13:00', false)`);
      const calendar = async (code: string, shiftId: string, workerIds: string[]) => {
        const id = await one(sql`
          insert into tm_work_calendars (tenant_id, code, name, target_type, from_date, pattern_type,
            work_shift_id, approval_status, approved_at)
          values (${t}, ${code}, ${code}, 'WORKER', '2026-01-01', 'WEEKLY', ${shiftId}, 'APPROVED', now())
          returning id`);
        for (const [ordinal, workerId] of workerIds.entries())
          await tx.execute(sql`
            insert into tm_work_calendar_workers (tenant_id, calendar_id, worker_id, ordinal)
            values (${t}, ${id}, ${workerId}, ${ordinal})`);
        for (const weekday of ['MON', 'TUE', 'WED', 'THU', 'FRI'])
          await tx.execute(sql`
            insert into tm_work_calendar_weekdays (tenant_id, calendar_id, weekday) values (${t}, ${id}, ${weekday})`);
      };
      await calendar('LHC', shift.office, [worker.may, worker.cuc]);
      await calendar('LCA2', shift.afternoon, [worker.lap]);
      await tx.execute(sql`delete from labour_rules where tenant_id = ${t}`);
      await tx.execute(sql`
        insert into labour_rules (tenant_id, code, name, effective_date, normal_hours_per_day, normal_hours_per_week,
          night_start_hour, night_end_hour, overtime_weekday_percent, overtime_rest_day_percent,
          overtime_holiday_percent, night_work_percent, night_overtime_percent)
        values (${t}, 'LD2019', 'Bộ luật Lao động 2019', '2021-02-01', 8, 48, 22, 6, 150, 200, 300, 30, 20)`);
    });
    // Monday: May came for the afternoon (13:10–21:00), Lắp for the morning (08:00–16:50): the swap
    // they agreed and have not filed yet
    await punch(worker.may, [`${MONDAY} 13:10`, `${MONDAY} 21:00`]);
    await punch(worker.lap, [`${MONDAY} 08:00`, `${MONDAY} 16:50`]);
    await drain();
  });
  afterAll(async () => {
    await kit?.stop();
  });

  it('refuses bad requests with a field error each, and writes nothing', async () => {
    const before = await countRequests();
    const cases: [string, Record<string, unknown>, string, RegExp?][] = [
      ['swapping with oneself', swap({ otherWorkerId: worker.may }), 'otherWorkerId', /themselves/],
      ['a swap without the other employee', swap({ otherWorkerId: null }), 'otherWorkerId'],
      [
        'a swap on a day May has no shift',
        swap({ workDate: SATURDAY }),
        'workDate',
        /Nguyễn Thị May has no shift on 17\/01\/2026/,
      ],
      [
        'a swap with Lắp on a day she has no shift',
        swap({ otherWorkDate: SATURDAY }),
        'otherWorkDate',
        /Lê Thị Lắp has no shift on 17\/01\/2026/,
      ],
      ['a swap of the same shift', swap({ otherWorkerId: worker.cuc }), 'otherWorkerId', /Hành chính \(HC\)/],
      ['a swap naming a shift of its own', swap({ workShiftId: shift.night }), 'workShiftId'],
      [
        'a move to the shift she has',
        move({ workShiftId: shift.office }),
        'workShiftId',
        /already works Hành chính \(HC\)/,
      ],
      ['a day off on a day with no shift', move({ workDate: SATURDAY, workShiftId: null }), 'workShiftId'],
      ['a move naming another employee', move({ otherWorkerId: worker.lap }), 'otherWorkerId'],
      ['no reason', move({ reason: '' }), 'reason'],
      ['a kind that is not one', move({ kind: 'TRADE' }), 'kind'],
    ];
    for (const [what, body, field, message] of cases) {
      const res = await post<Refusal>(hr.token, API, body);
      expect(res.status, what).toBe(400);
      const error = (res.body as Refusal).errors?.find((e) => e.field === field);
      expect(error, `${what}: ${JSON.stringify(res.body)}`).toBeDefined();
      if (message) expect(error?.message, what).toMatch(message);
    }
    expect(await countRequests()).toBe(before);
  });

  it('tells the form the shift each named worker has that day', async () => {
    type Found = { data: { workShift: { code: string; name: string } | null } };
    const on = (workerId: string, date: string) =>
      kit.http.get<Found>(`${API}/shift-on-day?workerId=${workerId}&date=${date}`, hr.token);
    expect((await on(worker.may, MONDAY)).body.data.workShift).toMatchObject({
      code: 'HC',
      name: 'Hành chính',
    });
    expect((await on(worker.lap, MONDAY)).body.data.workShift).toMatchObject({ code: 'C2' });
    expect((await on(worker.lap, SATURDAY)).body.data.workShift).toBeNull();
    expect((await on(worker.lap, '2026-02-30')).status).toBe(400);
  });

  it('refuses a day already changed by another live request, naming it', async () => {
    const first = await create(move({ workDate: '2026-01-13' }));
    const before = await countRequests();
    const again = await post<Refusal>(hr.token, API, swap({ workDate: '2026-01-13' }));
    expect(again.status).toBe(400);
    expect((again.body as Refusal).errors?.find((e) => e.field === 'workDate')?.message).toMatch(
      /Nguyễn Thị May's 13\/01\/2026 is already changed by the request "Nguyễn Thị May – 13\/01\/2026"/,
    );
    // May's Tuesday is also the other side of Cúc's swap with her: refused on that side
    const other = await post<Refusal>(
      hr.token,
      API,
      swap({ workerId: worker.lap, otherWorkerId: worker.may, workDate: '2026-01-13' }),
    );
    expect(other.status).toBe(400);
    expect((other.body as Refusal).errors?.map((e) => e.field)).toContain('otherWorkDate');
    expect(await countRequests()).toBe(before);
    // once canceled (deleted here: it was never sent), the day is free again
    const deleted = await post(hr.token, `${API}/${first.id}/delete`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await create(swap({ workDate: '2026-01-13', otherWorkerId: worker.lap }));
  });

  it('an employee files for themselves, and swaps only with someone their scope reaches', async () => {
    const made = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      {
        tenantId: hr.tenantId,
        permissions: ['swap_application.view', 'swap_application.create'],
        dataScope: 'SELF',
      },
    );
    await inTenant((tx) =>
      tx.execute(sql`update workers set user_id = ${made.user.id} where id = ${worker.cuc}`),
    );
    const token = await accessTokenFor(kit.server.db.orm, made.user);
    const mine = await create(move({ workerId: worker.cuc, workDate: '2026-01-16' }), token);
    expect(mine).toMatchObject({ currentShiftId: shift.office, otherShiftId: null });
    const before = await countRequests();
    const forMay = await post<Refusal>(token, API, move());
    // without worker.view another's record is not theirs to name (docs/request-documents.md)
    expect(forMay.status).toBe(403);
    expect(forMay.body).toMatchObject({ code: 'FORBIDDEN', params: { permissions: ['worker.view'] } });
    const withLap = await post<Refusal>(token, API, swap({ workerId: worker.cuc, workDate: '2026-01-15' }));
    expect(withLap.status).toBe(400);
    expect((withLap.body as Refusal).errors?.find((e) => e.field === 'otherWorkerId')?.message).toMatch(
      /outside the records you may manage/,
    );
    expect(await countRequests()).toBe(before);
    const shiftOfLap = await kit.http.get<Refusal>(
      `${API}/shift-on-day?workerId=${worker.lap}&date=${MONDAY}`,
      token,
    );
    expect(shiftOfLap.status).toBe(400);
  });

  it('a swap approved gives each the other’s shift; canceled, both days are exactly as they were', async () => {
    const may = await dayRecord(worker.may, MONDAY);
    const lap = await dayRecord(worker.lap, MONDAY);
    // by the calendars May was owed 08:00 and Lắp 13:00: neither day is worked as scheduled
    expect(may).toMatchObject({ shift_code: 'HC' });
    expect(lap).toMatchObject({ shift_code: 'C2' });
    const neighbours = {
      may: [await dayRecord(worker.may, '2026-01-11'), await dayRecord(worker.may, '2026-01-13')],
      lap: [await dayRecord(worker.lap, '2026-01-11'), await dayRecord(worker.lap, '2026-01-13')],
    };

    const request = await create(swap());
    // what the work calendars gave each, found by the server
    expect(request).toMatchObject({
      currentShiftId: shift.office,
      otherShiftId: shift.afternoon,
      otherWorkDate: MONDAY,
    });
    await requestApproval(request.id);
    expect(await drain()).toMatchObject({ computed: 0 }); // waiting for approval changes nothing
    const approved = await approve(request.id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((approved.body as Saved).data.approvedAt).not.toBeNull();
    // the two days and the day either side of each
    expect(await drain()).toMatchObject({ computed: 6 });
    expect(await dayRecord(worker.may, MONDAY)).toMatchObject({
      shift_code: 'C2',
      outcome: 'WORKED',
      punch_pairs: '790~1260',
      late_minutes: 10,
      early_minutes: 0,
      day_symbol: '+',
    });
    expect(await dayRecord(worker.lap, MONDAY)).toMatchObject({
      shift_code: 'HC',
      outcome: 'WORKED',
      punch_pairs: '480~1010',
      late_minutes: 0,
      early_minutes: 10,
      day_symbol: '+',
    });
    expect([await dayRecord(worker.may, '2026-01-11'), await dayRecord(worker.may, '2026-01-13')]).toEqual(
      neighbours.may,
    );

    const canceled = await cancelApproved(request.id, 'Hai bạn không đổi ca nữa');
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect((canceled.body as Saved).data).toMatchObject({ approvalStatus: 'CANCELED', approvedAt: null });
    expect(await drain()).toMatchObject({ computed: 6 });
    expect(await dayRecord(worker.may, MONDAY)).toEqual(may);
    expect(await dayRecord(worker.lap, MONDAY)).toEqual(lap);
    expect([await dayRecord(worker.lap, '2026-01-11'), await dayRecord(worker.lap, '2026-01-13')]).toEqual(
      neighbours.lap,
    );
    expect((await cancelApproved(request.id, 'Lần nữa')).status).toBe(409);
  });

  it('a night shift moved in takes its morning checkout from the next day', async () => {
    // Wednesday night 21:55 → Thursday 06:05, then Thursday's office day 08:00–17:00
    await punch(worker.may, ['2026-01-14 21:55', '2026-01-15 06:05', '2026-01-15 08:00', '2026-01-15 17:00']);
    await drain();
    // by the calendars the 06:05 is Thursday's (Wednesday's office shift ends its day at midnight)
    expect(await dayRecord(worker.may, '2026-01-15')).toMatchObject({ punch_count: 3 });
    const thursday = await dayRecord(worker.may, '2026-01-15');
    const request = await create(move({ workShiftId: shift.night }));
    await requestApproval(request.id);
    expect((await approve(request.id)).status).toBe(200);
    await drain();
    expect(await dayRecord(worker.may, '2026-01-14')).toMatchObject({
      shift_code: 'C3',
      outcome: 'WORKED',
      punch_pairs: '1315~1805',
      late_minutes: 0,
      worked_minutes: 480,
    });
    expect(await dayRecord(worker.may, '2026-01-15')).toMatchObject({
      shift_code: 'HC',
      punch_count: 2,
      punch_pairs: '480~1020',
    });
    expect((await cancelApproved(request.id, 'Không làm ca đêm')).status).toBe(200);
    await drain();
    expect(await dayRecord(worker.may, '2026-01-15')).toEqual(thursday);
  });

  it('approves in a batch: each request changes its own day', async () => {
    const ids = [
      (await create(move({ workerId: worker.lap, workDate: '2026-01-19', workShiftId: shift.office }))).id,
      (await create(move({ workerId: worker.lap, workDate: '2026-01-20', workShiftId: null }))).id,
    ];
    const requested = await post<{ data: { succeeded: number } }>(hr.token, `${API}/request-approval/batch`, {
      ids,
      workflow: {
        workflowTemplateId: template,
        steps: [{ workFlowStepTemplateId: `${template}#1`, assigneeUserId: approverId }],
      },
    });
    expect(requested.body.data, JSON.stringify(requested.body)).toMatchObject({ succeeded: 2 });
    const approved = await post<{ data: { succeeded: number; failed: number } }>(
      approver,
      `${API}/approve/batch`,
      {
        ids,
      },
    );
    expect(approved.body.data, JSON.stringify(approved.body)).toMatchObject({ succeeded: 2, failed: 0 });
    await drain();
    expect(await dayRecord(worker.lap, '2026-01-19')).toMatchObject({ shift_code: 'HC', outcome: 'ABSENT' });
    // a day off moved in: no shift, nothing owed
    expect(await dayRecord(worker.lap, '2026-01-20')).toMatchObject({ shift_code: null, outcome: 'REST' });
  });

  it('refuses approval when the work calendars changed the shift since the request was saved', async () => {
    const request = await create(
      move({ workDate: '2026-01-16', workerId: worker.lap, workShiftId: shift.office }),
    );
    await requestApproval(request.id);
    const friday = sql`from tm_work_calendar_weekdays where tenant_id = ${hr.tenantId} and weekday = 'FRI'
      and calendar_id = (select id from tm_work_calendars where tenant_id = ${hr.tenantId} and code = 'LCA2')`;
    await inTenant((tx) => tx.execute(sql`delete ${friday}`));
    try {
      const refused = await approve(request.id);
      expect(refused.status).toBe(409);
      expect((refused.body as Refusal).message).toMatch(
        /now give Lê Thị Lắp no shift on 16\/01\/2026, not Ca chiều \(C2\)/,
      );
      const still = await kit.http.get<Saved>(`${API}/${request.id}`, hr.token);
      expect(still.body.data.approvalStatus).toBe('WAIT_APPROVE');
    } finally {
      await inTenant((tx) =>
        tx.execute(sql`insert into tm_work_calendar_weekdays (tenant_id, calendar_id, weekday)
          select ${hr.tenantId}, id, 'FRI' from tm_work_calendars where tenant_id = ${hr.tenantId} and code = 'LCA2'`),
      );
    }
  });

  it('in a locked month, approval is refused in words (409 monthLocked) and nothing changes', async () => {
    const request = await create(
      move({ workerId: worker.lap, workDate: '2026-01-09', workShiftId: shift.office }),
    );
    await requestApproval(request.id);
    lockedMonths.add('2026-01');
    try {
      const refused = await approve(request.id);
      expect(refused.status).toBe(409);
      expect((refused.body as Refusal).params).toMatchObject({ reason: 'monthLocked', month: '2026-01' });
      const still = await kit.http.get<Saved>(`${API}/${request.id}`, hr.token);
      expect(still.body.data.approvalStatus).toBe('WAIT_APPROVE');
      expect(await drain()).toMatchObject({ computed: 0 });
    } finally {
      lockedMonths.delete('2026-01');
    }
  });
});
