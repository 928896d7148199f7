import { bigint, pgTable, primaryKey, uuid, varchar } from 'drizzle-orm/pg-core';

/* The typed mirror of migration 0047. */

/** The next number of each numbered kind, per tenant and period (resources/numbering). */
export const recordCounters = pgTable(
  'record_counters',
  {
    tenantId: uuid('tenant_id').notNull(),
    kind: varchar('kind', { length: 32 }).notNull(),
    period: varchar('period', { length: 7 }).notNull().default(''),
    nextValue: bigint('next_value', { mode: 'number' }).notNull().default(1),
  },
  (t) => [primaryKey({ name: 'record_counters_pkey', columns: [t.tenantId, t.kind, t.period] })],
);

export const recordNumberingTables = { recordCounters };
