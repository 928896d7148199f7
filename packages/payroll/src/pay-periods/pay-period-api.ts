import type { PageEnvelope } from '@hcm/contracts';
import {
  PayPeriodLimits,
  PayPeriodPaths,
  payPeriodContract,
  type PayPeriodComponents,
  type PayPeriodComputeStarted,
  type PayPeriodInputBody,
  type PayPeriodRecord,
  type PayPeriodTotals,
  type PayPeriodTrace,
  type PayPeriodWorkerRow,
  type PayPeriodWorkerStatus,
} from '@hcm/contracts/pay-periods';
import { payrollTemplateContract } from '@hcm/contracts/payroll-templates';
import { api, http } from '@hcm/session';

/** What the detailed table lists: a unit (and those below it), a code or name, a status. */
export interface WorkerFilter {
  readonly organizationUnitId?: string | null;
  readonly keyword?: string;
  readonly status?: PayPeriodWorkerStatus | null;
}

const sheetPath = (template: string, id: string, workerId = '') =>
  template.replace('{id}', encodeURIComponent(id)).replace('{workerId}', encodeURIComponent(workerId));

const filterParams = (filter: WorkerFilter) => ({
  ...(filter.organizationUnitId ? { organizationUnitId: filter.organizationUnitId } : {}),
  ...(filter.keyword?.trim() ? { keyword: filter.keyword.trim() } : {}),
  ...(filter.status ? { status: filter.status } : {}),
});

/** The payroll template's payslip lines, as its record carries them (the review table's groups). */
export interface TemplatePayslip {
  readonly payslip: readonly {
    readonly groupTitle: string;
    readonly groupTitleEn: string | null;
    readonly componentCode: string | null;
  }[];
}

/**
 * The pay periods' own calls beyond the record's (docs/payroll-periods.md "API"): every refusal
 * comes back as the shared client's ApiError, said by the page in place (ignoreError), except the
 * state refusals (409 with a reason) a button's toast says best.
 */
export const payPeriodApi = {
  record: (id: string) =>
    api.get<PayPeriodRecord>(`${payPeriodContract.apiPath}/${encodeURIComponent(id)}`, { ignoreError: true }),
  components: (id: string) =>
    api.get<PayPeriodComponents>(sheetPath(PayPeriodPaths.components, id), { ignoreError: true }),
  template: (id: string) =>
    api.get<TemplatePayslip>(`${payrollTemplateContract.apiPath}/${encodeURIComponent(id)}`, {
      ignoreError: true,
    }),
  workers: (
    id: string,
    filter: WorkerFilter,
    cursor: string | null,
    pageSize: number = PayPeriodLimits.pageSize,
  ) =>
    api.getPage<PayPeriodWorkerRow>(sheetPath(PayPeriodPaths.workers, id), {
      params: { ...filterParams(filter), pageSize, ...(cursor ? { cursor } : {}) },
      ignoreError: true,
    }) as Promise<PageEnvelope<PayPeriodWorkerRow>>,
  totals: (id: string, filter: WorkerFilter = {}) =>
    api.get<PayPeriodTotals>(sheetPath(PayPeriodPaths.totals, id), {
      params: filterParams(filter),
      ignoreError: true,
    }),
  trace: (id: string, workerId: string) =>
    api.get<PayPeriodTrace>(sheetPath(PayPeriodPaths.trace, id, workerId), { ignoreError: true }),
  /** an INPUT value typed for a worker (null removes it): the worker's row computed again */
  typeInput: async (id: string, workerId: string, body: PayPeriodInputBody) =>
    (
      await http.put<{ data: PayPeriodWorkerRow }>(sheetPath(PayPeriodPaths.inputs, id, workerId), body, {
        ignoreError: true,
      })
    ).data.data,
  recomputeWorker: (id: string, workerId: string) =>
    api.post<PayPeriodWorkerRow>(sheetPath(PayPeriodPaths.recomputeWorker, id, workerId), undefined, {
      ignoreError: true,
    }),
  /** the shared client says a state refusal (being computed, in approval) as its toast */
  compute: (id: string, version: number) =>
    api.post<PayPeriodComputeStarted>(sheetPath(PayPeriodPaths.compute, id), { version }),
  lock: (id: string, version: number) =>
    api.post<PayPeriodRecord>(sheetPath(PayPeriodPaths.lock, id), { version }),
  finalise: (id: string) =>
    api.post<PayPeriodComputeStarted>(sheetPath(PayPeriodPaths.finalisation, id), undefined),
};
