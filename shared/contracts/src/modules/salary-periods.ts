import { ApprovalStatusLabels } from '../approval/transitions.ts';
import { FieldLimits } from '../limits.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f, type DateField } from '../resource/fields.ts';
import { CommonLabels, label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';

const l = (key: string, vi: string, en: string) => label(`salaryPeriod.${key}`, vi, en);

/** The month a period pays, kept as its first day (yyyy-MM-01): its lines' month partition. */
const periodMonth: DateField<true> = {
  ...f.date({
    label: l('periodMonth', 'Tháng lương', 'Pay month'),
    required: true,
    hint: l(
      'periodMonthHint',
      'Ngày đầu tháng, ví dụ 01/01/2026',
      'The first day of the month, e.g. 01/01/2026',
    ),
  }),
  example: (n: number) => `${2026 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}-01`,
};

/**
 * Salary › Salary periods (Kỳ trả lương) (catalogues §2.1 pay-period, §3.1 "approvable: salary period"): the month
 * a payroll run pays. Its values per worker and component are bulk facts
 * (payroll_result_lines, run_id = the period's id, written by the bulk path), never fields of
 * the record: the period is approved through the approval engine as ONE record, however many
 * lines it holds, and its lines cannot be written while it waits for approval or once it is
 * approved (docs/bulk-path.md). The approver reads the lines' totals (GET /{id}/summary). The
 * pages come with the payroll issue; the menu shows the entry when an app serves its route.
 */
export const salaryPeriodContract = defineContract({
  service: 'pm',
  path: 'salary-periods',
  route: '/pm/salary-period',
  permission: 'salary_period',
  level: 'tenant',
  title: ResourceTitles.salary_period,
  singular: l('singular', 'Kỳ trả lương', 'Salary period'),
  fields: {
    code: f.code(),
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    periodMonth,
    description: f.text({
      label: CommonLabels.description,
      maxLength: FieldLimits.description,
      multiline: true,
    }),
    approvalStatus: f.enumOf({
      label: l('approvalStatus', 'Trạng thái duyệt', 'Approval status'),
      defaultValue: 'NEW',
      valueLabels: ApprovalStatusLabels,
    }),
  },
  columns: ['code', 'name', 'periodMonth', 'approvalStatus', 'lastModifiedAt'],
  keyword: ['code', 'name'],
  filters: ['approvalStatus', 'periodMonth'],
  sort: ['code', 'name', 'periodMonth', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'periodMonth', direction: 'desc' },
  sections: [{ title: CommonLabels.general, fields: ['code', 'name', 'periodMonth', 'description'] }],
  // the month is the lines' partition: a period of another month is another period
  update: ['code', 'name', 'description'],
  without: ['status'],
  exportColumns: [
    'code',
    'name',
    'periodMonth',
    'description',
    'approvalStatus',
    'createdAt',
    'lastModifiedAt',
  ],
  importColumns: ['code', 'name', 'periodMonth', 'description'],
});
export type SalaryPeriodRecord = RecordOf<typeof salaryPeriodContract>;

/** What an approver reads of a period: its lines' totals, summed in the database. */
export interface SalaryPeriodSummary {
  readonly lines: number;
  readonly workers: number;
  /** per component: the sum of its amounts (integer đồng) over the period's lines */
  readonly components: readonly {
    readonly componentCode: string;
    readonly lines: number;
    readonly amount: number;
  }[];
}

export const salaryPeriodContracts = [salaryPeriodContract] as const;
