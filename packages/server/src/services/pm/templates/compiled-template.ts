import type { FieldError } from '@hcm/contracts';
import { payslipGroupsOf, type PayslipGroup } from '@hcm/contracts/payroll-templates';
import type { SalaryComponentCategory } from '@hcm/contracts/salary-components';
import { compileTemplate, type CompiledTemplate, type TemplateCheck } from '@hcm/formula';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { tenantComponents, type ComponentRow } from '../components/component-rows.ts';
import { salaryComponents } from '../tables/salary-components.ts';
import {
  payrollTemplateComponents,
  payrollTemplatePayslip,
  payrollTemplates,
} from '../tables/payroll-templates.ts';
import { loadCatalogue } from '../variables/catalogue.ts';
import { checkTemplateRows } from './check-template.ts';

/** A component as a payroll run and a payslip need it. */
export interface PayrollComponent extends ComponentRow {
  readonly id: string;
  readonly category: SalaryComponentCategory;
  readonly taxable: boolean;
  readonly insurable: boolean;
  readonly version: number;
}

/**
 * A template checked and compiled once (docs/payroll-templates.md, "The compiled template"):
 * what a payroll run and "try it on a worker" start from. `compiled` binds the run's lookup
 * tables and computes each worker (@hcm/formula compileTemplate); it is null when the template
 * does not check, `errors` then saying why as the template's save would.
 */
export interface CompiledPayrollTemplate {
  readonly tenantId: string;
  readonly templateId: string;
  readonly code: string;
  readonly name: string;
  readonly status: string;
  /** the template row's version when it was compiled */
  readonly version: number;
  /** the template's version and its components' (id:version), in its order: equal, same template */
  readonly fingerprint: string;
  /** its components in HR's order: the order of `compiled.codes` and of a run's values */
  readonly components: readonly PayrollComponent[];
  /** the component codes in the order they are computed (each after what it reads) */
  readonly order: readonly string[];
  readonly payslip: readonly PayslipGroup[];
  readonly check: TemplateCheck;
  readonly compiled: CompiledTemplate | null;
  readonly errors: readonly FieldError[];
}

/**
 * Reads, checks and compiles template `templateId` of the caller's tenant (row-level security),
 * in `tx`: four statements and the catalogue's two. Null when the tenant has no such template.
 */
export async function loadCompiledTemplate(
  tx: Tx,
  tenantId: string,
  templateId: string,
): Promise<CompiledPayrollTemplate | null> {
  const [template] = await tx
    .select({
      id: payrollTemplates.id,
      code: payrollTemplates.code,
      name: payrollTemplates.name,
      status: payrollTemplates.status,
      version: payrollTemplates.version,
    })
    .from(payrollTemplates)
    .where(eq(payrollTemplates.id, templateId));
  if (!template) return null;
  const components: PayrollComponent[] = await tx
    .select({
      id: salaryComponents.id,
      code: salaryComponents.code,
      name: salaryComponents.name,
      nameEn: salaryComponents.nameEn,
      valueType: salaryComponents.valueType,
      source: salaryComponents.source,
      formula: salaryComponents.formula,
      category: salaryComponents.category,
      taxable: salaryComponents.taxable,
      insurable: salaryComponents.insurable,
      roundingMode: salaryComponents.roundingMode,
      roundingDigits: salaryComponents.roundingDigits,
      version: salaryComponents.version,
    })
    .from(payrollTemplateComponents)
    .innerJoin(salaryComponents, eq(salaryComponents.id, payrollTemplateComponents.componentId))
    .where(eq(payrollTemplateComponents.templateId, templateId))
    .orderBy(asc(payrollTemplateComponents.position));
  const lines = await tx
    .select({
      groupTitle: payrollTemplatePayslip.groupTitle,
      groupTitleEn: payrollTemplatePayslip.groupTitleEn,
      componentCode: salaryComponents.code,
    })
    .from(payrollTemplatePayslip)
    .innerJoin(salaryComponents, eq(salaryComponents.id, payrollTemplatePayslip.componentId))
    .where(eq(payrollTemplatePayslip.templateId, templateId))
    .orderBy(asc(payrollTemplatePayslip.position));
  const codes = new Set((await tenantComponents(tx)).map((row) => row.code.toUpperCase()));
  const catalogue = await loadCatalogue(tx, tenantId);
  const checked = checkTemplateRows(components, codes, catalogue);
  return {
    tenantId,
    templateId: template.id,
    code: template.code,
    name: template.name,
    status: template.status,
    version: template.version,
    fingerprint: [template.version, ...components.map((c) => `${c.id}:${c.version}`)].join('|'),
    components,
    order: checked.order.map((row) => row.code),
    payslip: payslipGroupsOf(lines),
    check: checked.check,
    compiled: checked.check.ok ? compileTemplate(checked.check) : null,
    errors: checked.errors,
  };
}
