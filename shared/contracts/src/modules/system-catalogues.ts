import { FieldLimits } from '../limits.ts';
import type { PermissionResource } from '../permissions.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f, type FieldContracts } from '../resource/fields.ts';
import { CommonLabels, label, type Label } from '../resource/label.ts';
import { ResourceTitles, type TitledResource } from '../resource/titles.ts';

/**
 * System › Categories (catalogues §2.2 "System"): lists the system administrators keep once for
 * every tenant. Level 'both': system users holding the permission read and write them; tenant
 * users holding `<permission>.view` read them (search, detail, count, auto-complete, find-by-ids,
 * export with `.export`) and are refused (403) every write; the server serves them from one
 * global table (the resource scope 'shared', packages/server/README.md).
 */

const common = {
  code: f.code(),
  name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
  description: f.text({
    label: CommonLabels.description,
    maxLength: FieldLimits.description,
    multiline: true,
  }),
  priority: f.integer({ label: CommonLabels.priority }),
  status: f.status(),
};

/** A coefficient: 3 decimals (catalogues §9 "coefficient 3"), never negative; numeric(10, 3) in SQL. */
export const COEFFICIENT_PRECISION = 10;
export const COEFFICIENT_SCALE = 3;

const coefficientFields = {
  ...common,
  value: f.decimal({
    label: label('systemCatalogue.value', 'Giá trị hệ số', 'Coefficient value'),
    precision: COEFFICIENT_PRECISION,
    scale: COEFFICIENT_SCALE,
    minimum: '0',
    required: true,
  }),
};

/** The highest level of a technical level (bậc 1 to 20). */
export const MAX_TECHNICAL_LEVEL = 20;

const technicalLevelFields = {
  ...common,
  level: f.integer({
    label: label('systemCatalogue.technicalLevel.level', 'Bậc', 'Level'),
    minimum: 1,
    maximum: MAX_TECHNICAL_LEVEL,
    required: true,
  }),
};

/** One System category: served at /api/system/{path}, drawn at its menu entry's path `route`. */
function systemCatalogue<const F extends FieldContracts & typeof common, const X extends keyof F & string>(
  options: {
    permission: PermissionResource;
    path: string;
    route: string;
    title: Label;
    singular: Label;
  },
  fields: F,
  extra: X,
) {
  return defineContract({
    service: 'system',
    level: 'both',
    ...options,
    fields,
    columns: ['code', 'name', extra, 'priority', 'status', 'lastModifiedAt'],
    keyword: ['code', 'name'],
    filters: ['status', 'code'],
    sort: ['code', 'name', extra, 'priority', 'createdAt', 'lastModifiedAt'],
    defaultSort: { field: 'priority', direction: 'asc' },
    sections: [{ title: CommonLabels.general, fields: ['code', 'name', extra, 'priority', 'description'] }],
    exportColumns: [
      'code',
      'name',
      extra,
      'description',
      'priority',
      'status',
      'createdAt',
      'lastModifiedAt',
    ],
    importColumns: ['code', 'name', extra, 'description', 'priority'],
  });
}

/** A catalogue's title, its resource's (resource/titles.ts), and its singular: in Vietnamese the same word. */
const titles = (resource: TitledResource, key: string, enOne: string) => ({
  title: ResourceTitles[resource],
  singular: label(`systemCatalogue.${key}.singular`, ResourceTitles[resource].vi, enOne),
});

export const coefficientContract = systemCatalogue(
  {
    permission: 'coefficient',
    path: 'coefficients',
    route: '/system/coefficient',
    ...titles('coefficient', 'coefficient', 'Coefficient'),
  },
  coefficientFields,
  'value',
);

export const payrollCoefficientContract = systemCatalogue(
  {
    permission: 'payroll_coefficient',
    path: 'payroll-coefficients',
    route: '/system/payroll-coefficient',
    ...titles('payroll_coefficient', 'payrollCoefficient', 'Payroll coefficient'),
  },
  coefficientFields,
  'value',
);

export const timeSalaryCoefficientContract = systemCatalogue(
  {
    permission: 'time_salary_coefficient',
    path: 'time-salary-coefficients',
    route: '/system/time-salary-coefficient',
    ...titles('time_salary_coefficient', 'timeSalaryCoefficient', 'Time salary coefficient'),
  },
  coefficientFields,
  'value',
);

export const technicalLevelContract = systemCatalogue(
  {
    permission: 'technical_level',
    path: 'technical-levels',
    route: '/system/technical-levels',
    ...titles('technical_level', 'technicalLevel', 'Technical level'),
  },
  technicalLevelFields,
  'level',
);

export type CoefficientRecord = RecordOf<typeof coefficientContract>;
export type TechnicalLevelRecord = RecordOf<typeof technicalLevelContract>;

/** The System categories kept by system administrators for every tenant: coefficients, payroll coefficients, time salary coefficients, technical levels. */
export const systemCatalogueContracts = [
  coefficientContract,
  payrollCoefficientContract,
  timeSalaryCoefficientContract,
  technicalLevelContract,
] as const;
