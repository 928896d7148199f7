import type { ErrorEnvelope, PageEnvelope } from '@hcm/contracts';
import type { PayPeriodRecord, PayPeriodWorkerRow } from '@hcm/contracts/pay-periods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobControl, QueuedJob } from '../../../jobs/job-queue.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeUser } from '../../../testing/factories.ts';
import { workflowTemplateResource } from '../../system/workflow-templates/resources.ts';
import { salaryComponentResource } from '../components/resource.ts';
import { salaryPeriodResource } from '../salary-periods/resource.ts';
import { CompiledTemplateCache } from '../templates/compiled-cache.ts';
import { payrollTemplateResource } from '../templates/resource.ts';
import { COMPUTE_SETTINGS, runComputation, type ComputeJob } from './compute-job.ts';
import { payrollSources } from './payroll-sources.ts';
import { payPeriodResource } from './resource.ts';
import type { PayrollSources } from './sources.ts';
import { payrollTenant, type PayrollTenant } from './testing.ts';

const API = '/api/pm/pay-periods';
type Envelope<T> = { data: T };
type Refusal = ErrorEnvelope & { params?: Record<string, string> };

/*
 * Two writers of one pay period, and a run's own course (docs/payroll-periods.md, "Two
 * computations at once", "A template changed during a run", "A run cancelled or failed"). The
 * server here takes no job after it starts (JOB_POLL_SECONDS=600: its queue's one look is at
 * start), so a computation asked for stays queued as long as the test wants: what a living
 * computation refuses is seen without a race, and the job's handler is then run by the test itself
 * (runComputation, the handler the queue calls) with a control that does what the case needs
 * between the template's compilation and the first chunk.
 */
describe.each(await testEngines())('a pay period’s computation on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let tenant: PayrollTenant;
  let sheet: PayPeriodRecord;
  let workflow: string;
  let approver: string;

  const get = <T>(path: string) => kit.http.get<T>(path, hr.token);
  const post = <T>(path: string, body?: unknown) => kit.http.post<T>(path, body, hr.token);
  const read = async () => (await get<Envelope<PayPeriodRecord>>(`${API}/${sheet.id}`)).body.data;
  const compute = async () => {
    const started = await post<Envelope<{ jobId: string }>>(`${API}/${sheet.id}/compute`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    return started.body.data.jobId;
  };
  const jobOf = (id: string, retryCount = 0): QueuedJob<ComputeJob> => ({
    id,
    data: { tenantId: hr.tenantId, payPeriodId: sheet.id, userId: hr.userId },
    retryCount,
    retryLimit: COMPUTE_SETTINGS.retryLimit,
  });
  const control = (between: () => Promise<boolean> = async () => true): JobControl => {
    let first = true;
    return {
      async report() {
        if (!first) return true;
        first = false;
        return between();
      },
      running: async () => true,
    };
  };
  /** the run's sources as the server wires them, over a cache of its own (compiled at each call) */
  const sources = (): PayrollSources => payrollSources(new CompiledTemplateCache({ maxEntries: 10 }));
  const run = (jobId: string, work: JobControl, retryCount = 0, own: PayrollSources = sources()) =>
    runComputation(
      { db: kit.server.db.orm, sources: own, now: () => new Date() },
      jobOf(jobId, retryCount),
      work,
    );

  beforeAll(async () => {
    kit = await startResourceTestKit(engine, { env: { JOB_POLL_SECONDS: '600' } });
    hr = await kit.caller(
      [
        payPeriodResource,
        salaryPeriodResource,
        salaryComponentResource,
        payrollTemplateResource,
        workflowTemplateResource,
      ],
      ['action_log.view', 'pay_period.request-approval'],
    );
    const made = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      { tenantId: hr.tenantId, permissions: ['pay_period.view', 'pay_period.approve'] },
    );
    approver = made.user.id;
    const templates = await post<Envelope<{ id: string }>>('/api/system/workflow-templates', {
      code: 'QT_BANG_LUONG',
      name: 'Duyệt bảng lương',
      workflowTemplateTypes: ['PAY_PERIOD'],
      steps: [
        { name: 'Duyệt', assignmentType: 'USER', assignmentId: approver, slaAmount: 1, slaUnit: 'HOURS' },
      ],
    });
    workflow = templates.body.data.id;
    tenant = await payrollTenant(kit, hr);
    const period = await post<Envelope<{ id: string }>>('/api/pm/salary-periods', {
      code: 'KL_2026_03',
      name: 'Lương tháng 3/2026',
      periodMonth: '2026-03-01',
    });
    const made2 = await post<Envelope<PayPeriodRecord>>(API, {
      code: 'BL_2026_03',
      name: 'Bảng lương tháng 3/2026',
      salaryPeriodId: period.body.data.id,
      templateId: tenant.templateId,
    });
    expect(made2.status, JSON.stringify(made2.body)).toBe(200);
    sheet = made2.body.data;
  });
  afterAll(() => kit?.stop());

  it('refuses a second computation while one lives, and every other writer of the sheet with it', async () => {
    const jobId = await compute();
    expect(await read()).toMatchObject({ computeStatus: 'COMPUTING', computeJobId: jobId });
    const refusals = [
      await post<Refusal>(`${API}/${sheet.id}/compute`, {}),
      await post<Refusal>(`${API}/${sheet.id}/workers/${tenant.workers.a}/recompute`),
      await kit.http.request<Refusal>('PUT', `${API}/${sheet.id}/workers/${tenant.workers.a}/inputs`, {
        body: { componentCode: 'NGAY_NGHI_BU', value: 1 },
        token: hr.token,
      }),
      await post<Refusal>(`${API}/${sheet.id}/request-approval`, {
        workflowTemplateId: workflow,
        steps: [{ workFlowStepTemplateId: `${workflow}#1`, assigneeUserId: approver }],
      }),
      await post<Refusal>(`${API}/${sheet.id}/update`, {
        version: (await read()).version,
        organizationUnitIds: [tenant.units.vp],
      }),
      await post<Refusal>(`${API}/${sheet.id}/delete`, { version: (await read()).version }),
    ];
    for (const refused of refusals) {
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.params).toMatchObject({ reason: 'payPeriodComputing', code: 'BL_2026_03' });
    }
    expect(await read()).toMatchObject({
      computeStatus: 'COMPUTING',
      computeJobId: jobId,
      approvalStatus: 'NEW',
    });
    // a computation cancelled before it ran refuses nothing more
    expect((await post(`/api/system/jobs/${jobId}/cancel`)).status).toBe(200);
    const next = await compute();
    expect(next).not.toBe(jobId);
  });

  it('ignores a run that is no longer the sheet’s computation: two writers never meet', async () => {
    const superseded = (await read()).computeJobId ?? '';
    expect((await post(`/api/system/jobs/${superseded}/cancel`)).status).toBe(200);
    const fresh = await compute();
    // the cancelled job's handler, run late (a retry, a slow process), finds the sheet another's
    await run(superseded, control());
    expect(await read()).toMatchObject({ computeStatus: 'COMPUTING', computeJobId: fresh, workersTotal: 0 });
  });

  it('computes with the template it compiled at its start, whatever changes before its end', async () => {
    const jobId = (await read()).computeJobId ?? '';
    const id = tenant.components.get('NGAY_HUONG_LUONG') ?? '';
    await run(
      jobId,
      control(async () => {
        // between the compilation and the first chunk, HR changes a formula
        const component = (await get<Envelope<{ version: number }>>(`/api/pm/salary-components/${id}`)).body
          .data;
        const changed = await post(`/api/pm/salary-components/${id}/update`, {
          version: component.version,
          formula: 'CONG_THUC_TE + NGHI_CO_LUONG + 1',
        });
        expect(changed.status, JSON.stringify(changed.body)).toBe(200);
        return true;
      }),
    );
    expect(await read()).toMatchObject({
      computeStatus: 'COMPUTED_WITH_ERRORS',
      workersTotal: 5,
      workersFailed: 2,
    });
    const rows = (await get<PageEnvelope<PayPeriodWorkerRow>>(`${API}/${sheet.id}/workers?status=OK`)).body
      .data;
    expect(rows.map((row) => row.values.NGAY_HUONG_LUONG)).toEqual(['26', '26', '26']);
    const refused = await post<Refusal>(`${API}/${sheet.id}/workers/${tenant.workers.a}/recompute`);
    expect(refused.status).toBe(409);
    expect(refused.body.params).toMatchObject({ reason: 'payPeriodTemplateChanged' });
  });

  it('stops a cancelled run after the chunk in flight, and leaves the sheet INTERRUPTED, not approvable', async () => {
    const jobId = await compute();
    await run(
      jobId,
      control(async () => false),
    );
    expect(await read()).toMatchObject({ computeStatus: 'INTERRUPTED', computeError: 'cancelled' });
    const refused = await post<Refusal>(`${API}/${sheet.id}/request-approval`, {
      workflowTemplateId: workflow,
      steps: [{ workFlowStepTemplateId: `${workflow}#1`, assigneeUserId: approver }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.params).toMatchObject({ reason: 'payPeriodNotComputed', status: 'INTERRUPTED' });
  });

  it('tries a failing run again, and after the last try says why it ended', async () => {
    const jobId = await compute();
    const broken: PayrollSources = {
      ...sources(),
      loadWorkers: () => Promise.reject(new Error('the values could not be read')),
    };
    await expect(run(jobId, control(), 0, broken)).rejects.toThrow('the values could not be read');
    expect(await read()).toMatchObject({ computeStatus: 'COMPUTING' });
    await expect(run(jobId, control(), COMPUTE_SETTINGS.retryLimit, broken)).rejects.toThrow();
    expect(await read()).toMatchObject({
      computeStatus: 'INTERRUPTED',
      computeError: 'the values could not be read',
    });
  });
});
