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
import { punchStore } from '../tables/punches.ts';
import { recomputeThrough } from '../timesheet/engine-queue.ts';
import { punchAt } from '../timesheet/factories.ts';
import { requestRecomputationForPunches } from '../timesheet/recompute-keys.ts';
import { drainDayRecomputation } from '../timesheet/recompute-job.ts';
import { workUpdateRequestDocuments } from './document-source.ts';
import { requestDocumentsUse } from '../requests/effects.ts';
import { workUpdateRequestResource } from './resource.ts';
import { lockedMonthsIn, officeWeekInputs } from '../requests/office-week-inputs.ts';

const API = '/api/tm/work-update-requests';
type Saved = {
  data: { id: string; version: number; approvalStatus: string; approvedAt: string | null };
};
type Refusal = ErrorEnvelope & { errors?: { field: string; code: string }[]; params?: { reason?: string } };

/*
 * Work update requests against PostgreSQL (docs/work-update-requests.md). The clock stands at
 * Tuesday 20 January 2026, 10:00 in Vietnam. A seamstress punched in on Monday 12 January and
 * forgot to punch out; the engine's inputs are the office shift (08:00–17:00) on weekdays; the
 * tests drain the engine's keys themselves (a stub queue: no job of the server's runs them).
 */
describe.each(await testEngines())('work update requests on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let approver = '';
  let approverId = '';
  let template = '';
  const worker = { seamstress: '', fitter: '' };
  const lockedMonths = new Set<string>();
  const stubQueue = { enqueue: async () => [] } as never;
  const MONDAY = '2026-01-12';

  const locks = lockedMonthsIn(lockedMonths);
  const inputs = officeWeekInputs(workUpdateRequestDocuments, locks);

  const post = <T = Saved>(token: string, path: string, body?: unknown) =>
    kit.http.post<T>(path, body, token);
  const inTenant = <T>(work: (tx: Tx) => Promise<T>) =>
    inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, work);
  const drain = () => drainDayRecomputation(kit.server.db.orm, hr.tenantId, inputs);
  const countRequests = async () =>
    (
      await rows<{ n: number }>(
        kit.server.db.orm,
        sql`select count(*)::int as n from tm_work_update_requests where tenant_id = ${hr.tenantId}`,
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
  /** A device's punches of the seamstress stored and their days asked for. */
  const punch = (locals: string[]) =>
    inTenant(async (tx) => {
      const batch = locals.map((local) => ({
        punchedAt: new Date(punchAt(local).at),
        deviceCode: 'MCC-01',
        attendanceCode: '1',
        workerId: worker.seamstress,
        source: 'DEVICE' as const,
      }));
      await writeBatch(tx, punchStore, batch, {
        actor: { scope: { tenantId: hr.tenantId, userId: null }, ip: null, userAgent: 'test' },
      });
      await requestRecomputationForPunches(tx, stubQueue, hr.tenantId, batch);
    });
  const filed = (overrides: Record<string, unknown> = {}) => ({
    workerId: worker.seamstress,
    workDate: MONDAY,
    mode: 'ADD',
    punches: [{ time: '17:00', direction: 'OUT' }],
    reason: 'Quên chấm công ra',
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

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    // the hooks ask for days through this queue: the keys are written, no server job takes them
    recomputeThrough(stubQueue);
    requestDocumentsUse({ clock: () => new Date('2026-01-20T03:00:00Z'), locks });
    hr = await kit.caller(
      [workUpdateRequestResource, workflowTemplateResource],
      [
        'action_log.view',
        'timekeeping_change_request.request-approval',
        'timekeeping_change_request.cancel-approval',
      ],
    );
    const made = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      {
        tenantId: hr.tenantId,
        fullName: 'Trần Trưởng Phòng',
        permissions: [
          'timekeeping_change_request.view',
          'timekeeping_change_request.approve',
          'timekeeping_change_request.reject',
        ],
      },
    );
    approverId = made.user.id;
    approver = await accessTokenFor(kit.server.db.orm, made.user);
    const saved = await post<{ data: { id: string } }>(hr.token, '/api/system/workflow-templates', {
      code: 'QT_CNC',
      name: 'Duyệt đề nghị cập nhật công',
      workflowTemplateTypes: ['TIMEKEEPING_CHANGE'],
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
    });
    await punch([`${MONDAY} 07:58`, '2026-01-13 07:55', '2026-01-13 17:03']);
    await drain();
  });
  afterAll(async () => {
    await kit?.stop();
  });

  it('refuses bad input in the error envelope, and writes nothing', async () => {
    const before = await countRequests();
    const eleven = Array.from({ length: 11 }, (_, i) => ({ time: `${String(7 + i).padStart(2, '0')}:00` }));
    const cases: [string, Record<string, unknown>, string][] = [
      ['a day after today (20 January by the clock)', { workDate: '2026-01-21' }, 'workDate'],
      ['a time that is no time of day', { punches: [{ time: '25:10' }] }, 'punches'],
      ['no punch', { punches: [] }, 'punches'],
      ['eleven punches', { punches: eleven }, 'punches'],
      [
        'the same time twice',
        { punches: [{ time: '17:00' }, { time: '17:00', direction: 'OUT' }] },
        'punches[1].time',
      ],
      ['no reason', { reason: '' }, 'reason'],
      ['a mode that is not one', { mode: 'MERGE' }, 'mode'],
    ];
    for (const [what, overrides, field] of cases) {
      const res = await post<Refusal>(hr.token, API, filed(overrides));
      expect(res.status, what).toBe(400);
      expect(
        (res.body as Refusal).errors?.some((e) => e.field === field || e.field.startsWith(`${field}[`)),
        `${what}: ${JSON.stringify(res.body)}`,
      ).toBe(true);
    }
    expect(await countRequests()).toBe(before);
  });

  it('an employee files for themselves only (their role reaches their own record)', async () => {
    const made = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      {
        tenantId: hr.tenantId,
        permissions: ['timekeeping_change_request.view', 'timekeeping_change_request.create'],
        dataScope: 'SELF',
      },
    );
    await inTenant((tx) =>
      tx.execute(sql`update workers set user_id = ${made.user.id} where id = ${worker.fitter}`),
    );
    const token = await accessTokenFor(kit.server.db.orm, made.user);
    await create(filed({ workerId: worker.fitter, punches: [{ time: '08:00', direction: 'IN' }] }), token);
    const before = await countRequests();
    const other = await post<Refusal>(token, API, filed());
    // without worker.view another's record is not theirs to name (docs/request-documents.md)
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ code: 'FORBIDDEN', params: { permissions: ['worker.view'] } });
    expect(await countRequests()).toBe(before);
  });

  it('approved, the day is paired and no longer missing a punch; canceled, it is exactly as it was', async () => {
    const original = await dayRecord(worker.seamstress, MONDAY);
    expect(original).toMatchObject({
      outcome: 'INCOMPLETE',
      flags: 2,
      punch_pairs: '478~',
      worked_minutes: 0,
    });
    const tuesday = await dayRecord(worker.seamstress, '2026-01-13');

    const request = await create(filed());
    const listed = await kit.http.get<{ data: { id: string; name: string }[] }>(
      `${API}?pageSize=50`,
      hr.token,
    );
    // what the list and its approval dialogs name it by
    expect(listed.body.data.find((r) => r.id === request.id)?.name).toBe('Nguyễn Thị May – 12/01/2026');
    await requestApproval(request.id);
    expect(await drain()).toMatchObject({ computed: 0 }); // waiting for approval changes nothing
    const approved = await approve(request.id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((approved.body as Saved).data).toMatchObject({ approvalStatus: 'APPROVED' });
    expect(await drain()).toMatchObject({ computed: 1 }); // that one day, nothing else
    expect(await dayRecord(worker.seamstress, MONDAY)).toMatchObject({
      outcome: 'WORKED',
      flags: 0,
      punch_pairs: '478~1020',
      worked_minutes: 480,
      work_units: 1000,
      day_symbol: '+',
    });
    expect(await dayRecord(worker.seamstress, '2026-01-13')).toEqual(tuesday);

    const stale = await post<Refusal>(hr.token, `${API}/${request.id}/cancel-approved`, {
      reason: 'Nhầm',
      version: 1,
    });
    expect(stale.status).toBe(409);
    const canceled = await post(hr.token, `${API}/${request.id}/cancel-approved`, {
      reason: 'Đã tìm thấy giờ ra trên máy khác',
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body.data).toMatchObject({ approvalStatus: 'CANCELED', approvedAt: null });
    expect(await drain()).toMatchObject({ computed: 1 });
    expect(await dayRecord(worker.seamstress, MONDAY)).toEqual(original);

    const again = await post<Refusal>(hr.token, `${API}/${request.id}/cancel-approved`, {
      reason: 'Lần nữa',
    });
    expect(again.status).toBe(409);
    const timeline = await rows<{ action: string; from_status: string; to_status: string; note: string }>(
      kit.server.db.orm,
      sql`select action, from_status, to_status, note from approval_events
           where record_id = ${request.id} and from_status = 'APPROVED'`,
    );
    expect(timeline[0]).toEqual({
      action: 'CANCEL_APPROVAL',
      from_status: 'APPROVED',
      to_status: 'CANCELED',
      note: 'Đã tìm thấy giờ ra trên máy khác',
    });
  });

  it('replaces a wrong day; a rejected request changes nothing', async () => {
    const tuesday = await dayRecord(worker.seamstress, '2026-01-13');
    const rejected = await create(
      filed({ workDate: '2026-01-13', mode: 'REPLACE', punches: [{ time: '09:00' }] }),
    );
    await requestApproval(rejected.id);
    const res = await post(approver, `${API}/${rejected.id}/reject-approval`, {
      reason: 'Giờ vào trên máy là đúng',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await drain()).toMatchObject({ computed: 0 });
    expect(await dayRecord(worker.seamstress, '2026-01-13')).toEqual(tuesday);

    const replaced = await create(
      filed({
        workDate: '2026-01-13',
        mode: 'REPLACE',
        punches: [{ time: '09:00', direction: 'IN' }, { time: '17:00' }],
      }),
    );
    await requestApproval(replaced.id);
    expect((await approve(replaced.id)).status).toBe(200);
    await drain();
    expect(await dayRecord(worker.seamstress, '2026-01-13')).toMatchObject({
      punch_pairs: '540~1020',
      late_minutes: 60,
      punch_count: 2,
    });
  });

  it('approves in a batch through the engine: each request changes its own day', async () => {
    await punch(['2026-01-14 08:00', '2026-01-15 08:01']);
    await drain();
    const ids = [
      (await create(filed({ workDate: '2026-01-14' }))).id,
      (await create(filed({ workDate: '2026-01-15' }))).id,
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
    expect(await drain()).toMatchObject({ computed: 2 });
    for (const day of ['2026-01-14', '2026-01-15'])
      expect(await dayRecord(worker.seamstress, day)).toMatchObject({ outcome: 'WORKED', flags: 0 });
  });

  it('in a locked month, approval is refused in words (409 monthLocked) and the day is untouched', async () => {
    const original = await dayRecord(worker.seamstress, MONDAY);
    const request = await create(filed());
    await requestApproval(request.id);
    lockedMonths.add('2026-01');
    try {
      const refused = await approve(request.id);
      expect(refused.status).toBe(409);
      expect((refused.body as Refusal).params).toMatchObject({ reason: 'monthLocked', month: '2026-01' });
      const still = await kit.http.get<Saved>(`${API}/${request.id}`, hr.token);
      expect(still.body.data.approvalStatus).toBe('WAIT_APPROVE');
      expect(await drain()).toMatchObject({ computed: 0 });
      expect(await dayRecord(worker.seamstress, MONDAY)).toEqual(original);
    } finally {
      lockedMonths.delete('2026-01');
    }
  });
});
