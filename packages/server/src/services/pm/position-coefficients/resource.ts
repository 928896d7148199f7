import { ErrorCodes, FieldErrorKeys, type FieldError } from '@hcm/contracts';
import {
  SALARY_SCALES,
  coefficientField,
  positionCoefficientContract,
} from '@hcm/contracts/position-coefficients';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { positionSalaryCoefficientFiles } from '../tables/file-lists.ts';
import {
  positionSalaryCoefficientGrades,
  positionSalaryCoefficients,
} from '../tables/position-coefficients.ts';
import { salaryGradeScales, salaryGrades } from '../../om/tables/wage-categories.ts';
import { AppError, validationFailed } from '../../../http/errors.ts';
import { bindResource, fileListOf, type BoundResource } from '../../../resources/index.ts';
import type { ListSpec } from '../../../resources/types.ts';

type Row = Record<string, unknown>;
const LIST = 'salaryGrades';

/** The effective dates created so far in a transaction: an import's rows meet here. */
const datesOfWrite = new WeakMap<object, Set<string>>();

/** 409 on effectiveDate: the tenant has (or is given twice) a table from that date. */
const dateTaken = (effectiveDate: string, what: string) =>
  new AppError(
    409,
    ErrorCodes.conflict,
    `A position salary coefficient table ${what} effective from ${effectiveDate}: one table per date`,
    [{ field: 'effectiveDate', code: FieldErrorKeys.invalidValue, message: 'already has a table' }],
  );

/** The steps of the given grades of the calling tenant (row-level security keeps it to them). */
export async function stepsOfGrades(tx: Tx, ids: readonly string[]): Promise<Map<string, Set<string>>> {
  const steps = new Map<string, Set<string>>();
  if (ids.length === 0) return steps;
  const grades = await tx
    .select({ id: salaryGrades.id })
    .from(salaryGrades)
    .where(inArray(salaryGrades.id, [...ids]));
  for (const grade of grades) steps.set(grade.id, new Set());
  const scales = await tx
    .select({ id: salaryGradeScales.salaryGradeId, scale: salaryGradeScales.scale })
    .from(salaryGradeScales)
    .where(inArray(salaryGradeScales.salaryGradeId, [...ids]));
  for (const { id, scale } of scales) steps.get(id)?.add(scale);
  return steps;
}

/**
 * The matrix against the tenant's grades: each row's grade one of the tenant's (an unknown id,
 * or another tenant's, is refused at `salaryGrades[i].salaryGradeId`), each coefficient on a
 * step the grade has (`salaryGrades[i].coefficient<j>` otherwise) and more than 0 (the schema
 * keeps it to 3 decimals and at most 99.999).
 */
export async function matrixErrors(tx: Tx, rows: readonly unknown[]): Promise<FieldError[]> {
  const items = rows as Row[];
  const steps = await stepsOfGrades(
    tx,
    items.map((item) => String(item.salaryGradeId)),
  );
  const errors: FieldError[] = [];
  items.forEach((item, i) => {
    const gradeSteps = steps.get(String(item.salaryGradeId));
    if (!gradeSteps) {
      errors.push({
        field: `${LIST}[${i}].salaryGradeId`,
        code: FieldErrorKeys.invalidValue,
        message: 'is not a salary grade of this tenant',
      });
      return;
    }
    for (const scale of SALARY_SCALES) {
      const name = coefficientField(scale);
      const value = item[name];
      if (value === null || value === undefined) continue;
      const field = `${LIST}[${i}].${name}`;
      if (!gradeSteps.has(scale))
        errors.push({
          field,
          code: FieldErrorKeys.invalidValue,
          message: `the grade has no step ${scale}`,
        });
      else if (Number(value) <= 0)
        // 0.001: the smallest coefficient above 0 at its 3 decimals, so "at least" reads true
        errors.push({
          field,
          code: FieldErrorKeys.min,
          message: 'must be greater than 0',
          params: { required: 0.001, actual: Number(value) },
        });
    }
  });
  return errors;
}

/** The matrix's list, checked against the tenant's grades in the write's transaction before it is stored. */
function checkedMatrix(list: ListSpec): ListSpec {
  return {
    ...list,
    async save(tx, id, values) {
      const errors = await matrixErrors(tx, values);
      if (errors.length > 0) throw validationFailed(errors, 'The coefficients do not fit the salary grades');
      await list.save(tx, id, values);
    },
  };
}

/**
 * Position salary coefficient tables: a header (name, effective date, base salary > 0, note,
 * status) and its grade × step matrix in position_salary_coefficient_grades. One table per
 * effective date in a tenant (409 on effectiveDate, also for two rows of one import; the unique
 * index position_salary_coefficients_date_key backs it against a race).
 */
function bindPositionCoefficients(): BoundResource {
  const bound = bindResource(positionCoefficientContract, {
    table: positionSalaryCoefficients,
    children: {
      salaryGrades: {
        table: positionSalaryCoefficientGrades,
        parent: positionSalaryCoefficientGrades.positionSalaryCoefficientId,
        order: positionSalaryCoefficientGrades.position,
      },
    },
    fileLists: {
      files: fileListOf(positionSalaryCoefficientFiles),
    },
    hooks: {
      async validate({ tx, caller }, changes, before) {
        const base = changes.baseSalary;
        if (typeof base === 'string' && Number(base) <= 0)
          throw validationFailed(
            [
              {
                field: 'baseSalary',
                code: FieldErrorKeys.min,
                message: 'must be greater than 0',
                // money is whole đồng: at least 1
                params: { required: 1, actual: Number(base) },
              },
            ],
            'The base salary must be greater than 0',
          );
        if (changes.effectiveDate === undefined) return;
        const effectiveDate = String(changes.effectiveDate);
        if (!before) {
          // An import validates every row before it inserts any: two rows of one file meet here.
          const seen = datesOfWrite.get(tx) ?? new Set<string>();
          if (seen.has(effectiveDate)) throw dateTaken(effectiveDate, 'is given twice');
          datesOfWrite.set(tx, seen.add(effectiveDate));
        }
        const [taken] = await tx
          .select({ id: positionSalaryCoefficients.id })
          .from(positionSalaryCoefficients)
          .where(
            and(
              eq(positionSalaryCoefficients.tenantId, String(caller.tenantId)),
              eq(positionSalaryCoefficients.effectiveDate, effectiveDate),
              before ? ne(positionSalaryCoefficients.id, String(before.id)) : undefined,
            ),
          )
          .limit(1);
        if (taken) throw dateTaken(effectiveDate, 'already exists');
      },
    },
  });
  const lists = bound.lists as Record<string, ListSpec>;
  const matrix = lists[LIST];
  if (!matrix) throw new Error(`${bound.basePath} has no ${LIST} list`);
  lists[LIST] = checkedMatrix(matrix);
  return bound;
}

export const positionCoefficientResource = bindPositionCoefficients();
