import { label, type Label } from '@hcm/contracts/resource';
import { catalogueOf, type TableInfo, type ValueType, type VariableCatalogue } from '@hcm/formula';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/database.ts';
import { todayInVietnam } from '../../../resources/search/find-latest-effective.ts';
import { storedCatalogueTables } from '../lookup-tables/catalogue-tables.ts';
import { DECLARED_BY_CODE, DECLARED_VARIABLES, type DeclaredVariable } from './declared.ts';
import { DERIVED_TABLE_CODES, DERIVED_TABLES } from './derived-tables.ts';

/*
 * The tenant's variable catalogue (issue 32 item 4; docs/payroll-variables.md): what a formula
 * may name. The declared variables (declared.ts), the tenant's parameter codes (Admin ›
 * Parameter management: each code a variable, its type from its unit) and the lookup tables
 * (derived-tables.ts, and the tenant's stored tables). Saving a component checks its formula
 * against it (services/pm/components); the editor completes from it (GET /api/pm/payroll-variables).
 */

/** A database or a transaction: the catalogue reads with explicit tenant filters either way. */
export type Reader = Db | Tx;

/** A formula name: ASCII letters, digits and underscore, not starting with a digit. */
export const FORMULA_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A parameter's unit as the formulas see it: VND → MONEY, % → PERCENT (as the fraction), else NUMBER. */
export function parameterType(unit: string | null | undefined): ValueType {
  const normalised = (unit ?? '').trim().toUpperCase();
  if (normalised === 'VND' || normalised === 'VNĐ' || normalised === 'ĐỒNG') return 'MONEY';
  if (normalised === '%') return 'PERCENT';
  return 'NUMBER';
}

/** A catalogue variable with where it comes from, for the editor's list. */
export interface CatalogueVariable extends DeclaredVariable {
  /** a parameter's unit as the tenant wrote it; absent for the declared variables */
  readonly unit?: string | null;
}

/** A catalogue table, stored or derived. */
export interface CatalogueTable extends TableInfo {
  readonly label: Label;
  readonly derived: boolean;
}

/** The catalogue and its lists (the editor's JSON, docs). */
export interface LoadedCatalogue extends VariableCatalogue {
  readonly variableList: readonly CatalogueVariable[];
  readonly tableList: readonly CatalogueTable[];
}

const parameterDescription = label(
  'payrollVariable.parameterDescription',
  'Tham số có hiệu lực tại ngày cuối kỳ lương (Quản lý tham số)',
  "The parameter in force on the period's last day (Parameter management)",
);

interface ParameterRow {
  code: string;
  name: string;
  unit: string | null;
}

/**
 * The tenant's ACTIVE parameter codes usable as formula names, each with the name and unit of
 * its row in force on `onDate` (or of its first row, when none is in force yet: a formula may
 * name a parameter that starts later; a run before that date reports it missing).
 */
export async function parameterVariables(
  reader: Reader,
  tenantId: string,
  onDate: string,
): Promise<CatalogueVariable[]> {
  const result = (await reader.execute(sql`
    select distinct on (upper(code)) upper(code) as code, name, unit
      from parameters
     where tenant_id = ${tenantId}::uuid and status = 'ACTIVE'
     order by upper(code), (effective_date <= ${onDate}::date) desc,
              case when effective_date <= ${onDate}::date then effective_date end desc nulls last,
              effective_date`)) as unknown as { rows: ParameterRow[] };
  return result.rows
    .filter((row) => FORMULA_NAME.test(row.code) && !DECLARED_BY_CODE.has(row.code))
    .map((row) => ({
      code: row.code,
      type: parameterType(row.unit),
      group: 'PARAMETER' as const,
      label: { key: `payrollParameter.${row.code}`, vi: row.name, en: row.name },
      description: parameterDescription,
      unit: row.unit,
    }));
}

/**
 * The tenant's catalogue on a date (default: today in Vietnam): the declared variables, the
 * parameter codes, the derived and stored lookup tables. Two statements.
 */
export async function loadCatalogue(
  reader: Reader,
  tenantId: string,
  onDate: string = todayInVietnam(),
): Promise<LoadedCatalogue> {
  const parameters = await parameterVariables(reader, tenantId, onDate);
  const stored = await storedCatalogueTables(reader, tenantId);
  const variableList: CatalogueVariable[] = [...DECLARED_VARIABLES, ...parameters];
  const names = new Set(variableList.map((variable) => variable.code));
  const tableList: CatalogueTable[] = [
    ...DERIVED_TABLES.map((table) => ({ ...table, label: table.label as Label, derived: true })),
    ...stored.filter((table) => !DERIVED_TABLE_CODES.has(table.code) && !names.has(table.code)),
  ];
  return { ...catalogueOf(variableList, tableList), variableList, tableList };
}
