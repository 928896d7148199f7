import { bigint, date, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

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

/** The contracts whose coming expiry HR was told of, by expiry date (labor-contracts/expiry-notices.ts). */
export const contractExpiryNotices = pgTable(
  'contract_expiry_notices',
  {
    tenantId: uuid('tenant_id').notNull(),
    contractId: uuid('contract_id').notNull(),
    expiryDate: date('expiry_date').notNull(),
    noticedAt: timestamp('noticed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'contract_expiry_notices_pkey', columns: [t.tenantId, t.contractId, t.expiryDate] }),
  ],
);

export const recordNumberingTables = { recordCounters, contractExpiryNotices };
