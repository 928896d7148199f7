import { sql } from 'drizzle-orm';
import {
  index,
  pgTable,
  primaryKey,
  uniqueIndex,
  uuid,
  varchar,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import { plainCategoryContracts, type PlainCategoryContract } from '@hcm/contracts/categories';
import { categoryColumns } from '../../../db/tables/columns.ts';

/*
 * The typed mirror of the Admin categories (migrations 0003, 0009: hcm_create_category_table),
 * the module's resources over them (categories/, positions/, organization-units/). They share
 * one shape; tenant_id leads the key and the unique code. The tenant foreign keys live in the
 * SQL only.
 */

/** A category's table, with its own columns (`extra`) and, for a longer name, its length. */
export const categoryTable = <E extends Record<string, PgColumnBuilderBase> = Record<never, never>>(
  name: string,
  extra?: E,
  nameLength = 200,
) =>
  pgTable(
    name,
    {
      ...categoryColumns(),
      name: varchar('name', { length: nameLength }).notNull(),
      ...(extra as E),
    },
    (t) => [
      primaryKey({ name: `${name}_pkey`, columns: [t.tenantId, t.id] }),
      uniqueIndex(`${name}_code_key`).on(t.tenantId, sql`lower(${t.code})`),
      index(`${name}_priority_idx`).on(t.tenantId, t.priority, t.id),
      index(`${name}_code_idx`).on(t.tenantId, t.code, t.id),
      index(`${name}_status_idx`).on(t.tenantId, t.status, t.priority, t.id),
      index(`${name}_name_idx`).on(t.tenantId, t.name, t.id),
      index(`${name}_keyword_idx`).using(
        'gin',
        t.tenantId,
        sql`${t.code} gin_trgm_ops`,
        sql`${t.name} gin_trgm_ops`,
        // the keyword looks in the English name too (migration 0055)
        sql`${t.nameEn} gin_trgm_ops`,
      ),
    ],
  );

/**
 * Every Admin category's table, keyed by its permission resource and named after its API path
 * (job-titles → job_titles): a category declared in @hcm/contracts/categories gets its table
 * here with no line of its own (its migration is one `SELECT hcm_create_category_table`).
 */
export const categoryTables = Object.fromEntries(
  plainCategoryContracts.map((contract) => [
    contract.permission,
    categoryTable(contract.path.replaceAll('-', '_')),
  ]),
) as Record<PlainCategoryContract['permission'], ReturnType<typeof categoryTable>>;

export const jobTitles = categoryTables.job_title;
export const ethnicities = categoryTables.ethnicity;
export const religions = categoryTables.religion;
export const naturesOfWork = categoryTables.nature_of_work;
export const subjectsOfLabor = categoryTables.subject_of_labor;

/** Positions (chức vụ): a category with its parent position, a tree (migration 0011). */
export const positions = categoryTable('positions', { parentId: uuid('parent_id') });
