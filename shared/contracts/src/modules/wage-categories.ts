import { FieldLimits } from '../limits.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f } from '../resource/fields.ts';
import { CommonLabels, label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';
import { CategoryLists, categoryExportColumns, categoryFields } from './category.ts';

/** The four regions of the region minimum wage (Decree 74/2024/ND-CP and its successors). */
export const WAGE_REGIONS = ['I', 'II', 'III', 'IV'] as const;
export type WageRegion = (typeof WAGE_REGIONS)[number];

/** The steps (bậc) a salary grade may have: 1 to 5 (catalogues §5, "scale count 1 to 5"). */
export const SALARY_SCALES = ['1', '2', '3', '4', '5'] as const;
export type SalaryScale = (typeof SALARY_SCALES)[number];

/** The largest salary rate of a contract type: a share of the agreed salary, in percent. */
export const MAX_SALARY_RATE = 100;
/** The longest term of a definite-term contract type, in months (Labour Code 2019 art. 20: 36). */
export const MAX_TERM_MONTHS = 60;

/**
 * Admin › Region wage (catalogues §2.1, §7.1 find-latest-effective): the minimum monthly wage of
 * each region from its effective date. One record per region and effective date in a tenant.
 */
export const regionWageContract = defineContract({
  service: 'om',
  path: 'region-wages',
  route: '/setting/region-wage',
  permission: 'region_wage',
  level: 'tenant',
  title: ResourceTitles.region_wage,
  singular: label('category.regionWage.singular', 'Lương tối thiểu vùng', 'Regional minimum wage'),
  fields: {
    region: f.enumOf({
      label: label('category.regionWage.region', 'Vùng', 'Region'),
      required: true,
      valueLabels: {
        I: label('category.regionWage.regionI', 'Vùng I', 'Region I'),
        II: label('category.regionWage.regionII', 'Vùng II', 'Region II'),
        III: label('category.regionWage.regionIII', 'Vùng III', 'Region III'),
        IV: label('category.regionWage.regionIV', 'Vùng IV', 'Region IV'),
      },
    }),
    amount: f.money({
      label: label(
        'category.regionWage.amount',
        'Mức lương tối thiểu (VND/tháng)',
        'Minimum wage (VND/month)',
      ),
      required: true,
      hint: label('category.regionWage.amountHint', 'Lớn hơn 0', 'Greater than 0'),
    }),
    effectiveDate: f.date({
      label: label('category.regionWage.effectiveDate', 'Ngày hiệu lực', 'Effective date'),
      required: true,
    }),
    note: f.text({
      label: label('category.regionWage.note', 'Ghi chú', 'Note'),
      maxLength: FieldLimits.note,
      multiline: true,
    }),
    status: f.status(),
  },
  columns: ['region', 'amount', 'effectiveDate', 'note', 'status', 'lastModifiedAt'],
  keyword: ['note'],
  filters: ['status', 'region'],
  sort: ['region', 'amount', 'effectiveDate', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'effectiveDate', direction: 'desc' },
  sections: [{ title: CommonLabels.general, fields: ['region', 'amount', 'effectiveDate', 'note'] }],
  exportColumns: ['region', 'amount', 'effectiveDate', 'note', 'status', 'createdAt', 'lastModifiedAt'],
  importColumns: ['region', 'amount', 'effectiveDate', 'note'],
});
export type RegionWageRecord = RecordOf<typeof regionWageContract>;

const scales = f.enumSet({
  label: label('category.salaryGrade.scales', 'Bậc lương', 'Salary steps'),
  hint: label('category.salaryGrade.scalesHint', 'Chọn ít nhất một bậc', 'Choose at least one step'),
  valueLabels: {
    '1': label('category.salaryGrade.scale1', 'Bậc 1', 'Step 1'),
    '2': label('category.salaryGrade.scale2', 'Bậc 2', 'Step 2'),
    '3': label('category.salaryGrade.scale3', 'Bậc 3', 'Step 3'),
    '4': label('category.salaryGrade.scale4', 'Bậc 4', 'Step 4'),
    '5': label('category.salaryGrade.scale5', 'Bậc 5', 'Step 5'),
  },
});

/**
 * Admin › Salary scale (catalogues §2.1, §3 "salary grade has scales (index)", §7.4): a salary
 * grade (ngạch) and the steps (bậc) 1 to 5 it has; at least one.
 */
export const salaryGradeContract = defineContract({
  service: 'om',
  path: 'salary-grades',
  route: '/setting/salary-scale',
  permission: 'salary_grade',
  level: 'tenant',
  title: ResourceTitles.salary_grade,
  singular: label('category.salaryGrade.singular', 'Ngạch lương', 'Salary grade'),
  fields: {
    ...categoryFields,
    // A valid example must have a step: the server refuses a grade without one.
    scales: { ...scales, example: (n: number) => [String((n % 5) + 1)] },
  },
  columns: ['code', 'name', 'description', 'priority', 'status', 'lastModifiedAt'],
  keyword: [...CategoryLists.keyword],
  filters: ['status', 'code'],
  sort: ['code', 'name', 'priority', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'priority', direction: 'asc' },
  sections: [
    { title: CommonLabels.general, fields: [...CategoryLists.general] },
    { title: label('category.salaryGrade.scalesSection', 'Bậc lương', 'Steps'), fields: ['scales'] },
  ],
  exportColumns: [...categoryExportColumns()],
  importColumns: [...CategoryLists.imported],
});
export type SalaryGradeRecord = RecordOf<typeof salaryGradeContract>;

/**
 * Admin › Contract type (catalogues §2.1, §7.4 "update salary rate"): a kind of labour contract,
 * the share of the agreed salary it pays (probation: 85 %, Labour Code 2019 art. 26) and its
 * term in months (empty: an indefinite term).
 */
export const contractTypeContract = defineContract({
  service: 'om',
  path: 'contract-types',
  route: '/setting/contract-type',
  permission: 'contract_type',
  level: 'tenant',
  title: ResourceTitles.contract_type,
  singular: label('category.contractType.singular', 'Loại hợp đồng', 'Contract type'),
  fields: {
    ...categoryFields,
    salaryRate: f.decimal({
      label: label('category.contractType.salaryRate', 'Tỷ lệ hưởng lương (%)', 'Salary rate (%)'),
      required: true,
      precision: 5,
      scale: 2,
      example: (n: number) => `${80 + (n % 20)}.5`,
      hint: label(
        'category.contractType.salaryRateHint',
        'Phần trăm mức lương thỏa thuận được trả, từ 0 đến 100 (thử việc: 85)',
        'Share of the agreed salary paid, 0 to 100 (probation: 85)',
      ),
    }),
    termMonths: f.integer({
      label: label('category.contractType.termMonths', 'Thời hạn (tháng)', 'Term (months)'),
      minimum: 1,
      maximum: MAX_TERM_MONTHS,
      hint: label(
        'category.contractType.termMonthsHint',
        'Để trống: không xác định thời hạn',
        'Empty: an indefinite term',
      ),
    }),
  },
  columns: ['code', 'name', 'salaryRate', 'termMonths', 'priority', 'status', 'lastModifiedAt'],
  keyword: ['code', 'name', 'nameEn'],
  filters: ['status', 'code'],
  sort: ['code', 'name', 'salaryRate', 'termMonths', 'priority', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'priority', direction: 'asc' },
  sections: [
    {
      title: CommonLabels.general,
      fields: ['code', 'name', 'nameEn', 'salaryRate', 'termMonths', 'priority', 'description'],
    },
  ],
  exportColumns: [
    'code',
    'name',
    'nameEn',
    'salaryRate',
    'termMonths',
    'description',
    'priority',
    'status',
    'createdAt',
    'lastModifiedAt',
  ],
  importColumns: ['code', 'name', 'nameEn', 'salaryRate', 'termMonths', 'description', 'priority'],
});
export type ContractTypeRecord = RecordOf<typeof contractTypeContract>;

/** Region wages, salary grades with their scales, contract types with their salary rate. */
export const wageCategoryContracts = [regionWageContract, salaryGradeContract, contractTypeContract] as const;
