import { FieldLimits } from '../limits.ts';
import type { PermissionResource } from '../permissions.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { ATTACHMENT_TYPES, f } from '../resource/fields.ts';
import { label, type Label } from '../resource/label.ts';
import type { FieldContracts } from '../resource/fields.ts';
import { ResourceTitles } from '../resource/titles.ts';
import { ApprovalStatusLabels, type ApprovalStatus } from '../approval/transitions.ts';
import { CONTRACT_NUMBER_PATTERN } from './labor-contracts.ts';

/*
 * Organisation › Position assignments, Quit job, Reward, Discipline, Benefit, Salary review
 * (core §2, catalogues §2.1 "Business HR", §3.1 approvable record types): the decisions that
 * change an employee's record. Each is its own resource; what they share (the employee, the
 * decision's number and dates, the approval status, when it was applied) is declared once here
 * and the kinds add their own fields.
 *
 * A decision takes effect on its effective date once it is APPROVED (the approval engine sets
 * that status; nothing is applied before): the server then writes its change to the employee
 * (unit, position, title, working status, salary) and stamps `appliedAt`. An applied decision is
 * history: it can be neither edited nor deleted.
 */

export { APPROVAL_STATUSES, ApprovalStatusLabels, type ApprovalStatus } from '../approval/transitions.ts';

export const PersonnelChangeLimits = {
  /** a decision number, like a contract number (catalogues §5.2 contract number 100) */
  decisionNumber: 100,
  reason: FieldLimits.note,
  form: FieldLimits.name,
} as const;

const target = (resource: string, apiPath: string, display = 'name') => ({ resource, apiPath, display });
export const PERSONNEL_CHANGE_TARGETS = {
  worker: target('worker', '/api/om/workers', 'fullName'),
  organizationUnit: target('organization_unit', '/api/om/organization-units'),
  position: target('position', '/api/om/positions'),
  jobTitle: target('job_title', '/api/om/job-titles'),
  rewardType: target('reward_type', '/api/om/reward-types'),
  disciplineType: target('discipline_type', '/api/om/discipline-types'),
  salaryGrade: target('salary_grade', '/api/om/salary-grades'),
} as const;

const l = (key: string, vi: string, en: string) => label(`personnelChange.${key}`, vi, en);

/** What every decision has; `effective` names its effective date as the kind says it. */
function sharedFields(effective: Label, decisionRequired: boolean) {
  return {
    workerId: f.reference({
      label: l('worker', 'Nhân viên', 'Employee'),
      required: true,
      target: PERSONNEL_CHANGE_TARGETS.worker,
    }),
    decisionNumber: f.text({
      label: l('decisionNumber', 'Số quyết định', 'Decision number'),
      maxLength: PersonnelChangeLimits.decisionNumber,
      pattern: CONTRACT_NUMBER_PATTERN,
      required: decisionRequired,
      example: (n) => `${String(n).padStart(3, '0')}/2026/QĐ`,
    }),
    decisionDate: f.date({ label: l('decisionDate', 'Ngày quyết định', 'Decision date') }),
    effectiveDate: f.date({ label: effective, required: true }),
    approvalStatus: f.enumOf({
      label: l('approvalStatus', 'Trạng thái duyệt', 'Approval status'),
      defaultValue: 'NEW',
      valueLabels: ApprovalStatusLabels,
    }),
    appliedAt: f.dateTime({
      label: l('appliedAt', 'Đã áp dụng vào hồ sơ lúc', 'Applied to the record at'),
    }),
    reason: f.text({
      label: l('reason', 'Lý do', 'Reason'),
      maxLength: PersonnelChangeLimits.reason,
      multiline: true,
    }),
    files: f.files({
      label: l('files', 'Tệp đính kèm', 'Attached files'),
      ownerType: 'ATTACHMENT',
      accept: ATTACHMENT_TYPES,
      hint: l('filesHint', 'Bản quyết định đã ký, biên bản', 'The signed decision, minutes'),
    }),
  };
}
type SharedFields = ReturnType<typeof sharedFields>;
const SHARED_EDITED = [
  'workerId',
  'decisionNumber',
  'decisionDate',
  'effectiveDate',
  'reason',
  'files',
] as const;

interface KindInput<K extends FieldContracts> {
  path: string;
  route: string;
  permission: PermissionResource;
  title: Label;
  singular: Label;
  effective?: Label;
  decisionRequired?: boolean;
  fields: K;
  /** the kind's own fields the user types (the rest are the server's) */
  edited: readonly (keyof K & string)[];
  /** the kind's own columns, between the employee and the effective date */
  columns: readonly (keyof K & string)[];
  filters?: readonly (keyof K & string)[];
  section: Label;
}

/**
 * One kind of decision: the shared fields with its own, listed newest effective first, searched
 * by decision number, filtered by employee, approval status and effective date (a from/to range),
 * and the kind's own filters.
 */
function personnelChange<K extends FieldContracts>(input: KindInput<K>) {
  const shared = sharedFields(
    input.effective ?? l('effectiveDate', 'Ngày hiệu lực', 'Effective from'),
    input.decisionRequired ?? true,
  );
  const fields = { ...shared, ...input.fields } as SharedFields & K;
  type Name = keyof (SharedFields & K) & string;
  const edited = [...SHARED_EDITED, ...input.edited] as Name[];
  return defineContract({
    service: 'om',
    level: 'tenant',
    path: input.path,
    route: input.route,
    permission: input.permission,
    title: input.title,
    singular: input.singular,
    fields,
    columns: ['decisionNumber', 'workerId', ...input.columns, 'effectiveDate', 'approvalStatus'] as Name[],
    keyword: ['decisionNumber'] as Name[],
    // the effective date as a range (from, to): the dashboard's "left this month" links here
    filters: ['workerId', 'approvalStatus', 'effectiveDate', ...(input.filters ?? [])] as Name[],
    sort: ['decisionNumber', 'decisionDate', 'effectiveDate', 'createdAt', 'lastModifiedAt'] as (
      Name | 'createdAt' | 'lastModifiedAt'
    )[],
    defaultSort: { field: 'effectiveDate' as Name, direction: 'desc' },
    without: ['status'],
    sections: [
      {
        title: l('section.decision', 'Quyết định', 'Decision'),
        fields: [
          'workerId',
          'decisionNumber',
          'decisionDate',
          'effectiveDate',
          'approvalStatus',
          'appliedAt',
        ] as Name[],
      },
      // the kind's fields as declared: the "from" ones the server keeps beside the typed ones
      { title: input.section, fields: [...Object.keys(input.fields), 'reason', 'files'] as Name[] },
    ],
    create: edited,
    update: edited,
    exportColumns: [
      'decisionNumber',
      'workerId',
      'decisionDate',
      'effectiveDate',
      ...Object.keys(input.fields),
      'reason',
      'files',
      'approvalStatus',
      'appliedAt',
      'createdAt',
      'lastModifiedAt',
    ] as Name[],
    // a spreadsheet row cannot carry the attached files
    importColumns: edited.filter((name) => name !== 'files'),
  });
}

const ref = (
  key: string,
  vi: string,
  en: string,
  to: keyof typeof PERSONNEL_CHANGE_TARGETS,
  required = false,
) => f.reference({ label: l(key, vi, en), target: PERSONNEL_CHANGE_TARGETS[to], required });
const money = (key: string, vi: string, en: string, required = false) =>
  f.money({ label: l(key, vi, en), required, example: (n: number) => `${1_000_000 + (n % 10) * 500_000}` });
const coefficient = (key: string, vi: string, en: string) =>
  f.decimal({ label: l(key, vi, en), precision: 6, scale: 2, minimum: '0' });

/** Catalogues §3 document-template types TRANSFER, APPOINTMENT, DISMISSED: what the assignment does. */
export const ASSIGNMENT_TYPES = ['TRANSFER', 'APPOINTMENT', 'DISMISSAL'] as const;

/** Organisation › Position assignments: moves an employee to a unit, position and title. */
export const displacementContract = personnelChange({
  path: 'displacements',
  route: '/om/displacements',
  permission: 'displacement',
  title: ResourceTitles.displacement,
  singular: l('displacement.singular', 'Quyết định điều động, bổ nhiệm', 'Position assignment'),
  section: l('displacement.section', 'Điều động', 'Assignment'),
  fields: {
    assignmentType: f.enumOf({
      label: l('displacement.type', 'Hình thức', 'Kind'),
      defaultValue: 'TRANSFER',
      valueLabels: {
        TRANSFER: l('displacement.types.transfer', 'Điều chuyển', 'Transfer'),
        APPOINTMENT: l('displacement.types.appointment', 'Bổ nhiệm', 'Appointment'),
        DISMISSAL: l('displacement.types.dismissal', 'Miễn nhiệm', 'Dismissal'),
      } satisfies Record<(typeof ASSIGNMENT_TYPES)[number], Label>,
    }),
    fromUnitId: ref('displacement.fromUnit', 'Từ đơn vị', 'From unit', 'organizationUnit'),
    fromPositionId: ref('displacement.fromPosition', 'Từ chức vụ', 'From position', 'position'),
    fromJobTitleId: ref('displacement.fromJobTitle', 'Từ chức danh', 'From job title', 'jobTitle'),
    toUnitId: ref('displacement.toUnit', 'Đến đơn vị', 'To unit', 'organizationUnit', true),
    toPositionId: ref('displacement.toPosition', 'Chức vụ mới', 'New position', 'position'),
    toJobTitleId: ref('displacement.toJobTitle', 'Chức danh mới', 'New job title', 'jobTitle'),
  },
  edited: ['assignmentType', 'toUnitId', 'toPositionId', 'toJobTitleId'],
  columns: ['assignmentType', 'fromUnitId', 'toUnitId'],
  filters: ['assignmentType', 'toUnitId'],
});

/** Organisation › Quit job: ends an employee's work on the date of leaving. */
export const resignationContract = personnelChange({
  path: 'resignations',
  route: '/om/quit-job',
  permission: 'resignation',
  title: ResourceTitles.resignation,
  singular: l('resignation.singular', 'Quyết định nghỉ việc', 'Resignation'),
  effective: l('resignation.date', 'Ngày nghỉ việc', 'Leaves on'),
  section: l('resignation.section', 'Bàn giao', 'Handover'),
  fields: {
    handoverWorkerId: ref('resignation.handoverWorker', 'Người nhận bàn giao', 'Hands over to', 'worker'),
    handoverNote: f.text({
      label: l('resignation.handoverNote', 'Nội dung bàn giao', 'What is handed over'),
      maxLength: PersonnelChangeLimits.reason,
      multiline: true,
    }),
  },
  edited: ['handoverWorkerId', 'handoverNote'],
  columns: ['handoverWorkerId'],
});

/** Organisation › Reward: a reward of a type, with its form and amount. */
export const rewardContract = personnelChange({
  path: 'rewards',
  route: '/om/reward',
  permission: 'reward',
  title: ResourceTitles.reward,
  singular: l('reward.singular', 'Quyết định khen thưởng', 'Reward'),
  section: l('reward.section', 'Khen thưởng', 'Reward'),
  fields: {
    rewardTypeId: ref('reward.type', 'Loại khen thưởng', 'Reward type', 'rewardType', true),
    form: f.text({
      label: l('reward.form', 'Hình thức', 'Form'),
      maxLength: PersonnelChangeLimits.form,
      example: () => 'Giấy khen',
    }),
    amount: money('reward.amount', 'Số tiền thưởng (VNĐ)', 'Amount (VND)'),
  },
  edited: ['rewardTypeId', 'form', 'amount'],
  columns: ['rewardTypeId', 'amount'],
  filters: ['rewardTypeId'],
});

/** Organisation › Discipline: a discipline of a type, its form, a fine, and until when it holds. */
export const disciplineContract = personnelChange({
  path: 'disciplines',
  route: '/om/discipline',
  permission: 'discipline',
  title: ResourceTitles.discipline,
  singular: l('discipline.singular', 'Quyết định kỷ luật', 'Discipline'),
  section: l('discipline.section', 'Kỷ luật', 'Discipline'),
  fields: {
    disciplineTypeId: ref('discipline.type', 'Loại kỷ luật', 'Discipline type', 'disciplineType', true),
    form: f.text({
      label: l('discipline.form', 'Hình thức', 'Form'),
      maxLength: PersonnelChangeLimits.form,
      example: () => 'Khiển trách',
    }),
    amount: money('discipline.amount', 'Tiền phạt, bồi thường (VNĐ)', 'Fine (VND)'),
    expiryDate: f.date({ label: l('discipline.expiryDate', 'Thời hạn đến', 'Holds until') }),
  },
  edited: ['disciplineTypeId', 'form', 'amount', 'expiryDate'],
  columns: ['disciplineTypeId', 'form'],
  filters: ['disciplineTypeId'],
});

/** Organisation › Benefit: a benefit paid to an employee (a holiday gift, a sickness allowance). */
export const benefitContract = personnelChange({
  path: 'benefits',
  route: '/om/benefit',
  permission: 'benefit',
  title: ResourceTitles.benefit,
  singular: l('benefit.singular', 'Phúc lợi', 'Benefit'),
  effective: l('benefit.date', 'Ngày hưởng', 'Granted on'),
  decisionRequired: false,
  section: l('benefit.section', 'Phúc lợi', 'Benefit'),
  fields: {
    name: f.text({
      label: l('benefit.name', 'Chế độ phúc lợi', 'Benefit'),
      maxLength: FieldLimits.name,
      required: true,
      example: (n) => `Quà Tết ${n}`,
    }),
    amount: money('benefit.amount', 'Số tiền (VNĐ)', 'Amount (VND)', true),
  },
  edited: ['name', 'amount'],
  columns: ['name', 'amount'],
});

/**
 * Organisation › Salary review: moves an employee's salary grade, coefficient or salary; the
 * "from" values are the employee's when the review is written, kept as they were.
 */
export const salaryReviewContract = personnelChange({
  path: 'salary-reviews',
  route: '/om/salary-review',
  permission: 'compensation_revision',
  title: ResourceTitles.compensation_revision,
  singular: l('salaryReview.singular', 'Quyết định điều chỉnh lương', 'Salary review'),
  section: l('salaryReview.section', 'Mức lương', 'Salary'),
  fields: {
    fromSalaryGradeId: ref('salaryReview.fromGrade', 'Ngạch lương cũ', 'From grade', 'salaryGrade'),
    toSalaryGradeId: ref('salaryReview.toGrade', 'Ngạch lương mới', 'To grade', 'salaryGrade'),
    fromCoefficient: coefficient('salaryReview.fromCoefficient', 'Hệ số cũ', 'From coefficient'),
    toCoefficient: coefficient('salaryReview.toCoefficient', 'Hệ số mới', 'To coefficient'),
    fromSalary: money('salaryReview.fromSalary', 'Lương cũ (VNĐ)', 'From salary (VND)'),
    toSalary: money('salaryReview.toSalary', 'Lương mới (VNĐ)', 'To salary (VND)'),
  },
  edited: ['toSalaryGradeId', 'toCoefficient', 'toSalary'],
  columns: ['fromSalary', 'toSalary'],
});

export const PERSONNEL_CHANGE_CONTRACTS = [
  displacementContract,
  resignationContract,
  rewardContract,
  disciplineContract,
  benefitContract,
  salaryReviewContract,
] as const;

export type DisplacementRecord = RecordOf<typeof displacementContract>;
export type ResignationRecord = RecordOf<typeof resignationContract>;
export type RewardRecord = RecordOf<typeof rewardContract>;
export type DisciplineRecord = RecordOf<typeof disciplineContract>;
export type BenefitRecord = RecordOf<typeof benefitContract>;
export type SalaryReviewRecord = RecordOf<typeof salaryReviewContract>;

/** The kinds in a worker's history: the six decisions and the labour contracts. */
export const HISTORY_KINDS = [
  'contract',
  'displacement',
  'resignation',
  'reward',
  'discipline',
  'benefit',
  'salaryReview',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/**
 * GET /api/om/workers/{id}/history (worker.view): every contract and decision of the worker the
 * caller may view, oldest effective first, with a one-line summary in the caller's language.
 */
export const workerHistoryPath = (id: string) => `/api/om/workers/${encodeURIComponent(id)}/history`;
export interface WorkerHistoryEntry {
  readonly kind: HistoryKind;
  readonly id: string;
  /** the decision or contract number */
  readonly number: string | null;
  readonly effectiveDate: string;
  /** where its approval stands (a contract is signed, and in force, once APPROVED) */
  readonly approvalStatus: ApprovalStatus | null;
  readonly appliedAt: string | null;
  /** what changed, in words: "Phòng Kế toán → Phòng Nhân sự", "Lương 12.000.000 → 15.000.000" */
  readonly summary: string;
  /** the record's page in the portal */
  readonly route: string;
}
