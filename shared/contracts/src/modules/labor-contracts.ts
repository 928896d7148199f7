import Type from 'typebox';
import { FieldLimits } from '../limits.ts';
import { describedPattern } from '../pattern-formats.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { ATTACHMENT_TYPES, f } from '../resource/fields.ts';
import { label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';
import { ApprovalStatusLabels } from '../approval/transitions.ts';

/*
 * Organisation › Contract (catalogues §2.1 "contract (including create-from-worker)", §3
 * "Validity", §5.1 "contract number must not contain a backslash", §5.2 "contract number 100"):
 * a worker's labour contracts and their annexes. An annex names the contract it amends and
 * belongs to the same worker.
 */

export const LaborContractLimits = {
  /** catalogues §5.2 */
  number: 100,
  allowances: 20,
  workplace: FieldLimits.address,
} as const;

/** Catalogues §5.1: a contract number is anything printable but a backslash. */
export const CONTRACT_NUMBER_PATTERN = describedPattern(
  '^[^\\\\\\u0000-\\u001f]+$',
  'contractNumber',
  '01/2026/HĐLĐ',
);

/**
 * Catalogues §3 "Validity", computed from the dates in the tenant's time zone and kept current
 * as days pass: NOT_EFFECTIVE before the effective date, EXPIRE after the expiry date,
 * EFFECTIVE in between (an indefinite contract never expires).
 */
export const CONTRACT_VALIDITIES = ['EFFECTIVE', 'NOT_EFFECTIVE', 'EXPIRE'] as const;
export type ContractValidity = (typeof CONTRACT_VALIDITIES)[number];

/** The validity of a contract on `today` (all three are yyyy-MM-dd, so they compare as text). */
export function validityOn(
  effectiveDate: string,
  expiryDate: string | null,
  today: string,
): ContractValidity {
  if (today < effectiveDate) return 'NOT_EFFECTIVE';
  if (expiryDate !== null && today > expiryDate) return 'EXPIRE';
  return 'EFFECTIVE';
}

const target = (resource: string, apiPath: string, display = 'name') => ({ resource, apiPath, display });
export const LABOR_CONTRACT_TARGETS = {
  worker: target('worker', '/api/om/workers', 'fullName'),
  contractType: target('contract_type', '/api/om/contract-types'),
  contract: target('contract', '/api/om/contracts', 'number'),
  jobTitle: target('job_title', '/api/om/job-titles'),
  allowanceType: target('allowance_type', '/api/om/allowance-types'),
} as const;

const day = (key: string, vi: string, en: string, required = false) =>
  f.date({ label: label(`contract.${key}`, vi, en), required });

const contractFields = {
  number: f.text({
    label: label('contract.number', 'Số hợp đồng', 'Contract number'),
    maxLength: LaborContractLimits.number,
    pattern: CONTRACT_NUMBER_PATTERN,
    required: true,
    unique: true,
    autoNumber: 'contractNumber',
    example: (n) => `${String(n).padStart(4, '0')}/2026/HĐLĐ`,
    hint: label('contract.numberHint', 'Không chứa dấu \\', 'No backslash'),
  }),
  workerId: f.reference({
    label: label('contract.worker', 'Nhân viên', 'Employee'),
    required: true,
    target: LABOR_CONTRACT_TARGETS.worker,
  }),
  contractTypeId: f.reference({
    label: label('contract.contractType', 'Loại hợp đồng', 'Contract type'),
    required: true,
    target: LABOR_CONTRACT_TARGETS.contractType,
  }),
  parentContractId: f.reference({
    label: label('contract.parentContract', 'Phụ lục của hợp đồng', 'Annex to contract'),
    target: LABOR_CONTRACT_TARGETS.contract,
    hint: label(
      'contract.parentContractHint',
      'Chỉ chọn khi đây là phụ lục: hợp đồng gốc của cùng nhân viên',
      'Only for an annex: the same employee’s original contract',
    ),
  }),
  signingDate: day('signingDate', 'Ngày ký', 'Signed on', true),
  effectiveDate: day('effectiveDate', 'Ngày hiệu lực', 'Effective from', true),
  expiryDate: f.date({
    label: label('contract.expiryDate', 'Ngày hết hạn', 'Expires on'),
    hint: label(
      'contract.expiryDateHint',
      'Để trống: tính theo thời hạn của loại hợp đồng (không thời hạn: để trống)',
      'Empty: from the contract type’s term (none for an indefinite term)',
    ),
  }),
  validity: f.enumOf({
    label: label('contract.validity', 'Hiệu lực', 'Validity'),
    defaultValue: 'NOT_EFFECTIVE',
    valueLabels: {
      EFFECTIVE: label('contract.validities.effective', 'Còn hiệu lực', 'In force'),
      NOT_EFFECTIVE: label('contract.validities.notEffective', 'Chưa hiệu lực', 'Not yet in force'),
      EXPIRE: label('contract.validities.expire', 'Hết hạn', 'Expired'),
    } satisfies Record<ContractValidity, unknown>,
  }),
  jobTitleId: f.reference({
    label: label('contract.jobTitle', 'Chức danh chuyên môn', 'Job title'),
    target: LABOR_CONTRACT_TARGETS.jobTitle,
  }),
  workplace: f.text({
    label: label('contract.workplace', 'Địa điểm làm việc', 'Workplace'),
    maxLength: LaborContractLimits.workplace,
  }),
  salary: f.money({
    label: label('contract.salary', 'Mức lương (VNĐ)', 'Salary (VND)'),
    required: true,
    example: (n: number) => `${8_000_000 + (n % 10) * 500_000}`,
  }),
  files: f.files({
    label: label('contract.files', 'Tệp đính kèm', 'Attached files'),
    ownerType: 'ATTACHMENT',
    accept: ATTACHMENT_TYPES,
    hint: label('contract.filesHint', 'Bản hợp đồng đã ký', 'The signed copy'),
  }),
  allowances: f.children({
    label: label('contract.allowances', 'Phụ cấp', 'Allowances'),
    maxItems: LaborContractLimits.allowances,
    fields: {
      allowanceTypeId: f.reference({
        label: label('contract.allowance.type', 'Loại phụ cấp', 'Allowance type'),
        required: true,
        target: LABOR_CONTRACT_TARGETS.allowanceType,
      }),
      amount: f.money({
        label: label('contract.allowance.amount', 'Số tiền (VNĐ)', 'Amount (VND)'),
        required: true,
        example: () => '500000',
      }),
    },
  }),
  // migration 0074: payroll grosses a net salary up (HOP_DONG_NET, docs/payroll-variables.md)
  netPay: f.boolean({
    label: label('contract.netPay', 'Lương thỏa thuận NET', 'Net pay agreed'),
    hint: label(
      'contract.netPayHint',
      'Mức lương là số thực nhận sau bảo hiểm và thuế',
      'The salary is what the employee receives after insurance and tax',
    ),
  }),
  note: f.text({
    label: label('contract.note', 'Ghi chú', 'Note'),
    maxLength: FieldLimits.note,
    multiline: true,
  }),
  /** the approval engine's (issue 13): a contract is signed, and in force, once APPROVED */
  approvalStatus: f.enumOf({
    label: label('contract.approvalStatus', 'Trạng thái duyệt', 'Approval status'),
    defaultValue: 'NEW',
    valueLabels: ApprovalStatusLabels,
  }),
  /**
   * Derived by the server (a list column and filter, never written): a signed (APPROVED) main
   * contract, not an annex, that has an end and no later main contract of the same employee yet.
   * With an expiry window, it is what the expiry notices and GET /expiring tell HR to act on, and
   * what the dashboard's "contracts ending" card counts.
   */
  renewalDue: f.boolean({
    label: label('contract.renewalDue', 'Chờ gia hạn', 'Awaiting renewal'),
    readOnly: true,
  }),
};

const EDITED = [
  'number',
  'workerId',
  'contractTypeId',
  'parentContractId',
  'signingDate',
  'effectiveDate',
  'expiryDate',
  'jobTitleId',
  'workplace',
  'salary',
  'netPay',
  'allowances',
  'note',
  'files',
] as const;

/**
 * Organisation › Contract: every labour contract and annex of the tenant. Searched by number;
 * filtered by employee, type, validity, "annexes of", expiry date and "awaiting renewal"; newest
 * effective first. The validity and renewalDue are the server's (never typed): shown and
 * filtered, not edited.
 */
export const laborContractContract = defineContract({
  service: 'om',
  level: 'tenant',
  path: 'contracts',
  route: '/om/contract',
  permission: 'contract',
  title: ResourceTitles.contract,
  singular: label('contract.singular', 'Hợp đồng', 'Contract'),
  fields: contractFields,
  columns: [
    'number',
    'workerId',
    'contractTypeId',
    'signingDate',
    'effectiveDate',
    'expiryDate',
    'validity',
    'salary',
    'approvalStatus',
  ],
  // through the list's column chooser
  optionalColumns: ['renewalDue'],
  keyword: ['number'],
  filters: [
    'workerId',
    'contractTypeId',
    'validity',
    'parentContractId',
    'approvalStatus',
    'expiryDate',
    'renewalDue',
  ],
  sort: ['number', 'signingDate', 'effectiveDate', 'expiryDate', 'salary', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'effectiveDate', direction: 'desc' },
  without: ['status'],
  sections: [
    {
      title: label('contract.section.general', 'Thông tin hợp đồng', 'Contract'),
      fields: ['number', 'workerId', 'contractTypeId', 'parentContractId', 'validity', 'approvalStatus'],
    },
    {
      title: label('contract.section.dates', 'Thời hạn', 'Term'),
      fields: ['signingDate', 'effectiveDate', 'expiryDate'],
    },
    {
      title: label('contract.section.work', 'Công việc và lương', 'Work and pay'),
      fields: ['jobTitleId', 'workplace', 'salary', 'netPay', 'allowances', 'note', 'files'],
    },
  ],
  create: EDITED,
  update: EDITED,
  exportColumns: [
    'number',
    'workerId',
    'contractTypeId',
    'parentContractId',
    'signingDate',
    'effectiveDate',
    'expiryDate',
    'validity',
    'jobTitleId',
    'workplace',
    'salary',
    'note',
    'approvalStatus',
    'createdAt',
    'lastModifiedAt',
  ],
  importColumns: [
    'number',
    'workerId',
    'contractTypeId',
    'signingDate',
    'effectiveDate',
    'expiryDate',
    'jobTitleId',
    'workplace',
    'salary',
    'note',
  ],
  importMatches: 'number',
});
export type LaborContractRecord = RecordOf<typeof laborContractContract>;

/**
 * GET /api/om/contracts/in-force?workerId=…&date=yyyy-MM-dd (contract.view): the worker's
 * contract at that date (catalogues §7.3 "info by effective date"): the main contract whose term
 * holds the date (the latest effective one if several do), with its annexes in force on that
 * date; 200 with `contract: null` when none holds it.
 */
export const CONTRACT_IN_FORCE_PATH = '/api/om/contracts/in-force';
export interface ContractInForce {
  readonly date: string;
  readonly contract: LaborContractRecord | null;
  readonly annexes: readonly LaborContractRecord[];
}

/**
 * GET /api/om/contracts/expiring?days=N (contract.view): signed main contracts ending within N
 * days (default: the tenant's contractExpiryNoticeDays, 30) and not yet renewed, soonest first,
 * inside the caller's data scope. The daily job tells HR of the same contracts once each.
 */
export const CONTRACT_EXPIRING_PATH = '/api/om/contracts/expiring';

/**
 * POST /api/om/contracts/{id}/renew (contract.create): a draft of the next contract, made from
 * this one (same employee, type, job title, workplace, salary and allowances; effective the day
 * after this one ends; numbered from the tenant's pattern; signed today), for HR to check and
 * send for approval.
 */
export const contractRenewPath = (id: string) => `/api/om/contracts/${encodeURIComponent(id)}/renew`;

export const ExpiringContract = Type.Object({
  id: Type.String({ format: 'uuid' }),
  number: Type.String(),
  workerId: Type.String({ format: 'uuid' }),
  workerName: Type.String(),
  workerCode: Type.String(),
  effectiveDate: Type.String({ format: 'date' }),
  expiryDate: Type.String({ format: 'date' }),
});
export type ExpiringContract = Type.Static<typeof ExpiringContract>;
