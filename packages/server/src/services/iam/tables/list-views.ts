import { boolean, jsonb, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { ListViewLimits, type ListViewState } from '@hcm/contracts/list-views';

/** migrations/0046: a user's saved views of a list. */
export const listViews = pgTable('list_views', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id'),
  userId: uuid('user_id').notNull(),
  listKey: varchar('list_key', { length: ListViewLimits.listKey }).notNull(),
  name: varchar('name', { length: ListViewLimits.name }).notNull(),
  state: jsonb('state').$type<ListViewState>().notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
});

/** migrations/0046: the columns a user chose to see on a list. */
export const listColumnChoices = pgTable(
  'list_column_choices',
  {
    userId: uuid('user_id').notNull(),
    listKey: varchar('list_key', { length: ListViewLimits.listKey }).notNull(),
    tenantId: uuid('tenant_id'),
    columns: jsonb('columns').$type<string[]>().notNull(),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'list_column_choices_pkey', columns: [t.userId, t.listKey] })],
);

export const listViewTables = { listViews, listColumnChoices };
