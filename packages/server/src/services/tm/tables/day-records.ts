import { date, index, integer, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { defineBulkTable } from '../../../bulk/index.ts';

/*
 * The typed mirror of migration 0050's tm_day_records: one computed day per worker, partitioned
 * by the month of work_date. Computing a day again replaces it.
 */
export const tmDayRecords = pgTable(
  'tm_day_records',
  {
    tenantId: uuid('tenant_id').notNull(),
    workDate: date('work_date').notNull(),
    workerId: uuid('worker_id').notNull(),
    /** the timekeeping period the day was computed for */
    periodId: uuid('period_id'),
    shiftCode: varchar('shift_code', { length: 50 }),
    firstIn: timestamp('first_in', { withTimezone: true }),
    lastOut: timestamp('last_out', { withTimezone: true }),
    workedMinutes: integer('worked_minutes').notNull().default(0),
    lateMinutes: integer('late_minutes').notNull().default(0),
    earlyMinutes: integer('early_minutes').notNull().default(0),
    overtimeMinutes: integer('overtime_minutes').notNull().default(0),
    nightMinutes: integer('night_minutes').notNull().default(0),
    /** the timesheet's symbol for the day (X, P, Ô, KL…) */
    daySymbol: varchar('day_symbol', { length: 8 }),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'tm_day_records_pkey', columns: [t.tenantId, t.workDate, t.workerId] }),
    index('tm_day_records_worker_idx').on(t.tenantId, t.workerId, t.workDate),
  ],
);

/** Day records in bulk: upsert by (tenant, day, worker); pages by day then worker. */
export const dayRecordStore = defineBulkTable({
  table: tmDayRecords,
  resource: 'tm_day_record',
  partitionBy: 'workDate',
  conflict: { key: ['workDate', 'workerId'], onConflict: 'update' },
  order: ['workDate', 'workerId'],
  references: [{ column: 'workerId', table: 'workers' }],
});
