import { ErrorCodes, FieldErrorKeys, type PermissionResource } from '@hcm/contracts';
import { categoryContracts } from '@hcm/contracts/categories';
import { and, eq, ne } from 'drizzle-orm';
import { contractTypes, regionWages, salaryGradeScales, salaryGrades } from '../tables/wage-categories.ts';
import { AppError, validationFailed } from '../../../http/errors.ts';
import { bindResource, type ResourceDefinition } from '../../../resources/index.ts';

/** A contract of modules/wage-categories.ts, by its permission (categories.ts lists, not re-exports, it). */
function contractOf(permission: PermissionResource) {
  const found = categoryContracts.find((contract) => contract.permission === permission);
  if (!found) throw new Error(`@hcm/contracts/categories has no contract of ${permission}`);
  return found;
}

/** The most a contract type's salary rate may be (percent) and a grade's steps. */
const MAX_SALARY_RATE = 100;
const ALL_SCALES = ['1', '2', '3', '4', '5'] as const;

/** The region wages (region and date) created so far in a transaction: an import's rows. */
const keysOfWrite = new WeakMap<object, Set<string>>();

/** 409 on effectiveDate and region: the region has (or is given twice) a wage from the date. */
const regionTaken = (region: string, effectiveDate: string, what: string) =>
  new AppError(
    409,
    ErrorCodes.conflict,
    `Region ${region} ${what} effective from ${effectiveDate}: one record per region and date`,
    [
      {
        field: 'effectiveDate',
        code: FieldErrorKeys.invalidValue,
        message: 'is already used for this region',
      },
      { field: 'region', code: FieldErrorKeys.invalidValue, message: 'already has a wage from this date' },
    ],
  );

/**
 * Region wages: the amount is more than 0, and a tenant has one record per region and
 * effective date (409 on effectiveDate and region otherwise, also for two rows of one import;
 * the unique index region_wages_region_date_key backs the check against a race).
 */
export const regionWageResource = bindResource(contractOf('region_wage'), {
  table: regionWages,
  hooks: {
    async validate({ tx, caller }, changes, before) {
      const amount = changes.amount;
      if (typeof amount === 'string' && Number(amount) <= 0)
        throw validationFailed(
          [
            {
              field: 'amount',
              code: FieldErrorKeys.min,
              message: 'must be greater than 0',
              // money is whole đồng: at least 1
              params: { required: 1, actual: Number(amount) },
            },
          ],
          'The minimum wage must be greater than 0',
        );
      if (changes.region === undefined && changes.effectiveDate === undefined) return;
      const region = String(changes.region ?? before?.region);
      const effectiveDate = String(changes.effectiveDate ?? before?.effectiveDate);
      if (!before) {
        // An import validates every row before it inserts any: two rows of one file meet here.
        const key = `${region} ${effectiveDate}`;
        const seen = keysOfWrite.get(tx) ?? new Set<string>();
        if (seen.has(key)) throw regionTaken(region, effectiveDate, 'is given twice');
        keysOfWrite.set(tx, seen.add(key));
      }
      const [taken] = await tx
        .select({ id: regionWages.id })
        .from(regionWages)
        .where(
          and(
            eq(regionWages.tenantId, String(caller.tenantId)),
            eq(regionWages.region, region),
            eq(regionWages.effectiveDate, effectiveDate),
            before ? ne(regionWages.id, String(before.id)) : undefined,
          ),
        )
        .limit(1);
      if (taken) throw regionTaken(region, effectiveDate, 'already has a minimum wage');
    },
  },
});

const noScale = () =>
  validationFailed(
    [{ field: 'scales', code: FieldErrorKeys.required, message: 'choose at least one step' }],
    'A salary grade has at least one step (1 to 5)',
  );

/**
 * Salary grades with their steps (bậc) 1 to 5 in salary_grade_scales: at least one. Create and
 * update refuse an empty list (400 on scales); the spreadsheet import, whose sheet cannot carry
 * a list, gives an imported grade all five steps.
 */
export const salaryGradeResource = bindResource(contractOf('salary_grade'), {
  table: salaryGrades,
  enumSets: {
    scales: {
      table: salaryGradeScales,
      parent: salaryGradeScales.salaryGradeId,
      value: salaryGradeScales.scale,
    },
  },
  hooks: {
    validate(_context, changes, before) {
      // On create the lists are not among the values yet: afterCreate checks them.
      if (before && Array.isArray(changes.scales) && changes.scales.length === 0) throw noScale();
    },
    async afterCreate({ tx, caller }, record) {
      const scales = record.scales;
      // The API's create: the list it was given (none given: empty).
      if (Array.isArray(scales)) {
        if (scales.length === 0) throw noScale();
        return;
      }
      // The import's rows carry no list.
      await tx.insert(salaryGradeScales).values(
        ALL_SCALES.map((scale) => ({
          tenantId: String(caller.tenantId),
          salaryGradeId: String(record.id),
          scale,
        })),
      );
    },
  },
});

/** Contract types: the salary rate is a percent, 0 to 100 (the schema keeps it to 2 decimals). */
export const contractTypeResource = bindResource(contractOf('contract_type'), {
  table: contractTypes,
  hooks: {
    validate(_context, changes) {
      const rate = changes.salaryRate;
      if (typeof rate === 'string' && Number(rate) > MAX_SALARY_RATE)
        throw validationFailed(
          [
            {
              field: 'salaryRate',
              code: FieldErrorKeys.max,
              message: `must be at most ${MAX_SALARY_RATE}`,
              params: { required: MAX_SALARY_RATE, actual: Number(rate) },
            },
          ],
          `The salary rate is a percent: at most ${MAX_SALARY_RATE}`,
        );
    },
  },
});

/** Region wages, salary grades, contract types bound to their tables. */
export const wageCategoryResources: readonly ResourceDefinition[] = [
  regionWageResource,
  salaryGradeResource,
  contractTypeResource,
];
