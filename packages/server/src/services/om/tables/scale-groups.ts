import type { Status } from '@hcm/contracts';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/*
 * The typed mirror of migration 0013. The foreign keys (tenant, and a child row's group) live in
 * the SQL only, the source of truth (a mirror serves queries).
 */

/** A group: the columns of an Admin category (hcm_create_category_table of migration 0009). */
const groupTable = (name: string) =>
  pgTable(
    name,
    {
      tenantId: uuid('tenant_id').notNull(),
      id: uuid('id').notNull().defaultRandom(),
      code: varchar('code', { length: 50 }).notNull(),
      name: varchar('name', { length: 200 }).notNull(),
      nameEn: varchar('name_en', { length: 200 }),
      description: varchar('description', { length: 1000 }),
      priority: integer('priority').notNull().default(0),
      status: varchar('status', { length: 16 }).$type<Status>().notNull().default('ACTIVE'),
      version: integer('version').notNull().default(1),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      createdBy: uuid('created_by'),
      lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
      lastModifiedBy: uuid('last_modified_by'),
    },
    (t) => [
      primaryKey({ name: `${name}_pkey`, columns: [t.tenantId, t.id] }),
      uniqueIndex(`${name}_code_key`).on(t.tenantId, sql`lower(${t.code})`),
      index(`${name}_priority_idx`).on(t.tenantId, t.priority, t.id),
    ],
  );

export const militaryGroups = groupTable('military_groups');
export const technicalGroups = groupTable('technical_groups');

/** The ranks of a military group, in the order given (position 0, 1, …). */
export const militaryGroupRanks = pgTable(
  'military_group_ranks',
  {
    tenantId: uuid('tenant_id').notNull(),
    groupId: uuid('group_id').notNull(),
    position: smallint('position').notNull(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    coefficient: numeric('coefficient', { precision: 10, scale: 3 }),
  },
  (t) => [
    primaryKey({ name: 'military_group_ranks_pkey', columns: [t.tenantId, t.groupId, t.position] }),
    uniqueIndex('military_group_ranks_code_key').on(t.tenantId, t.groupId, sql`lower(${t.code})`),
  ],
);

/** The levels of a technical group, ordered by their index (1..20, unique within the group). */
export const technicalGroupLevels = pgTable(
  'technical_group_levels',
  {
    tenantId: uuid('tenant_id').notNull(),
    groupId: uuid('group_id').notNull(),
    index: smallint('level_index').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    coefficient: numeric('coefficient', { precision: 10, scale: 3 }),
  },
  (t) => [primaryKey({ name: 'technical_group_levels_pkey', columns: [t.tenantId, t.groupId, t.index] })],
);

/** Military groups and ranks, technical groups and levels. */
export const scaleGroupTables = {
  militaryGroups,
  militaryGroupRanks,
  technicalGroups,
  technicalGroupLevels,
};
