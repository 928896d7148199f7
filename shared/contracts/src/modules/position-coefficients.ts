import { FieldLimits } from '../limits.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { ATTACHMENT_TYPES, f, type DecimalField } from '../resource/fields.ts';
import { CommonLabels, label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';
import { SALARY_SCALES, salaryGradeContract, type SalaryScale } from './wage-categories.ts';

/** The largest coefficient a cell holds: numeric(5, 3), as the working-day limits of catalogues §5. */
export const MAX_POSITION_COEFFICIENT = '99.999';

/** The item field of a scale's coefficient in a grade row: coefficient1 … coefficient5. */
export const coefficientField = (scale: SalaryScale) => `coefficient${scale}` as const;
export type CoefficientFieldName = ReturnType<typeof coefficientField>;

/** One cell column: a coefficient > 0 with at most 3 decimals (catalogues §5.3 "coefficient 3"). */
const coefficient = (scale: SalaryScale): DecimalField<false> =>
  f.decimal({
    label: label(`positionCoefficient.coefficient${scale}`, `Bậc ${scale}`, `Step ${scale}`),
    precision: 5,
    scale: 3,
    minimum: '0',
    hint: label(
      'positionCoefficient.coefficientHint',
      'Lớn hơn 0, tối đa 99,999',
      'Greater than 0, at most 99.999',
    ),
  });

/**
 * The grade rows of a table: the grade, and its coefficient on each of its steps (bậc). A step
 * the grade does not have stays empty (the server refuses a value there).
 */
const salaryGrades = f.children({
  label: label('positionCoefficient.salaryGrades', 'Hệ số theo ngạch bậc', 'Coefficients by grade and step'),
  maxItems: 500,
  fields: {
    salaryGradeId: f.reference({
      label: label('positionCoefficient.salaryGrade', 'Ngạch lương', 'Salary grade'),
      required: true,
      unique: true,
      target: { resource: 'salary_grade', apiPath: salaryGradeContract.apiPath, display: 'name' },
    }),
    coefficient1: coefficient('1'),
    coefficient2: coefficient('2'),
    coefficient3: coefficient('3'),
    coefficient4: coefficient('4'),
    coefficient5: coefficient('5'),
  },
});

/**
 * Salary › Payroll scale › position salary coefficients (catalogues §2.2, §3, §7.4): a table of
 * coefficients in force from its effective date — for each salary grade (ngạch) the coefficient
 * of each of its steps (bậc) — and the base salary they multiply (salary = base × coefficient).
 * One table per effective date in a tenant; payroll asks for the coefficient of a grade and
 * step on a day (GET /default-coefficient). The header is listed, searched and exported like any
 * resource; the grade × step matrix is its body (`salaryGrades`), drawn by the admin app's own
 * matrix editor. Its files are the decree and appendices that set it.
 */
export const positionCoefficientContract = defineContract({
  service: 'pm',
  path: 'position-salary-coefficients',
  route: '/pm/payroll-scale',
  permission: 'position_coefficient',
  level: 'tenant',
  // The menu entry's name (admin-pages.test holds a page's title to it).
  title: ResourceTitles.position_coefficient,
  singular: label(
    'positionCoefficient.singular',
    'Bảng hệ số lương chức vụ',
    'Position salary coefficient table',
  ),
  fields: {
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    effectiveDate: {
      ...f.date({
        label: label('positionCoefficient.effectiveDate', 'Ngày hiệu lực', 'Effective date'),
        required: true,
        hint: label(
          'positionCoefficient.effectiveDateHint',
          'Một bảng cho mỗi ngày hiệu lực',
          'One table per effective date',
        ),
      }),
      // one table per date: examples of different n never share a day
      example: (n: number) => `${2000 + (n % 90)}-0${(n % 9) + 1}-01`,
    },
    baseSalary: f.money({
      label: label('positionCoefficient.baseSalary', 'Lương cơ sở (VND)', 'Base salary (VND)'),
      required: true,
      hint: label(
        'positionCoefficient.baseSalaryHint',
        'Lương = lương cơ sở × hệ số',
        'Salary = base salary × coefficient',
      ),
    }),
    note: f.text({
      label: label('positionCoefficient.note', 'Ghi chú', 'Note'),
      maxLength: FieldLimits.note,
      multiline: true,
    }),
    status: f.status(),
    files: f.files({
      label: label('positionCoefficient.files', 'Tệp đính kèm', 'Attached files'),
      ownerType: 'ATTACHMENT',
      accept: ATTACHMENT_TYPES,
      hint: label(
        'positionCoefficient.filesHint',
        'Quyết định ban hành và phụ lục',
        'The decree and its appendices',
      ),
    }),
    salaryGrades,
  },
  columns: ['name', 'effectiveDate', 'baseSalary', 'note', 'status', 'lastModifiedAt'],
  keyword: ['name', 'note'],
  filters: ['status'],
  sort: ['name', 'effectiveDate', 'baseSalary', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'effectiveDate', direction: 'desc' },
  sections: [
    { title: CommonLabels.general, fields: ['name', 'effectiveDate', 'baseSalary', 'note', 'files'] },
    {
      title: label('positionCoefficient.matrixSection', 'Hệ số lương', 'Coefficients'),
      fields: ['salaryGrades'],
    },
  ],
  // The matrix is not a spreadsheet cell: the export and import carry the headers.
  exportColumns: [
    'name',
    'effectiveDate',
    'baseSalary',
    'note',
    'files',
    'status',
    'createdAt',
    'lastModifiedAt',
  ],
  importColumns: ['name', 'effectiveDate', 'baseSalary', 'note'],
});
export type PositionCoefficientRecord = RecordOf<typeof positionCoefficientContract>;
export type PositionCoefficientRow = PositionCoefficientRecord['salaryGrades'][number];

/** A grade with the steps it has, as GET /salary-scales answers it: the rows of the matrix. */
export interface SalaryScaleRow {
  readonly salaryGradeId: string;
  readonly code: string;
  readonly name: string;
  readonly scales: readonly SalaryScale[];
}

/** GET /default-coefficient: the coefficient in force, and the table it comes from. */
export interface DefaultCoefficient {
  readonly coefficient: string;
  readonly baseSalary: string;
  readonly effectiveDate: string;
  readonly positionSalaryCoefficientId: string;
}

/** The warning of a default-coefficient look-up that finds no value in force. */
export const NO_COEFFICIENT_IN_FORCE = 'NO_COEFFICIENT_IN_FORCE';

export { SALARY_SCALES, type SalaryScale };
