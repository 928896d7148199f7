import type { DocumentTemplateSubType, DocumentTemplateType } from '@hcm/contracts/settings';
import { index, integer, pgTable, primaryKey, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, statusColumn, tenantKeyColumns } from '../../../db/tables/columns.ts';

/* The typed mirror of migration 0021 (the foreign keys to files live in its SQL only). */

/** Admin › document templates: a .docx or .xlsx file of the tenant, with its type. */
export const documentTemplates = pgTable(
  'document_templates',
  {
    ...tenantKeyColumns(),
    name: varchar('name', { length: 200 }).notNull(),
    type: varchar('type', { length: 32 }).$type<DocumentTemplateType>().notNull(),
    file: uuid('file_id').notNull(),
    fileExtension: varchar('file_extension', { length: 10 }),
    note: varchar('note', { length: 1000 }),
    ...statusColumn(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'document_templates_pkey', columns: [t.tenantId, t.id] }),
    index('document_templates_modified_idx').on(t.tenantId, t.lastModifiedAt, t.id),
    index('document_templates_name_idx').on(t.tenantId, t.name, t.id),
    index('document_templates_type_idx').on(t.tenantId, t.type, t.id),
  ],
);

/** The sub-types of a template: a row per (template, sub-type). */
export const documentTemplateSubTypes = pgTable(
  'document_template_sub_types',
  {
    tenantId: uuid('tenant_id').notNull(),
    documentTemplateId: uuid('document_template_id').notNull(),
    subType: varchar('sub_type', { length: 32 }).$type<DocumentTemplateSubType>().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'document_template_sub_types_pkey',
      columns: [t.tenantId, t.documentTemplateId, t.subType],
    }),
  ],
);

/** Admin › user manuals: one list for every tenant, kept by the system administrators. */
export const userManuals = pgTable(
  'user_manuals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: varchar('title', { length: 200 }).notNull(),
    file: uuid('file_id').notNull(),
    note: varchar('note', { length: 1000 }),
    priority: integer('priority').notNull().default(0),
    ...statusColumn(),
    ...auditColumns(),
  },
  (t) => [
    index('user_manuals_priority_idx').on(t.priority, t.id),
    index('user_manuals_title_idx').on(t.title, t.id),
  ],
);

export const documentTemplateTables = { documentTemplates, documentTemplateSubTypes, userManuals };
