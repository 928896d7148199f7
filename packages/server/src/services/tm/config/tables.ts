import type { OvertimeMode } from '@hcm/contracts/timekeeping-config';
import { integer, jsonb, pgTable, primaryKey, smallint, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/* The typed mirror of migration 0064; the checks live in the SQL only. */

export const tmTimekeepingSettings = pgTable(
  'tm_timekeeping_settings',
  {
    tenantId: uuid('tenant_id').notNull(),
    effectiveMonth: varchar('effective_month', { length: 7 }).notNull(),
    overtimeMode: varchar('overtime_mode', { length: 12 }).$type<OvertimeMode>().notNull(),
    overtimeMinimumMinutes: smallint('overtime_minimum_minutes').notNull().default(0),
    repeatPunchSeconds: smallint('repeat_punch_seconds').notNull().default(60),
    symbols: jsonb('symbols').$type<Record<string, string | null>>().notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
    lastModifiedBy: uuid('last_modified_by'),
  },
  (t) => [primaryKey({ name: 'tm_timekeeping_settings_pkey', columns: [t.tenantId, t.effectiveMonth] })],
);

/** The module's drizzle mirrors, for the schema check (services/tables.test.ts). */
export const timekeepingConfigTables = { tmTimekeepingSettings };
