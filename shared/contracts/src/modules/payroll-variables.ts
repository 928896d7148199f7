import Type from 'typebox';
import { SalaryValueTypes } from './salary-components.ts';
import { LOOKUP_TABLE_KINDS } from './payroll-lookup-tables.ts';

/*
 * The payroll variable catalogue as the formula editor reads it (issue 32 item 4;
 * docs/payroll-variables.md): every name a formula may use on a date — the declared variables
 * (worker, contract, locked timesheet, payroll inputs, period), the tenant's parameters — and the
 * lookup tables with their columns. The components of the tenant are the components' own list.
 */

export const PayrollVariablePaths = {
  /** GET ?date=YYYY-MM-DD (default: today in Vietnam) */
  catalogue: '/api/pm/payroll-variables',
} as const;

/** Where a variable's value comes from: the editor groups its completions by it. */
export const PAYROLL_VARIABLE_GROUPS = [
  'WORKER',
  'CONTRACT',
  'TIMESHEET',
  'INPUT',
  'PERIOD',
  'PARAMETER',
] as const;
export type PayrollVariableGroup = (typeof PAYROLL_VARIABLE_GROUPS)[number];

const LabelSchema = Type.Object({ key: Type.String(), vi: Type.String(), en: Type.String() });

export const PayrollVariable = Type.Object({
  code: Type.String(),
  type: Type.Enum(SalaryValueTypes),
  label: LabelSchema,
  group: Type.Enum(PAYROLL_VARIABLE_GROUPS),
  description: LabelSchema,
  /** a parameter's unit as the tenant wrote it (VND, %, …); absent for the declared variables */
  unit: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type PayrollVariable = Type.Static<typeof PayrollVariable>;

export const PayrollLookupTableInfo = Type.Object({
  code: Type.String(),
  kind: Type.Enum(LOOKUP_TABLE_KINDS),
  keyType: Type.Enum(SalaryValueTypes),
  columns: Type.Array(
    Type.Object({ code: Type.String(), type: Type.Enum(SalaryValueTypes), label: LabelSchema }),
  ),
  label: LabelSchema,
  /** LTT_VUNG and HE_SO_BAC come from the records (region wages, the payroll scale) */
  derived: Type.Boolean(),
});
export type PayrollLookupTableInfo = Type.Static<typeof PayrollLookupTableInfo>;

export const PayrollVariableCatalogue = Type.Object({
  /** the date the parameters' names and units were read for */
  date: Type.String(),
  groups: Type.Array(Type.Object({ code: Type.Enum(PAYROLL_VARIABLE_GROUPS), label: LabelSchema })),
  variables: Type.Array(PayrollVariable),
  tables: Type.Array(PayrollLookupTableInfo),
});
export type PayrollVariableCatalogue = Type.Static<typeof PayrollVariableCatalogue>;

export const PayrollVariableQuery = Type.Object(
  {
    date: Type.Optional(
      Type.String({ format: 'date', description: 'YYYY-MM-DD; default: today in Vietnam' }),
    ),
  },
  { additionalProperties: false },
);
