import { sql } from 'drizzle-orm';
import { pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, statusColumn } from '../../../db/tables/columns.ts';

/** System › Language: message texts that override the built-in dictionaries (migration 0005). Global. */
export const translations = pgTable(
  'translations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: varchar('code', { length: 200 }).notNull(),
    valueVi: varchar('value_vi', { length: 2000 }).notNull(),
    valueEn: varchar('value_en', { length: 2000 }).notNull(),
    ...statusColumn(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('translations_code_key').on(sql`lower(${t.code})`)],
);
