import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, statusColumn, tenantKeyColumns } from './columns.ts';

/*
 * The typed mirror of migrations 0022 and 0045. In the engine because the approval engine
 * snapshots a record's template when it is sent (resources/approval/workflow-snapshot.ts).
 */

/** Admin › workflow (SLA) templates; durations in milliseconds. */
export const workflowTemplates = pgTable(
  'workflow_templates',
  {
    ...tenantKeyColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    loopTime: integer('loop_time'),
    notificationDuration: integer('notification_duration'),
    notificationTemplateId: uuid('notification_template_id'),
    ...statusColumn(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'workflow_templates_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('workflow_templates_code_key').on(t.tenantId, sql`lower(${t.code})`),
    index('workflow_templates_code_idx').on(t.tenantId, t.code, t.id),
    index('workflow_templates_name_idx').on(t.tenantId, t.name, t.id),
  ],
);

/** The kinds of record a template approves: one row per (template, kind). */
export const workflowTemplateTypes = pgTable(
  'workflow_template_types',
  {
    tenantId: uuid('tenant_id').notNull(),
    templateId: uuid('template_id').notNull(),
    templateType: varchar('template_type', { length: 32 }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'workflow_template_types_pkey',
      columns: [t.tenantId, t.templateId, t.templateType],
    }),
    index('workflow_template_types_type_idx').on(t.tenantId, t.templateType, t.templateId),
  ],
);

/** A template's steps, in the order given (position 0, 1, …). */
export const workflowTemplateSteps = pgTable(
  'workflow_template_steps',
  {
    tenantId: uuid('tenant_id').notNull(),
    templateId: uuid('template_id').notNull(),
    position: smallint('position').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    assignmentType: varchar('assignment_type', { length: 16 }).notNull(),
    assignmentId: uuid('assignment_id').notNull(),
    assignmentName: varchar('assignment_name', { length: 200 }),
    /** the SLA as typed: an amount of a unit (MINUTES, HOURS, DAYS, WORKING_DAYS; migration 0045) */
    slaAmount: integer('sla_amount').notNull(),
    slaUnit: varchar('sla_unit', { length: 16 }).notNull().default('MINUTES'),
    /** the same on the calendar in milliseconds (a working day as one day), filled by the server */
    slaTime: bigint('sla_time', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ name: 'workflow_template_steps_pkey', columns: [t.tenantId, t.templateId, t.position] }),
  ],
);

export const workflowTemplateTables = { workflowTemplates, workflowTemplateTypes, workflowTemplateSteps };
