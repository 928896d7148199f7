import type { Status } from '@hcm/contracts';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/*
 * The typed mirror of the banks part of migration 0014. The tenant's foreign key lives in the
 * SQL only, the source of truth (a mirror serves queries).
 */

/** Admin › Bank: the columns of an Admin category (hcm_create_category_table) and a short name. */
export const banks = pgTable(
  'banks',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    description: varchar('description', { length: 1000 }),
    priority: integer('priority').notNull().default(0),
    status: varchar('status', { length: 16 }).$type<Status>().notNull().default('ACTIVE'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
    lastModifiedBy: uuid('last_modified_by'),
    shortName: varchar('short_name', { length: 36 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'banks_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('banks_code_key').on(t.tenantId, sql`lower(${t.code})`),
    index('banks_name_idx').on(t.tenantId, t.name, t.id),
    index('banks_short_name_idx').on(t.tenantId, t.shortName, t.id),
  ],
);

/** Banks. */
export const bankTables = { banks };
