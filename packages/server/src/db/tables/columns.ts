import type { Status } from '@hcm/contracts';
import { integer, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/*
 * The columns every record table repeats, said once for the engine's table files (this folder)
 * and the modules' (services/<module>/tables). Nothing here refers to schema.ts's tables: the
 * tenant foreign keys live in the SQL of the migrations only.
 */

/** Who created and last changed a record, and when. */
export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: uuid('created_by'),
  lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
  lastModifiedBy: uuid('last_modified_by'),
});

/** The optimistic version (1 on create, +1 on each write) and the audit columns. */
export const auditColumns = () => ({
  version: integer('version').notNull().default(1),
  ...timestamps(),
});

/** ACTIVE | INACTIVE, switched by /active and /inactive. */
export const statusColumn = () => ({
  status: varchar('status', { length: 16 }).$type<Status>().notNull().default('ACTIVE'),
});

/** A tenant-owned record's key columns: (tenant_id, id). */
export const tenantKeyColumns = () => ({
  tenantId: uuid('tenant_id').notNull(),
  id: uuid('id').notNull().defaultRandom(),
});

/** The columns of an Admin category (hcm_create_category_table, migration 0009), key included. */
export const categoryColumns = () => ({
  ...tenantKeyColumns(),
  code: varchar('code', { length: 50 }).notNull(),
  name: varchar('name', { length: 200 }).notNull(),
  nameEn: varchar('name_en', { length: 200 }),
  description: varchar('description', { length: 1000 }),
  priority: integer('priority').notNull().default(0),
  ...statusColumn(),
  ...auditColumns(),
});
