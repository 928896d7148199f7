import type { ErrorEnvelope } from '@hcm/contracts';
import type { SalaryPeriodSummary } from '@hcm/contracts/salary-periods';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBatch, type BulkRow } from '../../../bulk/index.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeUser } from '../../../testing/factories.ts';
import { rows } from '../../../testing/migrated-database.ts';
import { workflowTemplateResource } from '../../system/workflow-templates/resources.ts';
import { resultLineStore } from '../../payroll/tables/result-lines.ts';
import { payPeriodResource } from '../pay-periods/resource.ts';
import { seedPayrollDefaults } from '../templates/seed-defaults.ts';
import { salaryPeriodResource } from './resource.ts';

const API = '/api/pm/salary-periods';
const SHEETS = '/api/pm/pay-periods';
const WORKERS = 100;
const COMPONENTS = 20;
type Line = BulkRow<typeof resultLineStore.declaration.table>;
type Period = { id: string; version: number; approvalStatus: string };

/*
 * Approving a month's payroll as records (issue 28, docs/bulk-path.md; issue 32,
 * docs/payroll-periods.md "The salary period"): a pay period (a payroll sheet) of 2,000 lines
 * (100 workers × 20 components, written by the bulk path as its computation writes them) goes
 * through the approval engine as one record — one request, one approval, one timeline, however
 * many lines; while it waits and once it is approved its lines cannot be written — and its salary
 * period is approved once its sheets are, its summary summing their lines.
 */
describe.each(await testEngines())('a salary period approved as one record on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let approver: { userId: string; token: string };
  let workflow: string;
  let templateId: string;
  const workers: string[] = [];
  let serial = 0;

  const post = <T = { data: Period }>(token: string, path: string, body?: unknown) =>
    kit.http.post<T>(path, body, token);
  const get = <T>(token: string, path: string) => kit.http.get<T>(path, token);
  const inTenant = <T>(work: (tx: Parameters<Parameters<typeof inScope>[2]>[0]) => Promise<T>) =>
    inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: hr.userId }, work);
  const lines = (runId: string, base = 1_000_000): Line[] =>
    workers.flatMap((workerId, w) =>
      Array.from({ length: COMPONENTS }, (_, c) => ({
        periodMonth: '2026-03-01',
        runId,
        workerId,
        componentCode: `TP${String(c).padStart(2, '0')}`,
        valueType: 'AMOUNT' as const,
        amount: base + w * COMPONENTS + c,
      })),
    );
  /** writes a sheet's lines as its computation does: the bulk path, in the tenant */
  const writeLines = (runId: string, batch: Line[], replace = false) =>
    inTenant((tx) =>
      writeBatch(tx, resultLineStore, batch, {
        actor: { scope: { tenantId: hr.tenantId, userId: hr.userId }, ip: null, userAgent: 'payroll-run' },
        action: 'UPDATE',
        describe: { runId },
        ...(replace
          ? { replace: { period: { from: '2026-03-01', to: '2026-04-01' }, equals: { runId } } }
          : {}),
      }),
    );
  const refusedWrite = async (runId: string) => {
    try {
      await writeLines(runId, lines(runId, 9));
    } catch (error) {
      return error as { statusCode: number; message: string };
    }
    throw new Error('the write was not refused');
  };
  const summary = async (id: string) =>
    (await get<{ data: SalaryPeriodSummary }>(hr.token, `${API}/${id}/summary`)).body.data;
  const newPeriod = async () => {
    const res = await post(hr.token, API, {
      code: `KL_2026_03_${++serial}`,
      name: 'Lương tháng 3/2026',
      periodMonth: '2026-03-01',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  /** a sheet of the period, its lines written and marked computed as its computation would leave it */
  const newSheet = async (salaryPeriodId: string) => {
    const res = await post(hr.token, SHEETS, {
      code: `BL_2026_03_${++serial}`,
      name: 'Bảng lương tháng 3/2026',
      salaryPeriodId,
      templateId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sheet = res.body.data;
    await writeLines(sheet.id, lines(sheet.id));
    await inTenant((tx) =>
      tx.execute(sql`update pay_periods set compute_status = 'COMPUTED', workers_total = ${WORKERS},
                            workers_done = ${WORKERS} where id = ${sheet.id}::uuid`),
    );
    return sheet;
  };
  const requestApproval = (path: string, id: string) =>
    post(hr.token, `${path}/${id}/request-approval`, {
      workflowTemplateId: workflow,
      steps: [{ workFlowStepTemplateId: `${workflow}#1`, assigneeUserId: approver.userId }],
    });

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller(
      [salaryPeriodResource, payPeriodResource, workflowTemplateResource],
      [
        'action_log.view',
        'salary_period.request-approval',
        'salary_period.cancel-approval',
        'pay_period.request-approval',
      ],
    );
    const made = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      {
        tenantId: hr.tenantId,
        fullName: 'Lê Kế Toán Trưởng',
        permissions: [
          'salary_period.view',
          'salary_period.approve',
          'salary_period.reject',
          'pay_period.view',
          'pay_period.approve',
        ],
      },
    );
    approver = { userId: made.user.id, token: await accessTokenFor(kit.server.db.orm, made.user) };
    const saved = await post<{ data: { id: string } }>(hr.token, '/api/system/workflow-templates', {
      code: 'QT_KY_LUONG',
      name: 'Duyệt kỳ lương',
      workflowTemplateTypes: ['PAYROLL', 'PAY_PERIOD'],
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
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    workflow = saved.body.data.id;
    await inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, async (tx) => {
      await seedPayrollDefaults(tx, hr.tenantId);
      const [template] = await rows<{ id: string }>(tx, sql`select id from payroll_templates limit 1`);
      templateId = template?.id ?? '';
      const [unit] = await rows<{ id: string }>(
        tx,
        sql`insert into organization_units (tenant_id, code, name) values (${hr.tenantId}, 'CTY', 'Công ty') returning id`,
      );
      for (let i = 0; i < WORKERS; i++) {
        const [worker] = await rows<{ id: string }>(
          tx,
          sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
              values (${hr.tenantId}, ${`NV${String(i).padStart(4, '0')}`}, ${`Nguyễn Văn ${i}`}, 'MALE', ${unit?.id}) returning id`,
        );
        workers.push(worker?.id ?? '');
      }
    });
  });
  afterAll(() => kit?.stop());

  it('approves a sheet as one record however many lines it has, its lines frozen from the request on, then its salary period', async () => {
    const period = await newPeriod();
    expect(period.approvalStatus).toBe('NEW');
    const sheet = await newSheet(period.id);
    const totals = await summary(period.id);
    expect(totals).toMatchObject({ lines: 2000, workers: WORKERS });
    expect(totals.components).toHaveLength(COMPONENTS);
    // TP00: Σ over workers of (1,000,000 + w × 20) = 100 × 1,000,000 + 20 × 4,950
    expect(totals.components[0]).toEqual({ componentCode: 'TP00', lines: WORKERS, amount: 100_099_000 });

    // the salary period waits for its sheets
    const early = await requestApproval(API, period.id);
    expect(early.status).toBe(409);
    expect((early.body as unknown as ErrorEnvelope).params).toMatchObject({
      reason: 'salaryPeriodSheetsOpen',
    });

    const requested = await requestApproval(SHEETS, sheet.id);
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    expect(requested.body.data.approvalStatus).toBe('WAIT_APPROVE');
    const whileWaiting = await refusedWrite(sheet.id);
    expect(whileWaiting.statusCode).toBe(409);
    expect(whileWaiting.message).toContain('WAIT_APPROVE');

    const approved = await post(approver.token, `${SHEETS}/${sheet.id}/approve`, { note: 'Đồng ý' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.approvalStatus).toBe('APPROVED');
    expect((await refusedWrite(sheet.id)).message).toContain('APPROVED');
    // the lines are as they were approved, and the approval is one record's: one instance, one
    // log entry per transition, none per line
    expect(await summary(period.id)).toEqual(totals);
    const [instances] = await rows<{ n: number }>(
      kit.server.db.orm,
      sql`select count(*)::int as n from approval_requests where tenant_id = ${hr.tenantId} and record_id = ${sheet.id}`,
    );
    expect(instances?.n).toBe(1);
    const log = await rows<{ action: string; n: number }>(
      kit.server.db.orm,
      sql`select action, count(*)::int as n from action_logs where tenant_id = ${hr.tenantId}
          and resource = 'pay_period' and record_id = ${sheet.id} group by action order by action`,
    );
    expect(log).toEqual([
      { action: 'APPROVE', n: 1 },
      { action: 'CREATE', n: 1 },
      { action: 'REQUEST_APPROVAL', n: 1 },
    ]);

    expect((await requestApproval(API, period.id)).status).toBe(200);
    const closed = await post(approver.token, `${API}/${period.id}/approve`, { note: 'Đồng ý' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.approvalStatus).toBe('APPROVED');
    const deleted = await post<ErrorEnvelope>(hr.token, `${API}/${period.id}/delete`, {
      version: closed.body.data.version,
    });
    expect(deleted.status).toBe(409);
  });

  it('is computed again while editable; a salary period with sheets is in use, and deleting a sheet deletes its lines', async () => {
    const period = await newPeriod();
    const sheet = await newSheet(period.id);
    const again = await writeLines(sheet.id, lines(sheet.id, 2_000_000).slice(COMPONENTS), true);
    expect(again).toMatchObject({ written: 1980, replaced: 2000 });
    expect(await summary(period.id)).toMatchObject({ lines: 1980, workers: WORKERS - 1 });
    const inUse = await post<ErrorEnvelope>(hr.token, `${API}/${period.id}/delete`, {
      version: period.version,
    });
    expect(inUse.status).toBe(409);
    const current = (await get<{ data: Period }>(hr.token, `${SHEETS}/${sheet.id}`)).body.data;
    const gone = await post(hr.token, `${SHEETS}/${sheet.id}/delete`, { version: current.version });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    const [left] = await rows<{ n: number }>(
      kit.server.db.orm,
      sql`select count(*)::int as n from payroll_result_lines where tenant_id = ${hr.tenantId} and run_id = ${sheet.id}`,
    );
    expect(left?.n).toBe(0);
    const deleted = await post(hr.token, `${API}/${period.id}/delete`, { version: period.version });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await get<ErrorEnvelope>(hr.token, `${API}/${period.id}/summary`)).status).toBe(404);
  });

  it('keeps a pay month to its first day, and its month once created', async () => {
    const midMonth = await post<ErrorEnvelope & { errors: { field: string }[] }>(hr.token, API, {
      code: 'KL_GIUA_THANG',
      name: 'Giữa tháng',
      periodMonth: '2026-03-15',
    });
    expect(midMonth.status).toBe(400);
    expect(midMonth.body.errors[0]?.field).toBe('periodMonth');
    const period = await newPeriod();
    const moved = await post<ErrorEnvelope>(hr.token, `${API}/${period.id}/update`, {
      version: period.version,
      periodMonth: '2026-04-01',
    });
    expect(moved.status).toBe(400);
  });
});
