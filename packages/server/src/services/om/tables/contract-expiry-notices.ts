import { date, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';

/* The typed mirror of migration 0047's expiry notices (its record counters: db/tables/record-numbering.ts). */

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

export const contractExpiryNoticeTables = { contractExpiryNotices };
