import { payslipGroupsOf } from '@hcm/contracts/payroll-templates';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Tx } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { resolveServerPaths } from '../../../paths.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeTenant } from '../../../testing/factories.ts';
import { emptyDatabase, migrationsBefore } from '../../../testing/stepwise-migration.ts';
import { productSeeds } from '../../tenant/seeds/product-seeds.ts';
import { seedTenant } from '../../tenant/seeds/tenant-seeds.ts';
import { DEFAULT_COMPONENTS, DEFAULT_TEMPLATE } from '../statutory/data/index.ts';
import { salaryComponents } from '../tables/salary-components.ts';
import {
  payrollTemplateComponents,
  payrollTemplateOrder,
  payrollTemplatePayslip,
  payrollTemplates,
} from '../tables/payroll-templates.ts';
import { loadCompiledTemplate } from './compiled-template.ts';
import { payrollDefaultsStarter, seedOwedPayrollDefaults } from './seed-defaults.ts';

/** What a tenant holds of the payroll defaults: its components' codes, its templates and their lists. */
async function payrollOf(db: Database, tenantId: string) {
  return inScope(db.orm, { tenantId, userId: null }, async (tx: Tx) => {
    const components = await tx
      .select({ code: salaryComponents.code, name: salaryComponents.name, formula: salaryComponents.formula })
      .from(salaryComponents)
      .orderBy(asc(salaryComponents.code));
    const templates = await tx
      .select({ id: payrollTemplates.id, code: payrollTemplates.code })
      .from(payrollTemplates);
    const listed = async (
      table: typeof payrollTemplateComponents | typeof payrollTemplateOrder,
      id: string,
    ) =>
      (
        await tx
          .select({ code: salaryComponents.code })
          .from(table)
          .innerJoin(salaryComponents, eq(salaryComponents.id, table.componentId))
          .where(eq(table.templateId, id))
          .orderBy(asc(table.position))
      ).map((row) => row.code);
    const [template] = templates;
    const lines = template
      ? await tx
          .select({
            groupTitle: payrollTemplatePayslip.groupTitle,
            groupTitleEn: payrollTemplatePayslip.groupTitleEn,
            componentCode: payrollTemplatePayslip.componentCode,
          })
          .from(payrollTemplatePayslip)
          .where(eq(payrollTemplatePayslip.templateId, template.id))
          .orderBy(asc(payrollTemplatePayslip.position))
      : [];
    return {
      components,
      templates: templates.map((t) => t.code),
      listed: template ? await listed(payrollTemplateComponents, template.id) : [],
      order: template ? await listed(payrollTemplateOrder, template.id) : [],
      payslip: payslipGroupsOf(lines),
    };
  });
}

const DEFAULT_CODES = DEFAULT_COMPONENTS.map((c) => c.code).sort();

/*
 * The product's default components and template (services/pm/statutory) reach every tenant: a
 * new one with its seeds, one that existed before migration 0073 at the server's next start —
 * once, adding only what the tenant lacks, never overwriting what it made or changed.
 * Both engines: the seeding is SQL under forced row-level security, and the migration's list.
 */
describe.each(await testEngines('both'))('the payroll defaults on $engine', ({ engine }) => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  let before: ReturnType<typeof migrationsBefore>;
  let existing: string;

  beforeAll(async () => {
    // a tenant of the database as it was before 0073, then the migration
    database = await emptyDatabase(engine);
    before = migrationsBefore('0073_payroll_templates');
    await database.db.migrate(before.dir);
    existing = (await makeTenant(database.db.orm)).id;
    await database.db.migrate(resolveServerPaths().migrationsDir);
  });
  afterAll(async () => {
    before?.dispose();
    await database?.dispose();
  });

  it('are owed to the tenants that existed, and seeded once at the next start', async () => {
    const owed = await database.db.raw('select owed_tenant from payroll_defaults_owed');
    expect(owed.rows.map((row) => row.owed_tenant)).toEqual([existing]);
    expect(await seedOwedPayrollDefaults(database.db.orm)).toEqual([existing]);
    const seeded = await payrollOf(database.db, existing);
    expect(seeded.components.map((c) => c.code)).toEqual(DEFAULT_CODES);
    expect(seeded.templates).toEqual([DEFAULT_TEMPLATE.code]);
    expect(seeded.listed).toEqual(DEFAULT_TEMPLATE.components);
    expect(seeded.payslip).toEqual(DEFAULT_TEMPLATE.payslip);
    // the order they compute in: each after every component its formula reads
    expect(seeded.order).toHaveLength(DEFAULT_TEMPLATE.components.length);
    const at = new Map(seeded.order.map((code, index) => [code, index]));
    for (const component of DEFAULT_COMPONENTS)
      for (const other of DEFAULT_COMPONENTS)
        if (component.formula && new RegExp(`\\b${other.code}\\b`).test(component.formula))
          expect(at.get(other.code), `${other.code} before ${component.code}`).toBeLessThan(
            at.get(component.code) as number,
          );
    // once: a later start finds nothing owed, and a default the tenant deleted stays deleted
    await inScope(database.db.orm, { tenantId: existing, userId: null }, (tx) =>
      tx.execute(sql`delete from payroll_templates`),
    );
    expect(await seedOwedPayrollDefaults(database.db.orm)).toEqual([]);
    expect((await payrollOf(database.db, existing)).templates).toEqual([]);
    expect((await database.db.raw('select count(*)::int as n from payroll_defaults_owed')).rows[0]?.n).toBe(
      0,
    );
  });

  it('reach a new tenant with its seeds, adding only what it lacks, never overwriting its own', async () => {
    expect((await productSeeds()).starters?.map((starter) => starter.name)).toContain('payroll-defaults');
    const tenant = (await makeTenant(database.db.orm)).id;
    // the tenant's own component under a default's code, and its own template under the default's
    const [ownCode, readerCode] = ['NGAY_HUONG_LUONG', 'LUONG_THEO_CONG'];
    await inScope(database.db.orm, { tenantId: tenant, userId: null }, async (tx) => {
      await tx
        .insert(salaryComponents)
        .values({ tenantId: tenant, code: ownCode, name: 'Ngày công của chúng tôi' });
    });
    const counts = await database.db.orm.transaction((tx) =>
      seedTenant(tx, tenant, { files: [], starters: [payrollDefaultsStarter] }),
    );
    expect(counts).toEqual({ salary_composition: DEFAULT_COMPONENTS.length - 1, salary_slip_template: 1 });
    const seeded = await payrollOf(database.db, tenant);
    expect(seeded.components.find((c) => c.code === ownCode)).toMatchObject({
      name: 'Ngày công của chúng tôi',
      formula: null,
    });
    expect(seeded.components.find((c) => c.code === readerCode)?.formula).toContain(ownCode);
    // the template lists the tenant's own component under that code
    expect(seeded.listed).toContain(ownCode);
    // seeding again adds nothing
    const again = await database.db.orm.transaction((tx) =>
      seedTenant(tx, tenant, { files: [], starters: [payrollDefaultsStarter] }),
    );
    expect(again).toEqual({ salary_composition: 0, salary_slip_template: 0 });
    expect((await payrollOf(database.db, tenant)).components).toHaveLength(DEFAULT_COMPONENTS.length);
  });
});

/*
 * The first tenant of a database, seeded as the product seeds one (the files and every starter:
 * parameters, lookup tables, then these defaults): its default template compiles against its own
 * catalogue. A database of its own, so that no other tenant's rows are around.
 */
describe.each(await testEngines())('a new tenant’s default template on $engine', ({ engine }) => {
  let fresh: Awaited<ReturnType<typeof emptyDatabase>>;

  beforeAll(async () => {
    fresh = await emptyDatabase(engine);
    await fresh.db.migrate(resolveServerPaths().migrationsDir);
  });
  afterAll(() => fresh?.dispose());

  it('compiles against the catalogue its seeds make', async () => {
    const tenant = (await makeTenant(fresh.db.orm)).id;
    await fresh.db.orm.transaction(async (tx) => seedTenant(tx, tenant, await productSeeds()));
    const compiled = await inScope(fresh.db.orm, { tenantId: tenant, userId: null }, async (tx) => {
      const [template] = await tx.select({ id: payrollTemplates.id }).from(payrollTemplates);
      return loadCompiledTemplate(tx, tenant, (template as { id: string }).id);
    });
    // its formulas name only the catalogue's variables, the parameters and tables the other
    // starters seed, and its own components
    expect(compiled?.errors).toEqual([]);
    expect(compiled?.compiled?.codes).toEqual(DEFAULT_TEMPLATE.components);
  });
});
