import { ErrorCodes, type ErrorEnvelope } from '@hcm/contracts';
import type { WorkflowTemplateRecord } from '@hcm/contracts/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../../db/schema.ts';
import { categoryTables } from '../../om/tables/categories.ts';
import { holidays } from '../../../db/tables/holidays.ts';
import { messageTemplates } from '../../../db/tables/message-templates.ts';
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
import { workflowTemplateResource } from './resources.ts';

const BASE = '/api/system/workflow-templates';
const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
type Template = WorkflowTemplateRecord;
type Schedule = { data: { start: string; end: string }[] };

/** `yyyy-MM-dd` of the Friday after today in Vietnam (UTC+7), and the Monday after it. */
function nextFridayInVietnam(): { friday: string; monday: string } {
  const today = new Date(Date.now() + 7 * 3_600_000);
  const ahead = ((5 - today.getUTCDay() + 7) % 7) + 7;
  const day = (n: number) => new Date(today.getTime() + n * DAY).toISOString().slice(0, 10);
  return { friday: day(ahead), monday: day(ahead + 3) };
}
/** an instant of a day at a Vietnam local time, as the API answers it */
const vn = (day: string, time: string) => new Date(`${day}T${time}+07:00`).toISOString();
type Page<T> = { data: T[]; page: { total: number } };

describe.each(await testEngines())('Workflow templates on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let caller: Caller;
  let other: Caller;
  /** records of the caller's tenant (and one role of the other tenant) to assign steps to */
  const ids = { role: '', otherRole: '', jobPosition: '', jobTitle: '', notification: '', email: '' };

  const insert = async (who: Caller, work: (tx: Tx) => PromiseLike<unknown>) => {
    const rows = await inScope(
      kit.server.db.orm,
      { tenantId: who.tenantId, userId: who.userId },
      async (tx) => (await work(tx)) as { id: string }[],
    );
    return String(rows[0]?.id);
  };
  const role = (who: Caller, name: string) =>
    insert(who, (tx) =>
      tx.insert(roles).values({ tenantId: who.tenantId, code: name.toUpperCase(), name }).returning(),
    );
  const category = (table: (typeof categoryTables)['job_title'], name: string) =>
    insert(caller, (tx) =>
      tx
        .insert(table)
        .values({ tenantId: caller.tenantId, code: `C_${name}`, name })
        .returning(),
    );
  const message = (channel: 'EMAIL' | 'NOTIFICATION', code: string) =>
    insert(caller, (tx) =>
      tx
        .insert(messageTemplates)
        .values({
          tenantId: caller.tenantId,
          code,
          name: code,
          channel,
          subjectVi: 'Nhắc',
          bodyVi: 'Nội dung',
        })
        .returning(),
    );

  const step = (assignmentType: string, assignmentId: string, slaAmount = 30, slaUnit = 'MINUTES') => ({
    name: `Duyệt ${assignmentType}`,
    assignmentType,
    assignmentId,
    slaAmount,
    slaUnit,
  });
  const create = (body: Record<string, unknown>, who = caller) =>
    kit.http.post<{ data: Template } & ErrorEnvelope>(BASE, body, who.token);
  const fieldsOf = (res: { body: ErrorEnvelope }) => res.body.errors?.map((e) => e.field) ?? [];

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    caller = await kit.caller([workflowTemplateResource]);
    other = await kit.caller([workflowTemplateResource]);
    ids.role = await role(caller, 'Kế toán trưởng');
    ids.otherRole = await role(other, 'Vai trò khác');
    ids.jobPosition = await category(categoryTables.job_position, 'Trưởng phòng');
    ids.jobTitle = await category(categoryTables.job_title, 'Kỹ sư');
    ids.notification = await message('NOTIFICATION', 'WF_REMIND');
    ids.email = await message('EMAIL', 'WF_EMAIL');
  });
  afterAll(() => kit?.stop());

  it('keeps the steps in order, names each assignee from its record and answers each SLA with its calendar ms', async () => {
    const res = await create({
      code: 'WF_LEAVE',
      name: 'Duyệt nghỉ phép',
      workflowTemplateTypes: ['LEAVE_REQUEST', 'OVERTIME'],
      loopTime: 15 * MINUTE,
      notificationDuration: 10 * MINUTE,
      notificationTemplateId: ids.notification,
      steps: [
        { ...step('USER', caller.userId, 5), assignmentName: 'typed by the client, ignored' },
        step('ROLE', ids.role, 120),
        step('JOB_POSITION', ids.jobPosition),
        step('JOB_TITLE', ids.jobTitle, 2, 'WORKING_DAYS'),
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const detail = await kit.http.get<{ data: Template }>(`${BASE}/${res.body.data.id}`, caller.token);
    expect(detail.body.data).toEqual(res.body.data);
    const template = detail.body.data;
    expect(template.loopTime).toBe(900_000);
    expect(template.workflowTemplateTypes).toEqual(['LEAVE_REQUEST', 'OVERTIME']);
    expect(
      template.steps.map((s) => [s.assignmentType, s.assignmentName, s.slaAmount, s.slaUnit, s.slaTime]),
    ).toEqual([
      ['USER', expect.stringMatching(/\(.+\)$/), 5, 'MINUTES', 300_000],
      ['ROLE', 'Kế toán trưởng', 120, 'MINUTES', 7_200_000],
      ['JOB_POSITION', 'Trưởng phòng', 30, 'MINUTES', 1_800_000],
      // a working day reads as a day on the calendar (the engine counts the real ones)
      ['JOB_TITLE', 'Kỹ sư', 2, 'WORKING_DAYS', 2 * DAY],
    ]);

    // reordered on update: the order given is the order kept, names follow their records
    const [first, second] = template.steps;
    const updated = await kit.http.post<{ data: Template }>(
      `${BASE}/${template.id}/update`,
      { version: template.version, steps: [second, first] },
      caller.token,
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.steps.map((s) => s.assignmentType)).toEqual(['ROLE', 'USER']);

    // the spreadsheet shows minutes, as the form does
    const sheet = await readSheet(
      (await download(`${kit.server.url}${BASE}/export?keyword=WF_LEAVE`, caller.token)).bytes,
    );
    const [header, row] = sheet as [unknown[], unknown[]];
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('Chu kỳ nhắc lại (phút)')).toBe(15);
    expect(cell('Thời gian thông báo (phút)')).toBe(10);
    // each step by its words, never its codes or ids: "… – Vai trò – Kế toán trưởng – 120 – Phút"
    const steps = String(cell('Các bước xử lý'));
    expect(steps).toContain('Vai trò – Kế toán trưởng – 120 – Phút');
    expect(steps).toContain('Người dùng – Nguyễn Văn Thử');
    expect(steps).not.toMatch(/– (ROLE|USER|MINUTES)|[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('refuses no steps and more than 50, reminders that are not whole minutes from 1 to 999, and SLA amounts that are not whole numbers from 1', async () => {
    const base = { code: 'WF_LIMITS', name: 'Giới hạn' };
    for (const steps of [undefined, [], Array.from({ length: 51 }, () => step('ROLE', ids.role))]) {
      const res = await create({ ...base, ...(steps ? { steps } : {}) });
      expect(res.status, JSON.stringify(steps?.length)).toBe(400);
      expect(fieldsOf(res)).toContain('steps');
    }
    const fifty = await create({ ...base, steps: Array.from({ length: 50 }, () => step('ROLE', ids.role)) });
    expect(fifty.status, JSON.stringify(fifty.body)).toBe(200);
    expect(fifty.body.data.steps).toHaveLength(50);

    for (const slaAmount of [0, 1.5, 43_201]) {
      const res = await create({
        code: 'WF_SLA',
        name: 'SLA',
        steps: [step('ROLE', ids.role, slaAmount)],
      });
      expect(res.status).toBe(400);
      expect(fieldsOf(res).join()).toMatch(/steps/);
    }
    const loop = await create({
      code: 'WF_LOOP',
      name: 'Loop',
      loopTime: 30_000,
      steps: [step('ROLE', ids.role)],
    });
    expect(fieldsOf(loop)).toContain('loopTime');
  });

  it('takes a step of up to 30 days in every unit, and refuses more with the unit’s limit and the amount given', async () => {
    const thirtyDays = [
      [43_200, 'MINUTES'],
      [720, 'HOURS'],
      [30, 'DAYS'],
      [30, 'WORKING_DAYS'],
    ] as const;
    const made = await create({
      code: 'WF_30D',
      name: 'Ba mươi ngày',
      steps: thirtyDays.map(([amount, unit]) => step('ROLE', ids.role, amount, unit)),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.steps.map((s) => s.slaTime)).toEqual([30 * DAY, 30 * DAY, 30 * DAY, 30 * DAY]);

    for (const [amount, unit] of thirtyDays) {
      const res = await create({
        code: `WF_OVER_${unit}`,
        name: 'Quá 30 ngày',
        steps: [step('ROLE', ids.role), step('ROLE', ids.role, amount + 1, unit)],
      });
      expect(res.status, `${unit} ${JSON.stringify(res.body)}`).toBe(400);
      // 43 201 minutes passes no schema (the largest amount of all units); the others the unit's limit
      expect(res.body.errors).toEqual([
        {
          field: 'steps[1].slaAmount',
          code: 'error.max',
          message: expect.stringContaining(String(amount)),
          params:
            unit === 'MINUTES'
              ? { required: amount, actual: amount + 1 }
              : { required: amount, actual: amount + 1, unit },
        },
      ]);
    }
    const none = await kit.http.get<Page<Template>>(`${BASE}?keyword=WF_OVER`, caller.token);
    expect(none.body.page.total).toBe(0);

    // on update too, and nothing changes
    const template = made.body.data;
    const res = await kit.http.post<ErrorEnvelope>(
      `${BASE}/${template.id}/update`,
      { version: template.version, steps: [step('ROLE', ids.role, 31, 'DAYS')] },
      caller.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]).toMatchObject({
      field: 'steps[0].slaAmount',
      params: { required: 30, actual: 31 },
    });
    const after = await kit.http.get<{ data: Template }>(`${BASE}/${template.id}`, caller.token);
    expect(after.body.data.steps).toHaveLength(4);
  });

  it('refuses an assignee that is not a record of its type in the tenant, at the row’s field', async () => {
    const cases: [string, string][] = [
      ['ROLE', ids.otherRole],
      ['ROLE', ids.jobTitle],
      ['JOB_POSITION', ids.jobTitle],
      ['JOB_TITLE', ids.role],
      ['USER', other.userId],
    ];
    for (const [type, id] of cases) {
      const res = await create({
        code: 'WF_BAD',
        name: 'Sai',
        steps: [step('ROLE', ids.role), step(type, id)],
      });
      expect(res.status, `${type} ${JSON.stringify(res.body)}`).toBe(400);
      expect(fieldsOf(res)).toEqual(['steps[1].assignmentId']);
    }
    const search = await kit.http.get<Page<Template>>(`${BASE}?keyword=WF_BAD`, caller.token);
    expect(search.body.page.total).toBe(0);

    // on update too, and nothing changes
    const made = await create({ code: 'WF_UPD', name: 'Cập nhật', steps: [step('ROLE', ids.role)] });
    const res = await kit.http.post<ErrorEnvelope>(
      `${BASE}/${made.body.data.id}/update`,
      { version: made.body.data.version, steps: [step('ROLE', ids.role), step('ROLE', ids.otherRole)] },
      caller.token,
    );
    expect(fieldsOf(res)).toEqual(['steps[1].assignmentId']);
  });

  it('takes an ACTIVE notification template of channel NOTIFICATION only', async () => {
    const res = await create({
      code: 'WF_MAIL',
      name: 'Email',
      notificationTemplateId: ids.email,
      steps: [step('ROLE', ids.role)],
    });
    expect(fieldsOf(res)).toEqual(['notificationTemplateId']);
  });

  it('searches ACTIVE templates of the approval kinds asked for, sorted by name', async () => {
    const made: Record<string, string> = {};
    for (const [code, name, types] of [
      ['WF_S1', 'Zeta nghỉ', ['LEAVE_REQUEST']],
      ['WF_S2', 'Alpha nghỉ và công tác', ['LEAVE_REQUEST', 'BUSINESS_TRIP']],
      ['WF_S3', 'Beta công tác', ['BUSINESS_TRIP']],
      ['WF_S4', 'Gamma lương', ['PAYROLL']],
    ] as const) {
      const res = await create({ code, name, workflowTemplateTypes: types, steps: [step('ROLE', ids.role)] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      made[code] = res.body.data.id;
    }
    await kit.http.post(`${BASE}/${made.WF_S3}/inactive`, undefined, caller.token);
    const names = async (query: string, who = caller) => {
      const res = await kit.http.get<Page<Template>>(`${BASE}/search-auto-complete?${query}`, who.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.filter((t) => t.code.startsWith('WF_S')).map((t) => t.name);
    };
    expect(await names('sortBy=name.asc&workflowTemplateTypes=LEAVE_REQUEST')).toEqual([
      'Alpha nghỉ và công tác',
      'Zeta nghỉ',
    ]);
    expect(
      await names('sortBy=name.asc&workflowTemplateTypes=BUSINESS_TRIP&workflowTemplateTypes=PAYROLL'),
    ).toEqual(['Alpha nghỉ và công tác', 'Gamma lương']);
    expect(await names('sortBy=name.desc&keyword=nghỉ')).toEqual(['Zeta nghỉ', 'Alpha nghỉ và công tác']);
    expect(await names('sortBy=name.asc&workflowTemplateTypes=LEAVE_REQUEST', other)).toEqual([]);
    const bad = await kit.http.get<ErrorEnvelope>(
      `${BASE}/search-auto-complete?workflowTemplateTypes=NOPE`,
      caller.token,
    );
    expect(bad.status).toBe(400);
  });

  it('answers the schedule the engine would set: working days skip the weekend and the tenant’s holidays', async () => {
    const made = await create({
      code: 'WF_SCHEDULE',
      name: 'Lịch các bước',
      steps: [step('ROLE', ids.role, 2, 'WORKING_DAYS'), step('ROLE', ids.role, 3, 'HOURS')],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.id;
    const scheduled = (start: string, who = caller) =>
      kit.http.get<Schedule & ErrorEnvelope>(
        `${BASE}/${id}/schedule?start=${encodeURIComponent(start)}`,
        who.token,
      );
    // ahead of today, so that the start is always within the year the route takes
    const { friday, monday } = nextFridayInVietnam();
    const wednesday = new Date(Date.parse(monday) + 2 * DAY).toISOString().slice(0, 10);
    const tuesday = new Date(Date.parse(monday) + DAY).toISOString().slice(0, 10);

    // the default week (Monday to Friday): Friday 10:00 plus two working days is Tuesday 10:00,
    // and the next step starts then
    const res = await scheduled(vn(friday, '10:00:00'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([
      { start: vn(friday, '10:00:00'), end: vn(tuesday, '10:00:00') },
      { start: vn(tuesday, '10:00:00'), end: vn(tuesday, '13:00:00') },
    ]);

    // a public holiday of the tenant on the Monday: Wednesday
    await insert(caller, (tx) =>
      tx
        .insert(holidays)
        .values({
          tenantId: caller.tenantId,
          code: 'WF_NGHI_LE',
          name: 'Nghỉ lễ',
          startDate: monday,
          endDate: monday,
          paid: true,
        })
        .returning(),
    );
    const moved = await scheduled(vn(friday, '10:00:00'));
    expect(moved.body.data.map((s) => s.end)).toEqual([vn(wednesday, '10:00:00'), vn(wednesday, '13:00:00')]);

    // a start that is no instant, or a year away, is refused at its field
    for (const bad of ['nope', '2026-03-06T10:00:00', '2026-02-30T10:00:00Z', '1999-01-01T00:00:00Z']) {
      const refused = await scheduled(bad);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.code, bad).toBe(ErrorCodes.validation);
      expect(fieldsOf(refused), bad).toEqual(['start']);
    }
    const missing = await kit.http.get<ErrorEnvelope>(`${BASE}/${id}/schedule`, caller.token);
    expect(missing.status).toBe(400);

    // another tenant's template is none of the caller's; reading it needs reading templates
    const elsewhere = await scheduled(vn(friday, '10:00:00'), other);
    expect(elsewhere.status).toBe(404);
    const stranger = await kit.caller([]);
    expect((await scheduled(vn(friday, '10:00:00'), stranger)).status).toBe(403);
  });

  it('offers each type’s records of the tenant to pick from, by name', async () => {
    const pick = async (type: string, keyword = '') => {
      const res = await kit.http.get<Page<{ id: string; name: string }>>(
        `${BASE}/assignees/${type}/auto-complete?keyword=${encodeURIComponent(keyword)}`,
        caller.token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.map((r) => r.id);
    };
    // the caller's own role (the kit makes one) is offered too, never the other tenant's
    expect(await pick('role')).toContain(ids.role);
    expect(await pick('role')).not.toContain(ids.otherRole);
    expect(await pick('role', 'kế toán')).toEqual([ids.role]);
    expect(await pick('job_position', 'trưởng')).toEqual([ids.jobPosition]);
    expect(await pick('job_title')).toEqual([ids.jobTitle]);
    expect(await pick('user')).toEqual([caller.userId]);
    const found = await kit.http.post<{ data: { id: string }[] }>(
      `${BASE}/assignees/role/find-by-ids`,
      { ids: [ids.role, ids.otherRole] },
      caller.token,
    );
    expect(found.body.data.map((r) => r.id)).toEqual([ids.role]);
    const notifications = await kit.http.get<Page<{ id: string }>>(
      `${BASE}/notification-templates/auto-complete`,
      caller.token,
    );
    expect(notifications.body.data.map((r) => r.id)).toEqual([ids.notification]);
  });
});
