import type { ErrorEnvelope } from '@hcm/contracts';
import type { ShiftSummaryPage, WorkCalendarExplanation } from '@hcm/contracts/work-calendars';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../db/tenant-scope.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeUser } from '../../../testing/factories.ts';
import { rows } from '../../../testing/migrated-database.ts';
import { statementsDuring } from '../../../testing/statements-during.ts';
import { workflowTemplateResource } from '../../system/workflow-templates/resources.ts';
import { workCalendarResource } from './resource.ts';
import { recomputeCalendarDays } from './recompute-on-approval.ts';
import { resolveShifts, type WorkerSelection } from './resolve-shifts.ts';

const API = '/api/tm/work-calendars';
type Saved = { data: { id: string; version: number; approvalStatus: string; approvedAt: string | null } };
type Refusal = ErrorEnvelope & { errors: { field: string; code: string }[] };

/*
 * Work calendars against a real database (PostgreSQL; docs/work-calendars.md): bad input refused
 * with nothing written, a pending calendar that does not apply and an approved one that does, the
 * precedence as the resolver, the explanation and the summary of shifts answer it, and the
 * resolver's fixed number of statements however many workers it resolves.
 *
 * The tenant: Công ty → Nhà máy → Xưởng hàn → Tổ hàn 1 (a working group), a welder in the team,
 * a worker in the workshop, and 40 more in the factory.
 */
describe.each(await testEngines())('work calendars on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let approver: { token: string };
  let template: string;
  const unit: Record<'company' | 'factory' | 'workshop' | 'team', string> = {
    company: '',
    factory: '',
    workshop: '',
    team: '',
  };
  const shift: Record<'HC' | 'S1' | 'S2' | 'S3', string> = { HC: '', S1: '', S2: '', S3: '' };
  let welderTitle = '';
  let welder = '';
  let fitter = '';
  let serial = 0;

  const post = <T = Saved>(token: string, path: string, body?: unknown) =>
    kit.http.post<T>(path, body, token);
  const get = <T>(path: string, token = hr.token) => kit.http.get<T>(path, token);
  const inTenant = <T>(work: Parameters<typeof inScope<T>>[2]) =>
    inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: hr.userId }, work);
  const countCalendars = async () =>
    (
      await rows<{ n: number }>(
        kit.server.db.orm,
        sql`select count(*)::int as n from tm_work_calendars where tenant_id = ${hr.tenantId}`,
      )
    )[0]?.n;
  const weekly = (overrides: Record<string, unknown> = {}) => ({
    code: `LLV_${++serial}`,
    name: `Lịch làm việc ${serial}`,
    targetType: 'UNIT',
    organizationUnitId: unit.company,
    fromDate: '2026-03-01',
    toDate: '2026-12-31',
    patternType: 'WEEKLY',
    weekdays: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
    workShiftId: shift.HC,
    ...overrides,
  });
  const create = async (body: Record<string, unknown>) => {
    const res = await post(hr.token, API, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const approve = async (id: string) => {
    const requested = await post(hr.token, `${API}/${id}/request-approval`, {
      workflowTemplateId: template,
      steps: [{ workFlowStepTemplateId: `${template}#1`, assigneeUserId: approverId }],
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const approved = await post(approver.token, `${API}/${id}/approve`, { note: 'Đồng ý' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    return approved.body.data;
  };
  const shiftsOf = (workers: WorkerSelection, from: string, to: string) =>
    inTenant((tx) => resolveShifts(tx, { workers, from, to }));
  const codeOf = (id: string | null) => Object.entries(shift).find(([, value]) => value === id)?.[0] ?? null;
  let approverId = '';

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller(
      [workCalendarResource, workflowTemplateResource],
      ['action_log.view', 'work_calendar.request-approval', 'work_calendar.cancel-approval'],
    );
    const made = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      {
        tenantId: hr.tenantId,
        fullName: 'Trần Quản Đốc',
        permissions: ['work_calendar.view', 'work_calendar.approve', 'work_calendar.reject'],
      },
    );
    approverId = made.user.id;
    approver = { token: await accessTokenFor(kit.server.db.orm, made.user) };
    const saved = await post<{ data: { id: string } }>(hr.token, '/api/system/workflow-templates', {
      code: 'QT_LICH_LV',
      name: 'Duyệt lịch làm việc',
      workflowTemplateTypes: ['WORK_CALENDAR'],
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
      const addUnit = async (code: string, name: string, type: string, parent: string | null) =>
        (
          await rows<{ id: string }>(
            tx,
            sql`insert into organization_units (tenant_id, code, name, type_code, parent_id)
                values (${hr.tenantId}, ${code}, ${name}, ${type}, ${parent}) returning id`,
          )
        )[0]?.id ?? '';
      unit.company = await addUnit('CTY', 'Công ty', 'CONG_TY', null);
      unit.factory = await addUnit('NM', 'Nhà máy', 'KHOI', unit.company);
      unit.workshop = await addUnit('XH', 'Xưởng hàn', 'PHONG', unit.factory);
      unit.team = await addUnit('TH1', 'Tổ hàn 1', 'TO', unit.workshop);
      welderTitle =
        (
          await rows<{ id: string }>(
            tx,
            sql`insert into job_titles (tenant_id, code, name) values (${hr.tenantId}, 'THO_HAN', 'Thợ hàn') returning id`,
          )
        )[0]?.id ?? '';
      for (const [code, start, end] of [
        ['HC', '08:00', '17:00'],
        ['S1', '06:00', '14:00'],
        ['S2', '14:00', '22:00'],
        ['S3', '22:00', '06:00'],
      ] as const)
        shift[code] =
          (
            await rows<{ id: string }>(
              tx,
              sql`insert into work_shifts (tenant_id, code, name, start_time, end_time, required_hours)
                  values (${hr.tenantId}, ${code}, ${`Ca ${code}`}, ${start}, ${end}, 8) returning id`,
            )
          )[0]?.id ?? '';
      const addWorker = async (code: string, unitId: string, title: string | null) =>
        (
          await rows<{ id: string }>(
            tx,
            sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id, job_title_id)
                values (${hr.tenantId}, ${code}, ${`Nguyễn Văn ${code}`}, 'MALE', ${unitId}, ${title}) returning id`,
          )
        )[0]?.id ?? '';
      welder = await addWorker('NV0001', unit.team, welderTitle);
      fitter = await addWorker('NV0002', unit.workshop, null);
      for (let i = 3; i <= 42; i++) await addWorker(`NV${String(i).padStart(4, '0')}`, unit.factory, null);
    });
  });
  afterAll(() => kit?.stop());

  it('refuses bad input in the error envelope and writes nothing', async () => {
    const unknownShift = '00000000-0000-4000-8000-000000000000';
    const cases: [string, Record<string, unknown>, string][] = [
      ['end before start', weekly({ fromDate: '2026-03-10', toDate: '2026-03-01' }), 'toDate'],
      ['no weekday', weekly({ weekdays: [] }), 'weekdays'],
      [
        'a rotation without an anchor',
        weekly({
          patternType: 'ROTATION',
          workShiftId: null,
          rotationUnit: 'WEEK',
          rotation: [{ workShiftId: shift.S1 }, { workShiftId: shift.S2 }],
        }),
        'anchorDate',
      ],
      ['an unknown shift', weekly({ workShiftId: unknownShift }), 'workShiftId'],
      [
        'an unknown shift in a slot',
        weekly({
          patternType: 'ROTATION',
          workShiftId: null,
          rotationUnit: 'DAY',
          anchorDate: '2026-03-02',
          rotation: [{ workShiftId: shift.S1 }, { workShiftId: unknownShift }],
        }),
        'rotation',
      ],
      ['a working group as a unit', weekly({ organizationUnitId: unit.team }), 'organizationUnitId'],
      ['workers named on a unit calendar', weekly({ workerIds: [welder] }), 'workerIds'],
      [
        'a worker calendar naming nobody',
        weekly({ targetType: 'WORKER', organizationUnitId: null }),
        'workerIds',
      ],
    ];
    for (const [name, body, field] of cases) {
      const res = await post<Refusal>(hr.token, API, body);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.code, name).toBeTruthy();
      expect(
        res.body.errors.map((error) => error.field),
        name,
      ).toContain(field);
    }
    expect(await countCalendars()).toBe(0);
  });

  it('asks for the days already computed under a calendar again, as its approval does', async () => {
    // two computed days of the welder (team), one of the fitter (workshop), one outside the dates
    await inTenant(async (tx) => {
      await tx.execute(
        sql`select hcm_ensure_month_partitions('tm_day_records', array['2026-05-01', '2026-06-01']::date[])`,
      );
      await tx.execute(sql`insert into tm_day_records (tenant_id, work_date, worker_id) values
        (${hr.tenantId}, '2026-05-04', ${welder}), (${hr.tenantId}, '2026-05-05', ${welder}),
        (${hr.tenantId}, '2026-05-04', ${fitter}), (${hr.tenantId}, '2026-06-01', ${welder})`);
    });
    const team = await create(
      weekly({
        code: 'LLV_THANG_5',
        targetType: 'WORKING_GROUP',
        organizationUnitId: unit.team,
        fromDate: '2026-05-01',
        toDate: '2026-05-31',
      }),
    );
    // read inside the asking transaction (then undone), before the server's job could take the keys
    const undone = new Error('undo');
    let asked: { worker_id: string; work_date: string }[] = [];
    await inTenant(async (tx) => {
      expect(await recomputeCalendarDays(tx, hr.tenantId, team.id)).toBe(2);
      asked = await rows(
        tx,
        sql`select worker_id, work_date::text from tm_day_recompute_keys
             where work_date between '2026-05-01' and '2026-06-30' order by work_date, worker_id`,
      );
      throw undone;
    }).catch((error: unknown) => {
      if (error !== undone) throw error;
    });
    expect(asked).toEqual([
      { worker_id: welder, work_date: '2026-05-04' },
      { worker_id: welder, work_date: '2026-05-05' },
    ]);
    // the approval asks the same in its own transaction
    expect((await approve(team.id)).approvalStatus).toBe('APPROVED');
    await inTenant((tx) => tx.execute(sql`delete from tm_day_records where work_date >= '2026-05-01'`));
  });

  it('applies a calendar only once it is approved, and explains both states', async () => {
    const calendar = await create(weekly({ code: 'LLV_CONG_TY' }));
    expect(calendar.approvalStatus).toBe('NEW');
    // Tuesday 3 March 2026
    const pending = await shiftsOf({ workerIds: [welder] }, '2026-03-03', '2026-03-03');
    expect(pending.days.get(welder)).toEqual([
      { date: '2026-03-03', workShiftId: null, off: false, calendarId: null },
    ]);
    const before = await get<{ data: WorkCalendarExplanation }>(
      `${API}/explain?workerId=${welder}&date=2026-03-03`,
    );
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.data.winner).toBeNull();
    expect(before.body.data.candidates.map((c) => [c.code, c.verdict])).toEqual([
      ['LLV_CONG_TY', 'NOT_APPROVED'],
    ]);

    const approved = await approve(calendar.id);
    expect(approved.approvalStatus).toBe('APPROVED');
    const detail = await get<Saved>(`${API}/${calendar.id}`);
    expect(detail.body.data.approvedAt).toBeTruthy();
    const applied = await shiftsOf({ workerIds: [welder] }, '2026-03-03', '2026-03-03');
    expect(applied.days.get(welder)?.[0]).toMatchObject({ workShiftId: shift.HC, calendarId: calendar.id });
    expect(applied.calendars.get(calendar.id)).toMatchObject({ code: 'LLV_CONG_TY', targetType: 'UNIT' });
  });

  it('gives each worker the most specific approved calendar, and says why', async () => {
    // the team rotates three shifts weekly, Monday to Saturday, from Monday 2 March
    const team = await create(
      weekly({
        code: 'LLV_TO_HAN',
        targetType: 'WORKING_GROUP',
        organizationUnitId: unit.team,
        patternType: 'ROTATION',
        workShiftId: null,
        weekdays: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'],
        rotationUnit: 'WEEK',
        anchorDate: '2026-03-02',
        rotation: [{ workShiftId: shift.S1 }, { workShiftId: shift.S2 }, { workShiftId: shift.S3 }],
      }),
    );
    await approve(team.id);
    // the welder alone works S1 on Saturdays of March: an individual calendar claiming Saturday
    const own = await create(
      weekly({
        code: 'LLV_RIENG',
        targetType: 'WORKER',
        organizationUnitId: null,
        workerIds: [welder],
        toDate: '2026-03-31',
        weekdays: ['SAT'],
        workShiftId: shift.S1,
      }),
    );
    await approve(own.id);
    // a pending calendar of the welder's title never decides
    await create(
      weekly({
        code: 'LLV_CHUA_DUYET',
        targetType: 'JOB_TITLE',
        organizationUnitId: null,
        jobTitleId: welderTitle,
        workShiftId: shift.S3,
      }),
    );

    // Monday 30 March … Sunday 5 April: week 4 of the rotation (S2), across the month end
    const week = await shiftsOf({ organizationUnitId: unit.company }, '2026-03-30', '2026-04-05');
    expect(week.days.size).toBe(42);
    expect(week.days.get(welder)?.map((d) => codeOf(d.workShiftId))).toEqual([
      'S2',
      'S2',
      'S2',
      'S2',
      'S2',
      'S2',
      null,
    ]);
    // the fitter sits in the workshop, above the team: the company calendar, weekdays only
    expect(week.days.get(fitter)?.map((d) => codeOf(d.workShiftId))).toEqual([
      'HC',
      'HC',
      'HC',
      'HC',
      'HC',
      null,
      null,
    ]);
    const saturday = await shiftsOf({ workerIds: [welder] }, '2026-03-28', '2026-03-28');
    expect(saturday.days.get(welder)?.[0]).toMatchObject({ workShiftId: shift.S1, calendarId: own.id });

    const why = await get<{ data: WorkCalendarExplanation }>(
      `${API}/explain?workerId=${welder}&date=2026-03-28`,
    );
    expect(why.status, JSON.stringify(why.body)).toBe(200);
    expect(why.body.data.winner).toMatchObject({ code: 'LLV_RIENG', workShiftCode: 'S1', verdict: 'WINNER' });
    expect(why.body.data.decidedBy).toBe('TARGET');
    expect(why.body.data.candidates.map((c) => [c.code, c.verdict, c.lostBy, c.unitDistance])).toEqual([
      ['LLV_RIENG', 'WINNER', null, 0],
      ['LLV_TO_HAN', 'OUTRANKED', 'TARGET', 0],
      ['LLV_CHUA_DUYET', 'NOT_APPROVED', null, 0],
      ['LLV_CONG_TY', 'NOT_THIS_WEEKDAY', null, 3],
    ]);
    const unknown = await get<ErrorEnvelope>(`${API}/explain?workerId=${welder}&date=2026-02-30`);
    expect(unknown.status).toBe(400);
  });

  it('answers the summary of shifts a keyset page of workers at a time', async () => {
    const url = (after?: string) =>
      `/api/tm/summary-of-shift?organizationUnitId=${unit.company}&month=2026-03&pageSize=25${after ? `&after=${after}` : ''}`;
    const first = await get<{ data: ShiftSummaryPage }>(url());
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.days).toHaveLength(31);
    expect(first.body.data.rows).toHaveLength(25);
    expect(first.body.data.rows[0]).toMatchObject({ code: 'NV0001' });
    // the welder's week of 23 March (rotation week 3: S1) and Saturday 28 from their own calendar
    expect(first.body.data.rows[0]?.shifts.slice(22, 29)).toEqual(['S1', 'S1', 'S1', 'S1', 'S1', 'S1', null]);
    expect(first.body.data.next).toBeTruthy();
    const second = await get<{ data: ShiftSummaryPage }>(url(first.body.data.next ?? ''));
    expect(second.body.data.rows).toHaveLength(17);
    expect(second.body.data.next).toBeNull();
    const codes = [...first.body.data.rows, ...second.body.data.rows].map((row) => row.code);
    expect(new Set(codes).size).toBe(42);
    expect((await get<ErrorEnvelope>(url('not-a-cursor'))).status).toBe(400);
    expect((await get<ErrorEnvelope>(url().replace('2026-03', '2026-13'))).status).toBe(400);
  });

  it('shows in the explanation and the summary only the employees the caller’s data scope reaches', async () => {
    const made = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      {
        tenantId: hr.tenantId,
        fullName: 'Phạm Chỉ Mình',
        permissions: ['timesheet.view', 'work_calendar.view'],
        dataScope: 'SELF',
      },
    );
    const token = await accessTokenFor(kit.server.db.orm, made.user);
    // linked to the fitter's record: themselves and no one else
    await inTenant((tx) =>
      tx.execute(sql`update workers set user_id = ${made.user.id} where id = ${fitter}`),
    );
    const own = await get<{ data: WorkCalendarExplanation }>(
      `${API}/explain?workerId=${fitter}&date=2026-03-03`,
      token,
    );
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(
      (await get<ErrorEnvelope>(`${API}/explain?workerId=${welder}&date=2026-03-03`, token)).status,
    ).toBe(404);
    const grid = await get<{ data: ShiftSummaryPage }>(
      `/api/tm/summary-of-shift?organizationUnitId=${unit.company}&month=2026-03`,
      token,
    );
    expect(grid.body.data.rows.map((row) => row.code)).toEqual(['NV0002']);
  });

  it('resolves in the same statements for two workers as for forty-two', async () => {
    // only the resolver's own statements: the approvals above leave day recomputes running
    const few = await statementsDuring(
      () => shiftsOf({ workerIds: [welder, fitter] }, '2026-03-01', '2026-03-31'),
      { ownOnly: true },
    );
    const many = await statementsDuring(
      () => shiftsOf({ organizationUnitId: unit.company }, '2026-03-01', '2026-03-31'),
      { ownOnly: true },
    );
    // PGlite runs its statements inside itself: there is nothing to count
    if (engine !== 'pglite') {
      // the three reads: the workers, the unit tree, the calendars with their lists
      const reads = (sent: string[]) =>
        sent.filter((s) => /^(with recursive|select)/.test(s) && !/set_config/.test(s));
      expect(reads(few)).toHaveLength(3);
      expect(reads(many)).toHaveLength(3);
      expect(many.length).toBe(few.length);
    }
  });
});
