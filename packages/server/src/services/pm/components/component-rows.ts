import type {
  RoundingModeChoice,
  SalaryComponentSource,
  SalaryValueType,
} from '@hcm/contracts/salary-components';
import type { ComponentDefinition } from '@hcm/formula';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { salaryComponents } from '../tables/salary-components.ts';
import { payrollTemplateComponents, payrollTemplates } from '../tables/payroll-templates.ts';

/** What the checks read of a component: the fields that decide its formula's meaning. */
export interface ComponentRow {
  /** null for a component not written yet (a create, an import's row) */
  readonly id: string | null;
  readonly code: string;
  readonly name: string;
  readonly nameEn: string | null;
  readonly valueType: SalaryValueType;
  readonly source: SalaryComponentSource;
  readonly formula: string | null;
  readonly roundingMode: RoundingModeChoice;
  readonly roundingDigits: number;
}

const COLUMNS = {
  id: salaryComponents.id,
  code: salaryComponents.code,
  name: salaryComponents.name,
  nameEn: salaryComponents.nameEn,
  valueType: salaryComponents.valueType,
  source: salaryComponents.source,
  formula: salaryComponents.formula,
  roundingMode: salaryComponents.roundingMode,
  roundingDigits: salaryComponents.roundingDigits,
};

/** Every component of the caller's tenant (row-level security), by code. One statement. */
export async function tenantComponents(tx: Tx): Promise<ComponentRow[]> {
  return tx.select(COLUMNS).from(salaryComponents).orderBy(asc(salaryComponents.code));
}

/** The component as @hcm/formula checks and compiles it. */
export function definitionOf(row: ComponentRow): ComponentDefinition {
  return {
    code: row.code,
    type: row.valueType,
    formula: row.source === 'FORMULA' ? (row.formula ?? '') : null,
    rounding: row.roundingMode === 'NONE' ? null : { mode: row.roundingMode, digits: row.roundingDigits },
    label: { key: 'salaryComponent.name', vi: row.name, en: row.nameEn ?? row.name },
  };
}

/** A row as the checks read it, from a record's values (a create body, a record after a change). */
export function componentRowOf(values: Record<string, unknown>): ComponentRow {
  const source = values.source === 'FORMULA' ? 'FORMULA' : 'INPUT';
  const formula = typeof values.formula === 'string' ? values.formula : null;
  return {
    id: typeof values.id === 'string' ? values.id : null,
    code: String(values.code ?? '').toUpperCase(),
    name: String(values.name ?? values.code ?? ''),
    nameEn: typeof values.nameEn === 'string' ? values.nameEn : null,
    valueType: (values.valueType ?? 'MONEY') as ComponentRow['valueType'],
    source,
    formula: source === 'FORMULA' ? formula : null,
    roundingMode: (values.roundingMode ?? 'NONE') as ComponentRow['roundingMode'],
    roundingDigits: Number(values.roundingDigits ?? 0),
  };
}

/** A template of the tenant and its components in order (ids). */
export interface TemplateComponents {
  readonly id: string;
  readonly code: string;
  readonly componentIds: readonly string[];
}

/** The templates that list any of `componentIds`, each with all its components in order. */
export async function templatesUsing(tx: Tx, componentIds: readonly string[]): Promise<TemplateComponents[]> {
  if (componentIds.length === 0) return [];
  const using = tx
    .selectDistinct({ id: payrollTemplateComponents.templateId })
    .from(payrollTemplateComponents)
    .where(inArray(payrollTemplateComponents.componentId, [...componentIds]));
  const rows = await tx
    .select({
      id: payrollTemplates.id,
      code: payrollTemplates.code,
      componentId: payrollTemplateComponents.componentId,
    })
    .from(payrollTemplates)
    .innerJoin(payrollTemplateComponents, eq(payrollTemplateComponents.templateId, payrollTemplates.id))
    .where(inArray(payrollTemplates.id, using))
    .orderBy(asc(payrollTemplates.code), asc(payrollTemplates.id), asc(payrollTemplateComponents.position));
  const byId = new Map<string, { id: string; code: string; componentIds: string[] }>();
  for (const row of rows) {
    const template = byId.get(row.id) ?? { id: row.id, code: row.code, componentIds: [] };
    template.componentIds.push(row.componentId);
    byId.set(row.id, template);
  }
  return [...byId.values()];
}
