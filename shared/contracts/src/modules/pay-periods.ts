import { ApprovalStatusLabels } from '../approval/transitions.ts';
import { FieldLimits } from '../limits.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f, type ExampleContext } from '../resource/fields.ts';
import { CommonLabels, label, type Label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';

/*
 * Salary › Payroll period (Bảng lương) (issue 32 item 7, catalogues §2.1 pay-period and
 * detail-payroll, §3.1 "approvable: pay period"; docs/payroll-periods.md). A salary period (Kỳ trả
 * lương, salary-periods.ts) is the month; a pay period is one payroll sheet of it: a payroll
 * template, the workers it covers (its units, with or without their sub-units, or everyone the
 * template applies to; those on the roll during the month), computed as a background job in
 * chunks, reviewed (the detailed table, a worker's trace), adjusted (an INPUT component's value
 * per worker) and computed again, approved through the approval engine as ONE record, then
 * locked. Its values are bulk facts (payroll_result_lines, run_id = the sheet's id), never fields
 * of the record. A locked sheet can be computed again for the year-end income-tax finalisation:
 * as a new sheet of kind FINALISATION beside it, so the approved figures stay as approved.
 */

const l = (key: string, vi: string, en: string) => label(`payPeriod.${key}`, vi, en);

export const PAY_PERIOD_COMPUTE_STATUSES = [
  'DRAFT',
  'COMPUTING',
  'COMPUTED',
  'COMPUTED_WITH_ERRORS',
  'INTERRUPTED',
] as const;
export type PayPeriodComputeStatus = (typeof PAY_PERIOD_COMPUTE_STATUSES)[number];

export const PayPeriodComputeStatusLabels: Readonly<Record<PayPeriodComputeStatus, Label>> = {
  DRAFT: l('computeStatuses.draft', 'Chưa tính', 'Not computed'),
  COMPUTING: l('computeStatuses.computing', 'Đang tính', 'Computing'),
  COMPUTED: l('computeStatuses.computed', 'Đã tính', 'Computed'),
  COMPUTED_WITH_ERRORS: l('computeStatuses.computedWithErrors', 'Đã tính, có lỗi', 'Computed with errors'),
  INTERRUPTED: l('computeStatuses.interrupted', 'Tính dở dang', 'Interrupted'),
};

export const PAY_PERIOD_KINDS = ['REGULAR', 'FINALISATION'] as const;
export type PayPeriodKind = (typeof PAY_PERIOD_KINDS)[number];
export const PayPeriodKindLabels: Readonly<Record<PayPeriodKind, Label>> = {
  REGULAR: l('kinds.regular', 'Bảng lương tháng', 'Monthly payroll'),
  FINALISATION: l('kinds.finalisation', 'Tính lại quyết toán thuế', 'Year-end tax recomputation'),
};

export const PAY_PERIOD_WORKER_STATUSES = ['PENDING', 'OK', 'FAILED'] as const;
export type PayPeriodWorkerStatus = (typeof PAY_PERIOD_WORKER_STATUSES)[number];
export const PayPeriodWorkerStatusLabels: Readonly<Record<PayPeriodWorkerStatus, Label>> = {
  PENDING: l('workerStatuses.pending', 'Chờ tính', 'Waiting'),
  OK: l('workerStatuses.ok', 'Đã tính', 'Computed'),
  FAILED: l('workerStatuses.failed', 'Lỗi', 'Failed'),
};

export const PayPeriodLimits = {
  /** workers one chunk of the computation loads, computes and writes in one transaction */
  chunkWorkers: 2000,
  /** units one sheet names */
  units: 200,
  /** rows of a review page (workers) */
  pageSize: 100,
  defaultPageSize: 50,
  /** an INPUT value as typed */
  inputValueLength: 200,
  keywordLength: 100,
} as const;

export const PayPeriodPaths = {
  /** POST {version?}: computes every worker as a background job; 202 { jobId, payPeriod } */
  compute: '/api/pm/pay-periods/{id}/compute',
  /** GET: the template's components as computed (the review table's columns) */
  components: '/api/pm/pay-periods/{id}/components',
  /** GET ?organizationUnitId&keyword&status&cursor&pageSize: a keyset page of workers with every value */
  workers: '/api/pm/pay-periods/{id}/workers',
  /** GET ?organizationUnitId&keyword&status: each component's total over the workers listed */
  totals: '/api/pm/pay-periods/{id}/totals',
  /** GET: one worker computed again with every intermediate value */
  trace: '/api/pm/pay-periods/{id}/workers/{workerId}/trace',
  /** GET: the INPUT values typed for the worker; PUT {componentCode, value}: one set (null removes it), the worker recomputed */
  inputs: '/api/pm/pay-periods/{id}/workers/{workerId}/inputs',
  /** POST: one worker computed again at once */
  recomputeWorker: '/api/pm/pay-periods/{id}/workers/{workerId}/recompute',
  /** POST {version?}: an APPROVED sheet locked */
  lock: '/api/pm/pay-periods/{id}/lock',
  /** POST: a locked sheet's year-end recomputation, a new FINALISATION sheet beside it */
  finalisation: '/api/pm/pay-periods/{id}/finalisation',
} as const;

const target = (resource: string, apiPath: string, display = 'name') => ({ resource, apiPath, display });

export const payPeriodContract = defineContract({
  service: 'pm',
  path: 'pay-periods',
  route: '/pm/pay-period',
  permission: 'pay_period',
  level: 'tenant',
  title: ResourceTitles.pay_period,
  singular: l('singular', 'Bảng lương', 'Pay period'),
  fields: {
    code: f.code(),
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    salaryPeriodId: {
      ...f.reference({
        label: l('salaryPeriod', 'Kỳ trả lương', 'Salary period'),
        target: target('salary_period', '/api/pm/salary-periods'),
        required: true,
      }),
      example: (_n: number, context?: ExampleContext) => context?.references?.salary_period ?? null,
    },
    periodMonth: f.date({ label: l('periodMonth', 'Tháng lương', 'Pay month'), readOnly: true }),
    // needed to compute (400 on templateId until chosen); the sheets migration 0076 made of lines
    // written before pay periods have none
    templateId: {
      ...f.reference({
        label: l('template', 'Mẫu bảng lương', 'Payroll template'),
        target: target('salary_slip_template', '/api/pm/payroll-templates'),
      }),
      example: (_n: number, context?: ExampleContext) => context?.references?.salary_slip_template ?? null,
    },
    organizationUnitIds: f.references({
      label: l('units', 'Đơn vị', 'Units'),
      target: target('organization_unit', '/api/om/organization-units'),
      maxItems: PayPeriodLimits.units,
      hint: l(
        'unitsHint',
        'Để trống: mọi nhân viên mà mẫu bảng lương áp dụng',
        'Empty: everyone the payroll template applies to',
      ),
    }),
    includeSubUnits: {
      ...f.boolean({ label: l('includeSubUnits', 'Gồm đơn vị cấp dưới', 'Include sub-units') }),
      example: () => true,
    },
    description: f.text({
      label: CommonLabels.description,
      maxLength: FieldLimits.description,
      multiline: true,
    }),
    kind: f.enumOf({
      label: l('kind', 'Loại', 'Kind'),
      valueLabels: PayPeriodKindLabels,
      defaultValue: 'REGULAR',
      readOnly: true,
    }),
    sourceId: f.reference({
      label: l('source', 'Bảng lương được tính lại', 'Sheet recomputed'),
      target: target('pay_period', '/api/pm/pay-periods'),
      readOnly: true,
    }),
    computeStatus: f.enumOf({
      label: l('computeStatus', 'Trạng thái tính', 'Computation'),
      valueLabels: PayPeriodComputeStatusLabels,
      defaultValue: 'DRAFT',
      readOnly: true,
    }),
    computeJobId: f.text({
      label: l('computeJob', 'Lượt tính', 'Computation job'),
      maxLength: 36,
      readOnly: true,
    }),
    templateVersion: f.integer({
      label: l('templateVersion', 'Phiên bản mẫu đã tính', 'Template version computed'),
      readOnly: true,
    }),
    workersTotal: f.integer({ label: l('workersTotal', 'Số nhân viên', 'Workers'), readOnly: true }),
    workersDone: f.integer({ label: l('workersDone', 'Đã tính', 'Computed'), readOnly: true }),
    workersFailed: f.integer({ label: l('workersFailed', 'Số lỗi', 'Failed'), readOnly: true }),
    computeStartedAt: f.dateTime({
      label: l('computeStartedAt', 'Bắt đầu tính lúc', 'Started at'),
      readOnly: true,
    }),
    computedAt: f.dateTime({ label: l('computedAt', 'Tính xong lúc', 'Computed at'), readOnly: true }),
    computeError: f.text({
      label: l('computeError', 'Lỗi của lượt tính', 'Computation error'),
      maxLength: FieldLimits.description,
      readOnly: true,
    }),
    approvalStatus: f.enumOf({
      label: l('approvalStatus', 'Trạng thái duyệt', 'Approval status'),
      defaultValue: 'NEW',
      valueLabels: ApprovalStatusLabels,
    }),
    // who locked it is in the action log
    lockedAt: f.dateTime({ label: l('lockedAt', 'Khoá lúc', 'Locked at'), readOnly: true }),
  },
  columns: [
    'code',
    'name',
    'periodMonth',
    'templateId',
    'computeStatus',
    'workersTotal',
    'workersFailed',
    'approvalStatus',
    'lockedAt',
  ],
  listExtras: ['salaryPeriodId', 'kind', 'workersDone', 'computeJobId', 'sourceId'],
  keyword: ['code', 'name'],
  filters: ['salaryPeriodId', 'templateId', 'computeStatus', 'approvalStatus', 'kind', 'periodMonth'],
  sort: ['code', 'name', 'periodMonth', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'periodMonth', direction: 'desc' },
  sections: [
    {
      title: CommonLabels.general,
      fields: [
        'code',
        'name',
        'salaryPeriodId',
        'templateId',
        'organizationUnitIds',
        'includeSubUnits',
        'description',
      ],
    },
  ],
  create: [
    'code',
    'name',
    'salaryPeriodId',
    'templateId',
    'organizationUnitIds',
    'includeSubUnits',
    'description',
  ],
  // the month is the lines' partition: a sheet of another salary period is another sheet
  update: ['code', 'name', 'templateId', 'organizationUnitIds', 'includeSubUnits', 'description'],
  without: ['status', 'import'],
  exportColumns: [
    'code',
    'name',
    'periodMonth',
    'templateId',
    'computeStatus',
    'workersTotal',
    'workersFailed',
    'approvalStatus',
    'lockedAt',
    'createdAt',
    'lastModifiedAt',
  ],
});
export type PayPeriodRecord = RecordOf<typeof payPeriodContract>;

/** A component of the computed template: a column of the review table. */
export interface PayPeriodComponent {
  readonly code: string;
  readonly name: string;
  readonly nameEn: string | null;
  /** the spec's value type (INTEGER, MONEY, DATE, DOUBLE, PERCENT, TEXT, NUMBER, ENUM) */
  readonly valueType: string;
  readonly source: 'INPUT' | 'FORMULA';
  /** EARNING, DEDUCTION, EMPLOYER_CONTRIBUTION, INFORMATION */
  readonly category: string;
  readonly formula: string | null;
}

export interface PayPeriodComponents {
  readonly templateId: string | null;
  /** the template's version these components are of (the one computed, else the current one) */
  readonly templateVersion: number | null;
  readonly components: readonly PayPeriodComponent[];
}

/** Why a worker has no values: the component that failed (none for missing data), the code and its words. */
export interface PayPeriodWorkerError {
  readonly component: string | null;
  readonly code: string;
  readonly message: { readonly vi: string; readonly en: string };
  readonly params: Readonly<Record<string, string>>;
}

/** A value as the table shows it: an amount (integer đồng), a decimal as text, or text. */
export type PayPeriodValue = number | string | null;

/** One row of the detailed table: a worker and every component's value, by component code. */
export interface PayPeriodWorkerRow {
  readonly workerId: string;
  readonly code: string;
  readonly fullName: string;
  readonly organizationUnitId: string | null;
  readonly unitCode: string;
  readonly unitName: string;
  readonly status: PayPeriodWorkerStatus;
  readonly error: PayPeriodWorkerError | null;
  /** a net contract's gross found to the đồng (HOP_DONG_NET = 1) */
  readonly solvedGross: number | null;
  readonly values: Readonly<Record<string, PayPeriodValue>>;
  /** the INPUT components HR typed for this worker */
  readonly adjusted: readonly string[];
}

export interface PayPeriodTotals {
  readonly workers: number;
  readonly failed: number;
  /** per component: the sum over the workers listed (amounts as numbers, numbers as decimal text) */
  readonly totals: Readonly<Record<string, number | string>>;
}

/** One name a formula read while computing a component, with its value. */
export interface PayPeriodTraceRead {
  readonly name: string;
  readonly kind: 'variable' | 'component';
  readonly value: string | number | boolean | null;
}

export interface PayPeriodTraceStep {
  /** [start, end) in the formula's text */
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly value: string | number | boolean;
}

export interface PayPeriodTraceComponent {
  readonly code: string;
  readonly name: string;
  readonly nameEn: string | null;
  readonly source: 'INPUT' | 'FORMULA';
  readonly formula: string | null;
  readonly value: string | number | boolean | null;
  /** the value HR typed (INPUT components), if any */
  readonly adjusted: boolean;
  readonly reads: readonly PayPeriodTraceRead[];
  readonly steps: readonly PayPeriodTraceStep[];
}

export interface PayPeriodTrace {
  readonly workerId: string;
  readonly code: string;
  readonly fullName: string;
  readonly templateVersion: number;
  /** the components in the order computed, up to the one that failed */
  readonly components: readonly PayPeriodTraceComponent[];
  readonly error: PayPeriodWorkerError | null;
  /** a net contract: the gross found, and the agreed net it was solved for */
  readonly netToGross: { readonly agreedNet: number; readonly gross: number; readonly exact: boolean } | null;
  /** whether the values computed now equal the stored lines (false: data changed since; compute again) */
  readonly matchesStored: boolean;
}

/** PUT …/inputs: one INPUT component's value for the worker; null removes what was typed. */
export interface PayPeriodInputBody {
  readonly componentCode: string;
  readonly value: string | number | null;
}

export interface PayPeriodInputValue {
  readonly componentCode: string;
  readonly value: string;
  readonly updatedAt: string;
  readonly updatedBy: string | null;
}

export interface PayPeriodComputeStarted {
  readonly jobId: string;
  readonly payPeriod: PayPeriodRecord;
}

export const payPeriodContracts = [payPeriodContract] as const;
