import { useEffect, useState } from 'react';
import {
  catalogueOf,
  type ComponentDefinition,
  type FormulaScope,
  type TableInfo,
  type VariableCatalogue,
  type VariableInfo,
} from '@hcm/formula';
import { Paging } from '@hcm/contracts';
import { PayrollVariablePaths, type PayrollVariableCatalogue } from '@hcm/contracts/payroll-variables';
import {
  salaryComponentContract,
  type SalaryComponentCategory,
  type SalaryComponentSource,
  type SalaryValueType,
} from '@hcm/contracts/salary-components';
import { api } from '@hcm/session';

/** A salary component as the tenant's list answers it (list rows carry the formula). */
export interface ComponentRow {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly nameEn: string | null;
  readonly valueType: SalaryValueType;
  readonly source: SalaryComponentSource;
  readonly formula: string | null;
  readonly category: SalaryComponentCategory;
}

/** The catalogue the server answers (GET /api/pm/payroll-variables) as @hcm/formula reads it. */
export function catalogueFrom(answer: PayrollVariableCatalogue): VariableCatalogue {
  const variables: VariableInfo[] = answer.variables.map(({ code, type, label }) => ({ code, type, label }));
  const tables: TableInfo[] = answer.tables.map(({ code, kind, keyType, columns, label }) => ({
    code,
    kind,
    keyType,
    columns: columns.map((column) => ({ code: column.code, type: column.type, label: column.label })),
    label,
  }));
  return catalogueOf(variables, tables);
}

/** A component as formulas see it: an input has no formula, whatever text it kept. */
export function definitionOf(row: ComponentRow): ComponentDefinition {
  return {
    code: row.code,
    type: row.valueType,
    formula: row.source === 'FORMULA' ? (row.formula ?? '') : null,
    label: { key: `salaryComponent.row.${row.id}`, vi: row.name, en: row.nameEn ?? row.name },
  };
}

/** Every salary component of the tenant, page after page (a tenant has tens, not thousands). */
export async function loadComponents(): Promise<ComponentRow[]> {
  const rows: ComponentRow[] = [];
  for (let pageIndex = 1; ; pageIndex++) {
    const page = await api.get<ComponentRow[]>(salaryComponentContract.apiPath, {
      params: { pageIndex, pageSize: Paging.maxPageSize, sortBy: 'code.asc' },
      ignoreError: true,
    });
    rows.push(...page);
    if (page.length < Paging.maxPageSize) return rows;
  }
}

export const loadCatalogue = async (): Promise<VariableCatalogue> =>
  catalogueFrom(
    await api.get<PayrollVariableCatalogue>(PayrollVariablePaths.catalogue, { ignoreError: true }),
  );

export type ScopeState =
  | { readonly state: 'loading' }
  | { readonly state: 'failed' }
  | {
      readonly state: 'ready';
      readonly catalogue: VariableCatalogue;
      readonly components: readonly ComponentRow[];
    };

type Loaded = { readonly catalogue: VariableCatalogue; readonly components: readonly ComponentRow[] };

/**
 * One reading shared by whatever is on the page at once (a template form's two sections): kept
 * while one of them is mounted, read afresh by the next page.
 */
let reading: { promise: Promise<Loaded>; users: number } | null = null;

function share(): Promise<Loaded> {
  reading ??= {
    promise: Promise.all([loadCatalogue(), loadComponents()]).then(([catalogue, components]) => ({
      catalogue,
      components,
    })),
    users: 0,
  };
  reading.users++;
  return reading.promise;
}

function release(promise: Promise<Loaded>) {
  if (reading?.promise !== promise) return;
  reading.users--;
  if (reading.users === 0) reading = null;
}

/**
 * The tenant's variable catalogue and salary components, read when the page opens: what a
 * formula may name. A failure leaves the formulas unjudged (the server still checks on save).
 */
export function usePayrollScope(): ScopeState {
  const [scope, setScope] = useState<ScopeState>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    const promise = share();
    promise.then(
      (loaded) => current && setScope({ state: 'ready', ...loaded }),
      () => current && setScope({ state: 'failed' }),
    );
    return () => {
      current = false;
      release(promise);
    };
  }, []);
  return scope;
}

/** The scope of one component's formula: the catalogue and every other component of the tenant. */
export function formulaScopeOf(scope: ScopeState, exceptId: string | null): FormulaScope | null {
  if (scope.state !== 'ready') return null;
  return {
    catalogue: scope.catalogue,
    components: scope.components.filter((row) => row.id !== exceptId).map(definitionOf),
  };
}
