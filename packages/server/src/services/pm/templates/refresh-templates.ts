import type { VariableCatalogue } from '@hcm/formula';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { loadCatalogue } from '../variables/catalogue.ts';
import { tenantComponents, type ComponentRow } from '../components/component-rows.ts';
import { salaryComponents } from '../tables/salary-components.ts';
import {
  payrollTemplateComponents,
  payrollTemplateOrder,
  payrollTemplatePayslip,
} from '../tables/payroll-templates.ts';
import { checkTemplateRows } from './check-template.ts';

/** The tenant of the calling transaction, as the policies read it. */
const CURRENT_TENANT = sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;

/** The components of each template, in its order, as the checks read them. */
export async function templateRows(
  tx: Tx,
  templateIds: readonly string[],
): Promise<Map<string, ComponentRow[]>> {
  const byTemplate = new Map<string, ComponentRow[]>(templateIds.map((id) => [id, []]));
  if (templateIds.length === 0) return byTemplate;
  const rows = await tx
    .select({
      templateId: payrollTemplateComponents.templateId,
      id: salaryComponents.id,
      code: salaryComponents.code,
      name: salaryComponents.name,
      nameEn: salaryComponents.nameEn,
      valueType: salaryComponents.valueType,
      source: salaryComponents.source,
      formula: salaryComponents.formula,
      roundingMode: salaryComponents.roundingMode,
      roundingDigits: salaryComponents.roundingDigits,
    })
    .from(payrollTemplateComponents)
    .innerJoin(salaryComponents, eq(salaryComponents.id, payrollTemplateComponents.componentId))
    .where(inArray(payrollTemplateComponents.templateId, [...templateIds]))
    .orderBy(asc(payrollTemplateComponents.templateId), asc(payrollTemplateComponents.position));
  for (const { templateId, ...row } of rows) byTemplate.get(templateId)?.push(row);
  return byTemplate;
}

/**
 * Brings what a template keeps of its components up to date, in the caller's transaction: the
 * components' codes on its rows and payslip lines, and the order they are computed in
 * (payroll_template_order: each after the components its formula reads, HR's order where the
 * graph leaves a choice). Called after a template is written and after a component it lists
 * changes. A template that does not check (a cycle) keeps the order of what can be ordered.
 */
export async function refreshTemplates(
  tx: Tx,
  templateIds: readonly string[],
  catalogue?: VariableCatalogue,
): Promise<void> {
  const ids = [...new Set(templateIds)];
  if (ids.length === 0) return;
  for (const table of [payrollTemplateComponents, payrollTemplatePayslip])
    await tx
      .update(table)
      .set({ componentCode: sql`(select c.code from salary_components c where c.id = ${table.componentId})` })
      .where(inArray(table.templateId, ids));
  const tenantId = (
    (await tx.execute(sql`select ${CURRENT_TENANT} as tenant`)) as unknown as { rows: { tenant: string }[] }
  ).rows[0]?.tenant;
  if (!tenantId) throw new Error('refreshTemplates runs in a tenant scope');
  const known = catalogue ?? (await loadCatalogue(tx, tenantId));
  const codes = new Set((await tenantComponents(tx)).map((row) => row.code.toUpperCase()));
  const rowsOf = await templateRows(tx, ids);
  await tx.delete(payrollTemplateOrder).where(inArray(payrollTemplateOrder.templateId, ids));
  const order = ids.flatMap((templateId) =>
    checkTemplateRows(rowsOf.get(templateId) ?? [], codes, known).order.map((row, position) => ({
      tenantId: CURRENT_TENANT,
      templateId,
      position,
      componentId: row.id as string,
      componentCode: row.code,
    })),
  );
  if (order.length > 0) await tx.insert(payrollTemplateOrder).values(order);
}

/** The order of one template as kept (codes), for a check that it is current. */
export async function keptOrder(tx: Tx, templateId: string): Promise<string[]> {
  const rows = await tx
    .select({ code: payrollTemplateOrder.componentCode })
    .from(payrollTemplateOrder)
    .where(and(eq(payrollTemplateOrder.templateId, templateId)))
    .orderBy(asc(payrollTemplateOrder.position));
  return rows.map((row) => row.code ?? '');
}
