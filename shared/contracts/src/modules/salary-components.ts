import { FieldLimits } from '../limits.ts';
import { describedPattern } from '../pattern-formats.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f, type ReferenceTarget, type TextField } from '../resource/fields.ts';
import { CommonLabels, label, type Label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';

const l = (key: string, vi: string, en: string) => label(`salaryComponent.${key}`, vi, en);

/**
 * The salary code (catalogues §5.1: letters, digits, underscore), as the formula language names
 * things: Latin letters without accents, digits and `_`, starting with a letter or `_`, at most
 * 50 characters. Matched case-insensitively, kept in upper case (the server upper-cases a code).
 */
export const SALARY_CODE_PATTERN = describedPattern(
  '^[A-Za-z_][A-Za-z0-9_]{0,49}$',
  'salaryCode',
  'LUONG_CO_BAN',
);

/** A formula's text at most (a PIT formula over the bands with IFs runs to a few hundred). */
export const FORMULA_MAX_LENGTH = 4000;

/** The spec's value types (catalogues §3.1), as @hcm/formula's VALUE_TYPES. */
export const SalaryValueTypes = [
  'INTEGER',
  'MONEY',
  'DATE',
  'DOUBLE',
  'PERCENT',
  'TEXT',
  'NUMBER',
  'ENUM',
] as const;
export type SalaryValueType = (typeof SalaryValueTypes)[number];

export const SalaryValueTypeLabels: Readonly<Record<SalaryValueType, Label>> = {
  INTEGER: l('valueTypes.integer', 'Số nguyên', 'Integer'),
  MONEY: l('valueTypes.money', 'Tiền (đồng)', 'Money (đồng)'),
  DATE: l('valueTypes.date', 'Ngày', 'Date'),
  DOUBLE: l('valueTypes.double', 'Số thực', 'Double'),
  PERCENT: l('valueTypes.percent', 'Phần trăm', 'Percent'),
  TEXT: l('valueTypes.text', 'Văn bản', 'Text'),
  NUMBER: l('valueTypes.number', 'Số', 'Number'),
  ENUM: l('valueTypes.enum', 'Mã danh mục', 'Enumeration code'),
};

/** INPUT: the value comes with the worker's payroll data; FORMULA: computed by its formula. */
export const SalaryComponentSources = ['INPUT', 'FORMULA'] as const;
export type SalaryComponentSource = (typeof SalaryComponentSources)[number];

export const SalaryComponentSourceLabels: Readonly<Record<SalaryComponentSource, Label>> = {
  INPUT: l('sources.input', 'Nhập liệu', 'Input'),
  FORMULA: l('sources.formula', 'Công thức', 'Formula'),
};

/** What the component is on the payslip (issue 32 item 2). */
export const SalaryComponentCategories = [
  'EARNING',
  'DEDUCTION',
  'EMPLOYER_CONTRIBUTION',
  'INFORMATION',
] as const;
export type SalaryComponentCategory = (typeof SalaryComponentCategories)[number];

export const SalaryComponentCategoryLabels: Readonly<Record<SalaryComponentCategory, Label>> = {
  EARNING: l('categories.earning', 'Khoản thu nhập', 'Earning'),
  DEDUCTION: l('categories.deduction', 'Khoản khấu trừ', 'Deduction'),
  EMPLOYER_CONTRIBUTION: l('categories.employerContribution', 'Doanh nghiệp đóng', 'Employer contribution'),
  INFORMATION: l('categories.information', 'Chỉ để thông tin', 'Information only'),
};

/**
 * How the component's number is rounded when it is stored (Excel's ROUND, ROUNDUP, ROUNDDOWN to
 * `roundingDigits`, which may be negative: −3 rounds to thousands). NONE: no rounding of its own —
 * a MONEY or INTEGER component is still kept in whole units (ROUND to 0 digits), any other
 * number to 15 significant digits (docs/payroll-formulas.md, "Values").
 */
export const RoundingModes = ['ROUND', 'ROUNDUP', 'ROUNDDOWN', 'NONE'] as const;
export type RoundingModeChoice = (typeof RoundingModes)[number];

export const RoundingModeLabels: Readonly<Record<RoundingModeChoice, Label>> = {
  ROUND: l('rounding.round', 'Làm tròn (ROUND)', 'Round (ROUND)'),
  ROUNDUP: l('rounding.roundUp', 'Làm tròn lên (ROUNDUP)', 'Round up (ROUNDUP)'),
  ROUNDDOWN: l('rounding.roundDown', 'Làm tròn xuống (ROUNDDOWN)', 'Round down (ROUNDDOWN)'),
  NONE: l('rounding.none', 'Không làm tròn thêm', 'No rounding of its own'),
};

/** Digits kept: −9 (to billions) … 9. */
export const ROUNDING_DIGITS = { min: -9, max: 9 } as const;

/** What a form's reference to a salary component searches and shows. */
export const SALARY_COMPONENT_TARGET: ReferenceTarget = {
  resource: 'salary_composition',
  apiPath: '/api/pm/salary-components',
  display: 'name',
};

const salaryCode: TextField<true> = {
  kind: 'code',
  label: CommonLabels.code,
  required: true,
  unique: true,
  maxLength: FieldLimits.code,
  pattern: SALARY_CODE_PATTERN,
  example: (n) => `TP_${String(n).padStart(4, '0')}`,
  hint: l(
    'codeHint',
    'Chữ cái không dấu, chữ số và _, ví dụ LUONG_CO_BAN; là tên dùng trong công thức',
    'Letters without accents, digits and _, e.g. LUONG_CO_BAN; the name formulas use',
  ),
};

/**
 * Salary › Payroll composition (Thành phần lương, catalogues §2.1 payroll-composit; issue 32
 * item 2; docs/payroll-templates.md): one line a payslip may carry — its code (the name
 * formulas read it by), value type, whether it is an input or a formula, what it is on the
 * payslip (earning, deduction, employer contribution, information), whether it is taxable and
 * insurable, and how its number is rounded. On save the server checks the formula with
 * @hcm/formula against the tenant's variable catalogue and the other components (422 with the
 * error on `formula`, naming the variable and its place), refuses a code the catalogue already
 * has, and re-checks every payroll template using the component.
 */
export const salaryComponentContract = defineContract({
  service: 'pm',
  path: 'salary-components',
  route: '/pm/payroll-composit',
  permission: 'salary_composition',
  level: 'tenant',
  title: ResourceTitles.salary_composition,
  singular: l('singular', 'Thành phần lương', 'Salary component'),
  fields: {
    code: salaryCode,
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    nameEn: f.text({ label: l('nameEn', 'Tên tiếng Anh', 'English name'), maxLength: FieldLimits.name }),
    valueType: f.enumOf({
      label: l('valueType', 'Kiểu giá trị', 'Value type'),
      valueLabels: SalaryValueTypeLabels,
      defaultValue: 'MONEY',
    }),
    source: f.enumOf({
      label: l('source', 'Nguồn giá trị', 'Source'),
      valueLabels: SalaryComponentSourceLabels,
      defaultValue: 'INPUT',
    }),
    formula: {
      ...f.text({
        label: l('formula', 'Công thức', 'Formula'),
        maxLength: FORMULA_MAX_LENGTH,
        multiline: true,
        hint: l(
          'formulaHint',
          'Như công thức Excel: biến, thành phần khác, IF, MIN, MAX, ROUND, LOOKUP…; bắt buộc khi nguồn là công thức',
          'As in Excel: variables, other components, IF, MIN, MAX, ROUND, LOOKUP…; required when the source is a formula',
        ),
      }),
      example: () => null,
    },
    category: f.enumOf({
      label: l('category', 'Loại khoản', 'Category'),
      valueLabels: SalaryComponentCategoryLabels,
      defaultValue: 'EARNING',
    }),
    taxable: f.boolean({ label: l('taxable', 'Chịu thuế TNCN', 'Taxable') }),
    insurable: f.boolean({ label: l('insurable', 'Đóng bảo hiểm', 'Insurable') }),
    roundingMode: f.enumOf({
      label: l('roundingMode', 'Cách làm tròn', 'Rounding'),
      valueLabels: RoundingModeLabels,
      defaultValue: 'NONE',
    }),
    roundingDigits: {
      ...f.integer({
        label: l('roundingDigits', 'Số chữ số làm tròn', 'Rounding digits'),
        minimum: ROUNDING_DIGITS.min,
        maximum: ROUNDING_DIGITS.max,
        hint: l(
          'roundingDigitsHint',
          'Từ −9 đến 9; 0 là đến đồng, −3 là đến nghìn đồng',
          'From −9 to 9; 0 to the đồng, −3 to thousands',
        ),
      }),
      example: () => 0,
    },
    description: f.text({
      label: CommonLabels.description,
      maxLength: FieldLimits.description,
      multiline: true,
    }),
    status: f.status(),
  },
  columns: ['code', 'name', 'valueType', 'source', 'category', 'status'],
  optionalColumns: ['nameEn', 'formula', 'taxable', 'insurable', 'roundingMode', 'lastModifiedAt'],
  keyword: ['code', 'name', 'nameEn'],
  filters: ['valueType', 'source', 'category', 'taxable', 'insurable', 'status'],
  sort: ['code', 'name', 'category', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'code', direction: 'asc' },
  sections: [
    { title: CommonLabels.general, fields: ['code', 'name', 'nameEn', 'category', 'description', 'status'] },
    {
      title: l('valueSection', 'Giá trị', 'Value'),
      fields: ['valueType', 'source', 'formula', 'roundingMode', 'roundingDigits'],
    },
    { title: l('lawSection', 'Thuế và bảo hiểm', 'Tax and insurance'), fields: ['taxable', 'insurable'] },
  ],
  exportColumns: [
    'code',
    'name',
    'nameEn',
    'valueType',
    'source',
    'formula',
    'category',
    'taxable',
    'insurable',
    'roundingMode',
    'roundingDigits',
    'description',
    'status',
    'lastModifiedAt',
  ],
  importColumns: [
    'code',
    'name',
    'nameEn',
    'valueType',
    'source',
    'formula',
    'category',
    'taxable',
    'insurable',
    'roundingMode',
    'roundingDigits',
    'description',
  ],
});
export type SalaryComponentRecord = RecordOf<typeof salaryComponentContract>;

/**
 * A field error of a formula the server refused (422, `field: 'formula'` on a component, or
 * `components[i].componentId` on a template): `code` is the formula language's label key
 * (`formula.errors.unknownVariable`, … — @hcm/formula FormulaMessages), `message` the English
 * text, and `params` the message's values plus where it is and the whole text in both languages.
 */
export interface FormulaFieldErrorParams {
  readonly [name: string]: string | number | undefined;
  /** the whole message in Vietnamese and in English, the component's code first */
  readonly vi: string;
  readonly en: string;
  /** the component whose formula it is */
  readonly component?: string;
  /** [start, end) offsets in the formula and the 1-based line and column of start */
  readonly start?: number;
  readonly end?: number;
  readonly line?: number;
  readonly column?: number;
}

export const salaryComponentContracts = [salaryComponentContract] as const;
