import {
  boolean,
  index,
  pgTable,
  primaryKey,
  smallint,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { auditColumns, statusColumn, tenantKeyColumns } from '../../../db/tables/columns.ts';

/* The typed mirrors of migration 0073's payroll templates (docs/payroll-templates.md). */

export const payrollTemplates = pgTable(
  'payroll_templates',
  {
    ...tenantKeyColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    description: varchar('description', { length: 1000 }),
    ...statusColumn(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'payroll_templates_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('payroll_templates_code_key').on(t.tenantId, sql`lower(${t.code})`),
  ],
);

/** A template's components in HR's order (position 0, 1, …), each once. */
export const payrollTemplateComponents = pgTable(
  'payroll_template_components',
  {
    tenantId: uuid('tenant_id').notNull(),
    templateId: uuid('template_id').notNull(),
    position: smallint('position').notNull(),
    componentId: uuid('component_id').notNull(),
    componentCode: varchar('component_code', { length: 50 }),
  },
  (t) => [
    primaryKey({ name: 'payroll_template_components_pkey', columns: [t.tenantId, t.templateId, t.position] }),
    unique('payroll_template_components_once').on(t.tenantId, t.templateId, t.componentId),
    index('payroll_template_components_component_idx').on(t.tenantId, t.componentId),
  ],
);

/** The units a template applies to, with or without the units below each. */
export const payrollTemplateUnits = pgTable(
  'payroll_template_units',
  {
    tenantId: uuid('tenant_id').notNull(),
    templateId: uuid('template_id').notNull(),
    position: smallint('position').notNull(),
    organizationUnitId: uuid('organization_unit_id').notNull(),
    includeSubUnits: boolean('include_sub_units'),
  },
  (t) => [
    primaryKey({ name: 'payroll_template_units_pkey', columns: [t.tenantId, t.templateId, t.position] }),
    unique('payroll_template_units_once').on(t.tenantId, t.templateId, t.organizationUnitId),
    index('payroll_template_units_unit_idx').on(t.tenantId, t.organizationUnitId),
  ],
);

/** The subjects of labour a template applies to (a references list). */
export const payrollTemplateSubjects = pgTable(
  'payroll_template_subjects',
  {
    tenantId: uuid('tenant_id').notNull(),
    templateId: uuid('template_id').notNull(),
    subjectOfLaborId: uuid('subject_of_labor_id').notNull(),
    ordinal: smallint('ordinal').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'payroll_template_subjects_pkey',
      columns: [t.tenantId, t.templateId, t.subjectOfLaborId],
    }),
    index('payroll_template_subjects_subject_idx').on(t.tenantId, t.subjectOfLaborId),
  ],
);

/** The contract types a template applies to (a references list). */
export const payrollTemplateContractTypes = pgTable(
  'payroll_template_contract_types',
  {
    tenantId: uuid('tenant_id').notNull(),
    templateId: uuid('template_id').notNull(),
    contractTypeId: uuid('contract_type_id').notNull(),
    ordinal: smallint('ordinal').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'payroll_template_contract_types_pkey',
      columns: [t.tenantId, t.templateId, t.contractTypeId],
    }),
    index('payroll_template_contract_types_type_idx').on(t.tenantId, t.contractTypeId),
  ],
);

/** The payslip's lines in order: a component of the template under a group title. */
export const payrollTemplatePayslip = pgTable(
  'payroll_template_payslip',
  {
    tenantId: uuid('tenant_id').notNull(),
    templateId: uuid('template_id').notNull(),
    position: smallint('position').notNull(),
    groupTitle: varchar('group_title', { length: 200 }).notNull(),
    groupTitleEn: varchar('group_title_en', { length: 200 }),
    componentId: uuid('component_id').notNull(),
    componentCode: varchar('component_code', { length: 50 }),
  },
  (t) => [
    primaryKey({ name: 'payroll_template_payslip_pkey', columns: [t.tenantId, t.templateId, t.position] }),
    unique('payroll_template_payslip_once').on(t.tenantId, t.templateId, t.componentId),
    index('payroll_template_payslip_component_idx').on(t.tenantId, t.componentId),
  ],
);

/** The order the components are computed in, written by the server on every save. */
export const payrollTemplateOrder = pgTable(
  'payroll_template_order',
  {
    tenantId: uuid('tenant_id').notNull(),
    templateId: uuid('template_id').notNull(),
    position: smallint('position').notNull(),
    componentId: uuid('component_id').notNull(),
    componentCode: varchar('component_code', { length: 50 }),
  },
  (t) => [
    primaryKey({ name: 'payroll_template_order_pkey', columns: [t.tenantId, t.templateId, t.position] }),
    index('payroll_template_order_component_idx').on(t.tenantId, t.componentId),
  ],
);

/** The tenants owed the default components and template at the server's next start (owner only). */
export const payrollDefaultsOwed = pgTable('payroll_defaults_owed', {
  owedTenant: uuid('owed_tenant').primaryKey(),
});

export const payrollTemplateTables = {
  payrollTemplates,
  payrollTemplateComponents,
  payrollTemplateUnits,
  payrollTemplateSubjects,
  payrollTemplateContractTypes,
  payrollTemplatePayslip,
  payrollTemplateOrder,
  payrollDefaultsOwed,
};
