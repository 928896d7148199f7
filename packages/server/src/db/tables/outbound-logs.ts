import { bigint, index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/*
 * The typed mirror of migration 0025 (http/outbound): one row per call to another system.
 * tenant_id is null for calls outside a tenant's request; the row-level-security policy (a
 * tenant reads its own rows, the system every row) lives in the SQL only. In the engine because
 * the engine's outbound log writes it (System › Outbound logs reads it).
 */
export const outboundLogs = pgTable(
  'outbound_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id'),
    requestId: varchar('request_id', { length: 128 }),
    target: varchar('target', { length: 50 }).notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    url: varchar('url', { length: 2000 }).notNull(),
    status: integer('status'),
    durationMs: integer('duration_ms').notNull(),
    bytesSent: bigint('bytes_sent', { mode: 'number' }),
    bytesReceived: bigint('bytes_received', { mode: 'number' }),
    error: varchar('error', { length: 1000 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbound_logs_created_at_idx').on(t.createdAt.desc(), t.id),
    index('outbound_logs_tenant_idx').on(t.tenantId, t.createdAt.desc()),
  ],
);

export const outboundLogTables = { outboundLogs };
