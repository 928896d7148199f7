import type { Label } from '@hcm/contracts/resource';
import type { RoundingMode } from './excel-number.ts';

/** The spec's value types of variables, parameters and components (catalogues §3.1). */
export const VALUE_TYPES = [
  'INTEGER',
  'MONEY',
  'DATE',
  'DOUBLE',
  'PERCENT',
  'TEXT',
  'NUMBER',
  'ENUM',
] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

/**
 * What a formula computes with. INTEGER, MONEY, DOUBLE, PERCENT and NUMBER are numbers (a
 * PERCENT is the fraction: 8 % is 0.08, as in an Excel cell formatted as a percentage); TEXT
 * and ENUM (an enumeration's code) are text; DATE is a date; comparisons give a condition.
 */
export type FormulaType = 'number' | 'text' | 'boolean' | 'date';

export function formulaTypeOf(type: ValueType): FormulaType {
  switch (type) {
    case 'TEXT':
    case 'ENUM':
      return 'text';
    case 'DATE':
      return 'date';
    default:
      return 'number';
  }
}

/** A value as a compiled template hands it out: dates as ISO 'YYYY-MM-DD' text. */
export type FormulaValue = number | string | boolean;

/** One variable of the catalogue: a worker's field, a timesheet figure, a dated parameter… */
export interface VariableInfo {
  /** Letters, digits and underscore; matched case-insensitively. */
  readonly code: string;
  readonly type: ValueType;
  /** Its name, for the editor's completion and the trace. */
  readonly label?: Label;
}

export interface TableColumn {
  readonly code: string;
  readonly type: ValueType;
  readonly label?: Label;
}

/**
 * A lookup table the formulas may read with LOOKUP(table, key[, "column"]).
 * - `keyed`: one row per key, matched exactly (text case-insensitively): the region minimum wage
 *   by region, a grade's coefficient by grade code.
 * - `band`: rows with ascending upper bounds, the law's "up to" (inclusive), the last row open
 *   (no bound): the row of the first band whose bound is at or above the key, as PIT bands read
 *   "to 10,000,000: 5 %".
 */
export interface TableInfo {
  readonly code: string;
  readonly kind: 'keyed' | 'band';
  /** The key's type (a band table's key is a number). */
  readonly keyType: ValueType;
  /** The value columns; with one column LOOKUP needs no column name. */
  readonly columns: readonly TableColumn[];
  readonly label?: Label;
}

/**
 * The variable catalogue as the formula language sees it: an interface the payroll module fills
 * from its sources (worker and contract fields, coefficients, the locked timesheet, payroll
 * inputs, effective-dated parameters). `catalogueOf` builds one from lists.
 */
export interface VariableCatalogue {
  /** The variable of this code (upper case), if any. */
  variable(code: string): VariableInfo | undefined;
  /** The lookup table of this code (upper case), if any. */
  table(code: string): TableInfo | undefined;
  /** Every variable, for completion. */
  variables(): Iterable<VariableInfo>;
  /** Every table, for completion. */
  tables(): Iterable<TableInfo>;
}

/** How a component's number is rounded when it is stored. */
export interface Rounding {
  readonly mode: RoundingMode;
  readonly digits: number;
}

/**
 * One component of a payroll template: an input (no formula: its value comes with the worker's
 * inputs under its code) or a formula over variables, tables and the other components.
 * A MONEY or INTEGER component is rounded to a whole number (ROUND, 0 digits) unless it says
 * otherwise; other numbers are kept to 15 significant digits.
 */
export interface ComponentDefinition {
  readonly code: string;
  readonly type: ValueType;
  readonly formula?: string | null;
  readonly rounding?: Rounding | null;
  readonly label?: Label;
}

/** A catalogue from lists of variables and tables (codes matched case-insensitively). */
export function catalogueOf(
  variables: readonly VariableInfo[],
  tables: readonly TableInfo[] = [],
): VariableCatalogue {
  const byCode = new Map(variables.map((v) => [v.code.toUpperCase(), v]));
  const tableByCode = new Map(tables.map((t) => [t.code.toUpperCase(), t]));
  return {
    variable: (code) => byCode.get(code.toUpperCase()),
    table: (code) => tableByCode.get(code.toUpperCase()),
    variables: () => byCode.values(),
    tables: () => tableByCode.values(),
  };
}
