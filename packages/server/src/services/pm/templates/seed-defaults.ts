import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/database.ts';
import type { SeedCounts, StarterSeed } from '../../tenant/seeds/tenant-seeds.ts';
import { DEFAULT_COMPONENTS, DEFAULT_TEMPLATE } from '../statutory/data/index.ts';
import { salaryComponents } from '../tables/salary-components.ts';
import {
  payrollDefaultsOwed,
  payrollTemplateComponents,
  payrollTemplatePayslip,
  payrollTemplates,
} from '../tables/payroll-templates.ts';
import { refreshTemplates } from './refresh-templates.ts';

/** The tenant of the calling transaction, as the policies read it. */
const CURRENT_TENANT = sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;

/**
 * The product's default salary components and monthly payroll template (services/pm/statutory:
 * DEFAULT_COMPONENTS, DEFAULT_TEMPLATE) into the tenant set for row-level security, in the
 * caller's transaction. Only what the tenant lacks is added — a component whose code it already
 * has (case-insensitively) is left as the tenant made it, and the template only when no template
 * has its code — so a tenant's edits are never overwritten. The template names the tenant's
 * components by code, its own where it has one. The product's data is checked by its own tests
 * (the template compiles against the catalogue, the official examples): no formula check here,
 * which would need the tenant's parameters and lookup tables seeded first. No action-log rows.
 */
export async function seedPayrollDefaults(tx: Tx, tenantId: string): Promise<SeedCounts> {
  const existing = await tx
    .select({ id: salaryComponents.id, code: salaryComponents.code })
    .from(salaryComponents)
    .where(sql`${salaryComponents.tenantId} = ${tenantId}::uuid`);
  const idOf = new Map(existing.map((row) => [row.code.toUpperCase(), row.id]));
  const missing = DEFAULT_COMPONENTS.filter((component) => !idOf.has(component.code.toUpperCase()));
  if (missing.length > 0) {
    const added = await tx
      .insert(salaryComponents)
      .values(missing.map((component) => ({ ...component, code: component.code.toUpperCase(), tenantId })))
      .returning({ id: salaryComponents.id, code: salaryComponents.code });
    for (const row of added) idOf.set(row.code.toUpperCase(), row.id);
  }
  const [taken] = await tx
    .select({ id: payrollTemplates.id })
    .from(payrollTemplates)
    .where(
      sql`${payrollTemplates.tenantId} = ${tenantId}::uuid and lower(${payrollTemplates.code}) = lower(${DEFAULT_TEMPLATE.code})`,
    );
  if (taken) return { salary_composition: missing.length, salary_slip_template: 0 };
  const [template] = await tx
    .insert(payrollTemplates)
    .values({
      tenantId,
      code: DEFAULT_TEMPLATE.code,
      name: DEFAULT_TEMPLATE.name.vi,
      description: DEFAULT_TEMPLATE.description,
    })
    .returning({ id: payrollTemplates.id });
  const templateId = (template as { id: string }).id;
  const idFor = (code: string) => {
    const id = idOf.get(code.toUpperCase());
    if (!id) throw new Error(`DEFAULT_TEMPLATE names ${code}, which is not among DEFAULT_COMPONENTS`);
    return id;
  };
  await tx.insert(payrollTemplateComponents).values(
    DEFAULT_TEMPLATE.components.map((code, position) => ({
      tenantId: CURRENT_TENANT,
      templateId,
      position,
      componentId: idFor(code),
    })),
  );
  const lines = DEFAULT_TEMPLATE.payslip.flatMap((group) =>
    group.components.map((code) => ({ group, code })),
  );
  if (lines.length > 0)
    await tx.insert(payrollTemplatePayslip).values(
      lines.map(({ group, code }, position) => ({
        tenantId: CURRENT_TENANT,
        templateId,
        position,
        groupTitle: group.title.vi,
        groupTitleEn: group.title.en,
        componentId: idFor(code),
      })),
    );
  await refreshTemplates(tx, [templateId]);
  return { salary_composition: missing.length, salary_slip_template: 1 };
}

/** The defaults as a new tenant's starter (services/tenant/seeds): after the parameters and tables. */
export const payrollDefaultsStarter: StarterSeed = { name: 'payroll-defaults', seed: seedPayrollDefaults };

/**
 * The tenants migration 0073 found (payroll_defaults_owed) get the defaults, once: at the
 * server's start, as the owner, in one transaction, each tenant's scope set in turn (the row
 * policies are forced even for the owner) and its row removed with its seeding. Two processes
 * starting together: the second skips the rows the first holds. Answers the tenants seeded.
 */
export async function seedOwedPayrollDefaults(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    const owed = await tx
      .select({ tenantId: payrollDefaultsOwed.owedTenant })
      .from(payrollDefaultsOwed)
      .for('update', { skipLocked: true });
    for (const { tenantId } of owed) {
      await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
      await seedPayrollDefaults(tx, tenantId);
      await tx.execute(sql`delete from payroll_defaults_owed where owed_tenant = ${tenantId}::uuid`);
    }
    await tx.execute(sql`select set_config('app.tenant_id', '', true)`);
    return owed.map((row) => row.tenantId);
  });
}
