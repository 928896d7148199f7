import type { ErrorEnvelope, PageEnvelope } from '@hcm/contracts';
import type {
  PayPeriodComponents,
  PayPeriodInputValue,
  PayPeriodRecord,
  PayPeriodTotals,
  PayPeriodTrace,
  PayPeriodWorkerRow,
} from '@hcm/contracts/pay-periods';
import type { SalaryPeriodSummary } from '@hcm/contracts/salary-periods';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBatch } from '../../../bulk/index.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeUser } from '../../../testing/factories.ts';
import { rows } from '../../../testing/migrated-database.ts';
import { waitForState } from '../../../testing/wait-for-state.ts';
import { workflowTemplateResource } from '../../system/workflow-templates/resources.ts';
import { dayRecordStore } from '../../tm/tables/day-records.ts';
import type { DayRecordRow } from '../../tm/timesheet/day-record-row.ts';
import { salaryComponentResource } from '../components/resource.ts';
import { salaryPeriodResource } from '../salary-periods/resource.ts';
import { STATUTORY_DATA } from '../statutory/data/index.ts';
import { grossOfNet, rulesOn } from '../statutory/reference.ts';
import { payrollTemplateResource } from '../templates/resource.ts';
import { payPeriodResource } from './resource.ts';
import { payrollTenant, type PayrollTenant } from './testing.ts';

const API = '/api/pm/pay-periods';
type Sheet = PayPeriodRecord;
type Envelope<T> = { data: T };
type Refusal = ErrorEnvelope & { params?: Record<string, string> };

/*
 * A month's payroll through the API (issue 32 item 7; docs/payroll-periods.md), on the factory
 * tenant of testing.ts: a sheet made for a salary period, computed by the background job, its
 * workers reviewed with their values and totals, a worker's trace, an input typed and a worker
 * computed again, the official examples to the đồng, a net contract solved, the workers a run
 * reports without stopping, approval through the engine, the lock, the year-end recomputation
 * beside the locked sheet, and what the states refuse (409, nothing written). The job runs in the
 * server (JOB_POLL_SECONDS=1): the suite waits for the sheet's state, never for a time.
 */
describe.each(await testEngines())('pay periods on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let approver: { userId: string; token: string };
  let tenant: PayrollTenant;
  let workflow: string;
  let salaryPeriod: string;
  let sheet: Sheet;

  const get = <T>(path: string, token = hr.token) => kit.http.get<T>(path, token);
  const post = <T>(path: string, body?: unknown, token = hr.token) => kit.http.post<T>(path, body, token);
  const put = <T>(path: string, body?: unknown, token = hr.token) =>
    kit.http.request<T>('PUT', path, { body, token });
  const read = async (id: string) => (await get<Envelope<Sheet>>(`${API}/${id}`)).body.data;
  const computed = (id: string) =>
    waitForState(
      () => read(id),
      (row) => row.computeStatus !== 'COMPUTING',
    );
  const page = async (id: string, query = '') =>
    (await get<PageEnvelope<PayPeriodWorkerRow>>(`${API}/${id}/workers${query}`)).body;
  const rowOf = async (id: string, workerId: string) => {
    const found = (await page(id, '?pageSize=100')).data.find((row) => row.workerId === workerId);
    if (!found) throw new Error(`no row for ${workerId}`);
    return found;
  };
  const compute = async (id: string) => {
    const started = await post<Envelope<{ jobId: string; payPeriod: Sheet }>>(`${API}/${id}/compute`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    return started.body.data;
  };
  const newSalaryPeriod = async (code: string) => {
    const made = await post<Envelope<{ id: string }>>('/api/pm/salary-periods', {
      code,
      name: 'Lương tháng 3/2026',
      periodMonth: '2026-03-01',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return made.body.data.id;
  };
  const newSheet = async (code: string, body: Record<string, unknown> = {}) => {
    const made = await post<Envelope<Sheet>>(API, {
      code,
      name: `Bảng lương ${code}`,
      salaryPeriodId: salaryPeriod,
      templateId: tenant.templateId,
      ...body,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return made.body.data;
  };
  const requestApproval = (path: string, id: string, token = hr.token) =>
    post<Envelope<{ approvalStatus: string; version: number }>>(
      `${path}/${id}/request-approval`,
      {
        workflowTemplateId: workflow,
        steps: [{ workFlowStepTemplateId: `${workflow}#1`, assigneeUserId: approver.userId }],
      },
      token,
    );
  const money = (row: PayPeriodWorkerRow, code: string) => row.values[code];

  beforeAll(async () => {
    kit = await startResourceTestKit(engine, { env: { JOB_POLL_SECONDS: '1' } });
    hr = await kit.caller(
      [
        payPeriodResource,
        salaryPeriodResource,
        salaryComponentResource,
        payrollTemplateResource,
        workflowTemplateResource,
      ],
      [
        'action_log.view',
        'pay_period.request-approval',
        'pay_period.cancel-approval',
        'salary_period.request-approval',
      ],
    );
    const made = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      {
        tenantId: hr.tenantId,
        fullName: 'Lê Kế Toán Trưởng',
        permissions: [
          'pay_period.view',
          'pay_period.approve',
          'pay_period.reject',
          'salary_period.view',
          'salary_period.approve',
        ],
      },
    );
    approver = { userId: made.user.id, token: await accessTokenFor(kit.server.db.orm, made.user) };
    const templates = await post<Envelope<{ id: string }>>('/api/system/workflow-templates', {
      code: 'QT_BANG_LUONG',
      name: 'Duyệt bảng lương',
      workflowTemplateTypes: ['PAY_PERIOD', 'PAYROLL'],
      steps: [
        {
          name: 'Kế toán trưởng duyệt',
          assignmentType: 'USER',
          assignmentId: approver.userId,
          slaAmount: 1,
          slaUnit: 'HOURS',
        },
      ],
    });
    expect(templates.status, JSON.stringify(templates.body)).toBe(200);
    workflow = templates.body.data.id;
    tenant = await payrollTenant(kit, hr);
    salaryPeriod = await newSalaryPeriod('KL_2026_03');
  });
  afterAll(() => kit?.stop());

  it('makes a sheet of a salary period, in its month, not computed yet, and refuses its approval until it is', async () => {
    sheet = await newSheet('BL_2026_03');
    expect(sheet).toMatchObject({
      periodMonth: '2026-03-01',
      kind: 'REGULAR',
      computeStatus: 'DRAFT',
      approvalStatus: 'NEW',
      organizationUnitIds: [],
      workersTotal: 0,
    });
    const early = await requestApproval(API, sheet.id);
    expect(early.status).toBe(409);
    expect((early.body as unknown as Refusal).params).toMatchObject({
      reason: 'payPeriodNotComputed',
      code: 'BL_2026_03',
    });
    expect((await read(sheet.id)).approvalStatus).toBe('NEW');
    // a sheet may be made before its template is chosen, not computed
    const bare = await post<Envelope<Sheet>>(API, {
      code: 'BL_CHUA_MAU',
      name: 'Chưa chọn mẫu',
      salaryPeriodId: salaryPeriod,
    });
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    const refused = await post<Refusal>(`${API}/${bare.body.data.id}/compute`, {});
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.field).toBe('templateId');
    expect((await read(bare.body.data.id)).computeStatus).toBe('DRAFT');
    expect(
      (await post(`${API}/${bare.body.data.id}/delete`, { version: bare.body.data.version })).status,
    ).toBe(200);
  });

  it('computes every worker the template applies to as a background job, reporting the ones that fail', async () => {
    const stale = await post<Refusal>(`${API}/${sheet.id}/compute`, { version: sheet.version + 1 });
    expect(stale.status).toBe(409);
    expect((await read(sheet.id)).computeStatus).toBe('DRAFT');
    const { jobId, payPeriod } = await compute(sheet.id);
    expect(payPeriod.computeStatus).toBe('COMPUTING');
    const done = await computed(sheet.id);
    expect(done).toMatchObject({
      computeStatus: 'COMPUTED_WITH_ERRORS',
      workersTotal: 5,
      workersDone: 5,
      workersFailed: 2,
      computeJobId: jobId,
    });
    expect(done.templateVersion).toBeGreaterThanOrEqual(1);
    const job = await get<Envelope<{ status: string; progress: { done: number; total: number } }>>(
      `/api/system/jobs/${jobId}`,
    );
    expect(job.body.data).toMatchObject({ status: 'completed', progress: { done: 5, total: 5 } });
  });

  it('reproduces the official March 2026 examples to the đồng', async () => {
    const a = await rowOf(sheet.id, tenant.workers.a);
    expect(a.status).toBe('OK');
    expect(money(a, 'TONG_BH_NLD')).toBe(2_100_000);
    expect(money(a, 'TIEN_THUE_TNCN')).toBe(120_000);
    expect(money(a, 'LUONG_THEO_CONG')).toBe(20_000_000);
    expect(money(a, 'NGAY_HUONG_LUONG')).toBe('26');
    const b = await rowOf(sheet.id, tenant.workers.b);
    expect(money(b, 'TIEN_THUE_TNCN')).toBe(33_750);
  });

  it('finds a net contract’s gross to the đồng, as the statutory reference does', async () => {
    const d = await rowOf(sheet.id, tenant.workers.d);
    const gross = grossOfNet(rulesOn(STATUTORY_DATA, '2026-03-31'), 17_000_000, {
      region: 'I',
      dependants: 0,
      resident: true,
    });
    expect(d).toMatchObject({ status: 'OK', solvedGross: gross });
    expect(money(d, 'THUC_LINH')).toBe(17_000_000);
    expect(money(d, 'LUONG_THEO_CONG')).toBe(gross);
  });

  it('reports a worker without a contract and a division by zero with the reason, and writes them no lines', async () => {
    const c = await rowOf(sheet.id, tenant.workers.c);
    expect(c).toMatchObject({
      status: 'FAILED',
      values: {},
      error: { component: null, code: 'NO_CONTRACT' },
    });
    expect(c.error?.message.vi).toContain('Không có hợp đồng lao động');
    const e = await rowOf(sheet.id, tenant.workers.e);
    expect(e).toMatchObject({
      status: 'FAILED',
      values: {},
      error: { component: 'TIEN_NGHI_BU', code: 'divisionByZero' },
    });
    expect(e.error?.message.vi).toContain('Chia cho 0');
    expect(e.error?.message.en).toContain('NGAY_NGHI_BU');
  });

  it('pages the workers by unit then code, filters by unit, code or name, and status', async () => {
    const all = await page(sheet.id);
    // VP before XUONG, then by code
    expect(all.data.map((row) => row.code)).toEqual(['NV003', 'NV004', 'NV001', 'NV002', 'NV005']);
    expect(all.page).toMatchObject({ pageIndex: 1, total: 5 });
    const first = await page(sheet.id, '?pageSize=2');
    expect(first.data.map((row) => row.code)).toEqual(['NV003', 'NV004']);
    expect(first.page.nextCursor).toBeDefined();
    const second = await page(sheet.id, `?pageSize=2&cursor=${first.page.nextCursor ?? ''}`);
    expect(second.data.map((row) => row.code)).toEqual(['NV001', 'NV002']);
    expect(second.page.pageIndex).toBe(2);
    expect(
      (await page(sheet.id, `?organizationUnitId=${tenant.units.vp}`)).data.map((row) => row.code),
    ).toEqual(['NV003', 'NV004']);
    expect((await page(sheet.id, `?organizationUnitId=${tenant.units.cty}`)).page.total).toBe(5);
    expect((await page(sheet.id, '?keyword=binh')).data.map((row) => row.code)).toEqual(['NV002']);
    expect((await page(sheet.id, '?status=FAILED')).data.map((row) => row.code)).toEqual(['NV003', 'NV005']);
    const foreign = await get<ErrorEnvelope>(
      `${API}/${sheet.id}/workers?status=FAILED&cursor=${first.page.nextCursor ?? ''}`,
    );
    expect(foreign.status).toBe(400);
  });

  it('gives the template’s components as the table’s columns, and each component’s totals', async () => {
    const columns = (await get<Envelope<PayPeriodComponents>>(`${API}/${sheet.id}/components`)).body.data;
    expect(columns.templateId).toBe(tenant.templateId);
    expect(columns.components.map((component) => component.code)).toContain('THUC_LINH');
    expect(columns.components.find((component) => component.code === 'NGAY_NGHI_BU')).toMatchObject({
      source: 'INPUT',
      valueType: 'NUMBER',
    });
    const totals = (await get<Envelope<PayPeriodTotals>>(`${API}/${sheet.id}/totals`)).body.data;
    const rowsOk = (await page(sheet.id, '?status=OK')).data;
    const sum = (code: string) => rowsOk.reduce((total, row) => total + Number(row.values[code] ?? 0), 0);
    expect(totals).toMatchObject({ workers: 5, failed: 2 });
    expect(totals.totals.TIEN_THUE_TNCN).toBe(sum('TIEN_THUE_TNCN'));
    expect(totals.totals.THUC_LINH).toBe(sum('THUC_LINH'));
    expect(totals.totals.NGAY_HUONG_LUONG).toBe('78');
    const workshop = (
      await get<Envelope<PayPeriodTotals>>(
        `${API}/${sheet.id}/totals?organizationUnitId=${tenant.units.xuong}`,
      )
    ).body.data;
    expect(workshop).toMatchObject({ workers: 3, failed: 1, totals: { TONG_BH_NLD: 2_100_000 + 2_625_000 } });
  });

  it('traces a worker: each component in order, its formula, what it read and every intermediate value', async () => {
    const trace = (
      await get<Envelope<PayPeriodTrace>>(`${API}/${sheet.id}/workers/${tenant.workers.a}/trace`)
    ).body.data;
    expect(trace).toMatchObject({ code: 'NV001', error: null, netToGross: null, matchesStored: true });
    const codes = trace.components.map((component) => component.code);
    expect(codes.indexOf('TONG_BH_NLD')).toBeLessThan(codes.indexOf('TN_TINH_THUE'));
    const tax = trace.components.find((component) => component.code === 'TIEN_THUE_TNCN');
    expect(tax).toMatchObject({ value: 120_000, source: 'FORMULA' });
    expect(tax?.reads).toEqual(
      expect.arrayContaining([
        { name: 'TN_TINH_THUE', kind: 'component', value: 2_400_000 },
        { name: 'CU_TRU', kind: 'variable', value: 1 },
      ]),
    );
    expect(tax?.steps.some((step) => step.text === 'TN_TINH_THUE' && step.value === 2_400_000)).toBe(true);
    const failed = (
      await get<Envelope<PayPeriodTrace>>(`${API}/${sheet.id}/workers/${tenant.workers.e}/trace`)
    ).body.data;
    expect(failed.error).toMatchObject({ component: 'TIEN_NGHI_BU', code: 'divisionByZero' });
    expect(failed.components.at(-1)?.code).toBe('TIEN_NGHI_BU');
    const net = (await get<Envelope<PayPeriodTrace>>(`${API}/${sheet.id}/workers/${tenant.workers.d}/trace`))
      .body.data;
    expect(net.netToGross).toMatchObject({ agreedNet: 17_000_000, exact: true });
  });

  it('takes an INPUT typed for a worker and computes that worker again at once; refuses what is not an input of its type', async () => {
    const path = `${API}/${sheet.id}/workers/${tenant.workers.e}/inputs`;
    const notInput = await put<Refusal>(path, { componentCode: 'THUC_LINH', value: 1 });
    expect(notInput.status).toBe(400);
    expect(notInput.body.errors?.[0]?.field).toBe('componentCode');
    const wrongType = await put<Refusal>(path, { componentCode: 'NGAY_NGHI_BU', value: 'hai' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors?.[0]?.field).toBe('value');
    const typed = await put<Envelope<PayPeriodWorkerRow>>(path, {
      componentCode: 'NGAY_NGHI_BU',
      value: '2',
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(typed.body.data).toMatchObject({ status: 'OK', adjusted: ['NGAY_NGHI_BU'], error: null });
    // 15,000,000 / 26 × 6 days not worked / 2 days typed
    expect(typed.body.data.values.TIEN_NGHI_BU).toBe(1_730_769);
    expect(typed.body.data.values.NGAY_NGHI_BU).toBe('2');
    const stored = (await get<Envelope<PayPeriodInputValue[]>>(path)).body.data;
    expect(stored).toMatchObject([{ componentCode: 'NGAY_NGHI_BU', value: '2', updatedBy: hr.userId }]);
    expect(await read(sheet.id)).toMatchObject({ computeStatus: 'COMPUTED_WITH_ERRORS', workersFailed: 1 });
  });

  it('computes one worker again after their contract changed; the trace says when the lines are stale', async () => {
    await inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, (tx) =>
      tx.execute(sql`update labor_contracts set salary = 30000000 where number = 'HD-B'`),
    );
    const stale = (
      await get<Envelope<PayPeriodTrace>>(`${API}/${sheet.id}/workers/${tenant.workers.b}/trace`)
    ).body.data;
    expect(stale.matchesStored).toBe(false);
    const again = await post<Envelope<PayPeriodWorkerRow>>(
      `${API}/${sheet.id}/workers/${tenant.workers.b}/recompute`,
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.values.LUONG_THEO_CONG).toBe(30_000_000);
    const fresh = (
      await get<Envelope<PayPeriodTrace>>(`${API}/${sheet.id}/workers/${tenant.workers.b}/trace`)
    ).body.data;
    expect(fresh.matchesStored).toBe(true);
    const stranger = await post<ErrorEnvelope>(`${API}/${sheet.id}/workers/${hr.userId}/recompute`);
    expect(stranger.status).toBe(404);
  });

  it('refuses one worker of another template version: the whole sheet is computed again', async () => {
    const id = tenant.components.get('TIEN_NGHI_BU') ?? '';
    const component = (await get<Envelope<{ version: number }>>(`/api/pm/salary-components/${id}`)).body.data;
    const changed = await post<Envelope<unknown>>(`/api/pm/salary-components/${id}/update`, {
      version: component.version,
      formula:
        'IF(CONG_THUC_TE < CONG_CHUAN, ROUNDDOWN(LUONG_HOP_DONG / CONG_CHUAN * (CONG_CHUAN - CONG_THUC_TE) / NGAY_NGHI_BU, -3), 0)',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const refused = await post<Refusal>(`${API}/${sheet.id}/workers/${tenant.workers.e}/recompute`);
    expect(refused.status).toBe(409);
    expect(refused.body.params).toMatchObject({ reason: 'payPeriodTemplateChanged' });
    await compute(sheet.id);
    expect(await computed(sheet.id)).toMatchObject({
      computeStatus: 'COMPUTED_WITH_ERRORS',
      workersFailed: 1,
    });
    // the input typed is kept: E computed with the new formula
    expect((await rowOf(sheet.id, tenant.workers.e)).values.TIEN_NGHI_BU).toBe(1_730_000);
    expect((await post(`${API}/${sheet.id}/workers/${tenant.workers.e}/recompute`)).status).toBe(200);
  });

  it('keeps other tenants out and asks for the permissions', async () => {
    const other = await kit.caller([payPeriodResource]);
    expect((await get<ErrorEnvelope>(`${API}/${sheet.id}/workers`, other.token)).status).toBe(404);
    expect((await post<ErrorEnvelope>(`${API}/${sheet.id}/compute`, {}, other.token)).status).toBe(404);
    const reader = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      { tenantId: hr.tenantId, permissions: ['pay_period.view'] },
    );
    const token = await accessTokenFor(kit.server.db.orm, reader.user);
    expect((await get(`${API}/${sheet.id}/workers`, token)).status).toBe(200);
    const denied = await post<Refusal>(`${API}/${sheet.id}/compute`, {}, token);
    expect(denied.status).toBe(403);
    expect(denied.body.params?.permissions).toEqual(['pay_period.update']);
    expect((await post(`${API}/${sheet.id}/lock`, {}, hr.token)).status).toBe(403);
  });

  it('is approved as one record; from the request on nothing recomputes it, and the salary period waits for it', async () => {
    const early = await requestApproval('/api/pm/salary-periods', salaryPeriod);
    expect(early.status).toBe(409);
    expect((early.body as unknown as Refusal).params).toMatchObject({
      reason: 'salaryPeriodSheetsOpen',
      codes: 'BL_2026_03',
    });
    const requested = await requestApproval(API, sheet.id);
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    expect(requested.body.data.approvalStatus).toBe('WAIT_APPROVE');
    for (const refused of [
      await post<Refusal>(`${API}/${sheet.id}/compute`, {}),
      await post<Refusal>(`${API}/${sheet.id}/workers/${tenant.workers.a}/recompute`),
      await put<Refusal>(`${API}/${sheet.id}/workers/${tenant.workers.a}/inputs`, {
        componentCode: 'NGAY_NGHI_BU',
        value: 1,
      }),
    ]) {
      expect(refused.status).toBe(409);
      expect(refused.body.params).toMatchObject({ reason: 'payPeriodFrozen', status: 'WAIT_APPROVE' });
    }
    const approved = await post<Envelope<Sheet>>(
      `${API}/${sheet.id}/approve`,
      { note: 'Đồng ý' },
      approver.token,
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.approvalStatus).toBe('APPROVED');
    // the salary period pays its approved sheets
    expect((await requestApproval('/api/pm/salary-periods', salaryPeriod)).status).toBe(200);
    expect((await post(`/api/pm/salary-periods/${salaryPeriod}/approve`, {}, approver.token)).status).toBe(
      200,
    );
    const summary = (
      await get<Envelope<SalaryPeriodSummary>>(`/api/pm/salary-periods/${salaryPeriod}/summary`)
    ).body.data;
    const totals = (await get<Envelope<PayPeriodTotals>>(`${API}/${sheet.id}/totals`)).body.data;
    expect(summary.workers).toBe(4);
    expect(summary.components.find((component) => component.componentCode === 'THUC_LINH')?.amount).toBe(
      totals.totals.THUC_LINH,
    );
  });

  it('is locked once approved, and a locked sheet is recomputed for the year end beside it, its approved figures kept', async () => {
    const locked = await post<Envelope<Sheet>>(`${API}/${sheet.id}/lock`, {}, approver.token);
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    expect(locked.body.data.lockedAt).not.toBeNull();
    const twice = await post<Refusal>(`${API}/${sheet.id}/lock`, {}, approver.token);
    expect(twice.status).toBe(409);
    expect(twice.body.params).toMatchObject({ reason: 'payPeriodNotApproved', status: 'LOCKED' });
    const computeLocked = await post<Refusal>(`${API}/${sheet.id}/compute`, {});
    expect(computeLocked.body.params).toMatchObject({ reason: 'payPeriodFrozen', status: 'LOCKED' });
    const before = (await get<Envelope<PayPeriodTotals>>(`${API}/${sheet.id}/totals`)).body.data;

    // B's salary went up after approval: the year-end recomputation sees it, the approved sheet does not
    const started = await post<Envelope<{ jobId: string; payPeriod: Sheet }>>(
      `${API}/${sheet.id}/finalisation`,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const year = started.body.data.payPeriod;
    expect(year).toMatchObject({
      kind: 'FINALISATION',
      sourceId: sheet.id,
      code: 'BL_2026_03_QT',
      computeStatus: 'COMPUTING',
    });
    // the inputs HR typed come along (E's days): only C, without a contract, fails
    expect(await computed(year.id)).toMatchObject({
      computeStatus: 'COMPUTED_WITH_ERRORS',
      workersTotal: 5,
      workersFailed: 1,
    });
    expect((await get<Envelope<PayPeriodTotals>>(`${API}/${sheet.id}/totals`)).body.data).toEqual(before);
    expect((await rowOf(year.id, tenant.workers.b)).values.LUONG_THEO_CONG).toBe(30_000_000);
    const again = await post<Refusal>(`${API}/${sheet.id}/finalisation`);
    expect(again.status).toBe(409);
    expect(again.body.params).toMatchObject({ reason: 'payPeriodFinalisationExists', code: 'BL_2026_03_QT' });
    const notLocked = await post<Refusal>(`${API}/${year.id}/finalisation`);
    expect(notLocked.body.params).toMatchObject({ reason: 'payPeriodNotLocked' });
    // the approved salary period adds no new monthly sheet
    const closed = await post<Refusal>(API, {
      code: 'BL_MUON',
      name: 'Bảng lương muộn',
      salaryPeriodId: salaryPeriod,
      templateId: tenant.templateId,
    });
    expect(closed.status).toBe(409);
    expect(closed.body.params).toMatchObject({ reason: 'salaryPeriodClosed' });
  });

  it('reports a parameter missing for the month on the component that reads it, for each worker, with nothing half-written', async () => {
    salaryPeriod = await newSalaryPeriod('KL_2026_03_B');
    const office = await newSheet('BL_VP_2026_03', {
      organizationUnitIds: [tenant.units.vp],
      includeSubUnits: false,
    });
    // the employer's trade-union rate starts only after March: none is in force on the month's last day
    await inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, (tx) =>
      tx.execute(
        sql`update parameters set effective_date = effective_date + interval '100 years' where code = 'TL_KPCD'`,
      ),
    );
    try {
      await compute(office.id);
      expect(await computed(office.id)).toMatchObject({
        computeStatus: 'COMPUTED_WITH_ERRORS',
        workersTotal: 2,
        workersFailed: 2,
      });
      const d = await rowOf(office.id, tenant.workers.d);
      expect(d.error).toMatchObject({ code: 'missingValue' });
      expect(d.error?.message.en).toContain('TL_KPCD');
      const [lines] = await rows<{ n: number }>(
        kit.server.db.orm,
        sql`select count(*)::int as n from payroll_result_lines where tenant_id = ${hr.tenantId} and run_id = ${office.id}`,
      );
      expect(lines?.n).toBe(0);
    } finally {
      await inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, (tx) =>
        tx.execute(
          sql`update parameters set effective_date = effective_date - interval '100 years' where code = 'TL_KPCD'`,
        ),
      );
    }
    await compute(office.id);
    expect(await computed(office.id)).toMatchObject({
      computeStatus: 'COMPUTED_WITH_ERRORS',
      workersFailed: 1,
    });
    // deleting an editable sheet takes its lines; a salary period with sheets is in use
    expect(
      (await post<ErrorEnvelope>(`/api/pm/salary-periods/${salaryPeriod}/delete`, { version: 1 })).status,
    ).toBe(409);
    const current = await read(office.id);
    expect((await post(`${API}/${office.id}/delete`, { version: current.version })).status).toBe(200);
    const [left] = await rows<{ n: number }>(
      kit.server.db.orm,
      sql`select count(*)::int as n from payroll_result_lines where tenant_id = ${hr.tenantId} and run_id = ${office.id}`,
    );
    expect(left?.n).toBe(0);
  });

  it('reproduces the 2025 official example through a December 2025 period: 20,000,000 with one dependant, tax 125,000', async () => {
    const t = hr.tenantId;
    await inScope(kit.server.db.orm, { tenantId: t, userId: null }, async (tx) => {
      await tx.execute(sql`insert into worker_related_persons (tenant_id, worker_id, position, relation, full_name, is_dependant)
                           values (${t}, ${tenant.workers.a}, 0, 'CHILD', 'Nguyễn Minh Khang', true)`);
      await tx.execute(sql`insert into tm_timesheets (tenant_id, code, name, organization_unit_id, month, approval_status)
                           values (${t}, 'BCC_CTY_2512', 'Công ty 12/2025', ${tenant.units.cty}, '2025-12', 'APPROVED')`);
      await writeBatch(tx, dayRecordStore, decemberDays(tenant.workers.a), {
        actor: { scope: { tenantId: t, userId: null }, ip: null, userAgent: 'test' },
      });
    });
    const made = await post<Envelope<{ id: string }>>('/api/pm/salary-periods', {
      code: 'KL_2025_12',
      name: 'Lương tháng 12/2025',
      periodMonth: '2025-12-01',
    });
    salaryPeriod = made.body.data.id;
    const december = await newSheet('BL_2025_12', { organizationUnitIds: [tenant.units.xuong] });
    expect(december.periodMonth).toBe('2025-12-01');
    await compute(december.id);
    await computed(december.id);
    const a = await rowOf(december.id, tenant.workers.a);
    expect(a).toMatchObject({ status: 'OK' });
    // 2025: deductions 11,000,000 and 4,400,000; 20,000,000 − 2,100,000 − 15,400,000 = 2,500,000 at 5 %
    expect(money(a, 'TONG_BH_NLD')).toBe(2_100_000);
    expect(money(a, 'GIAM_TRU_GIA_CANH')).toBe(15_400_000);
    expect(money(a, 'TIEN_THUE_TNCN')).toBe(125_000);
  });
});

/** A worker's December 2025: 26 days worked. */
function decemberDays(workerId: string): DayRecordRow[] {
  return Array.from({ length: 26 }, (_, i) => ({
    workDate: `2025-12-${String(i + 1).padStart(2, '0')}`,
    workerId,
    shiftCode: 'HC',
    dayType: 'WEEKDAY',
    outcome: 'WORKED',
    daySymbol: '+',
    scheduledMinutes: 480,
    workedMinutes: 480,
    workUnits: 1000,
    paidUnits: 1000,
    paidLeaveUnits: 0,
    unpaidLeaveUnits: 0,
    punchCount: 2,
  }));
}
