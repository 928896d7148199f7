import { index, pgTable, primaryKey, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { defineBulkTable } from '../../../bulk/index.ts';

/** Where a punch came from: a time clock's push, a file of punches, a hand entry, or a check-in from a browser (check-in/). */
export const PunchSources = ['DEVICE', 'IMPORT', 'MANUAL', 'WEB'] as const;
export type PunchSource = (typeof PunchSources)[number];

/*
 * The typed mirror of migration 0050's tm_punches: what the time clocks say, partitioned by the
 * month of punched_at (Vietnam's months). The timekeeping module owns it; the engine writes and
 * reads it through the bulk path (src/bulk).
 */
export const tmPunches = pgTable(
  'tm_punches',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    punchedAt: timestamp('punched_at', { withTimezone: true }).notNull(),
    deviceCode: varchar('device_code', { length: 50 }).notNull(),
    /** the PIN enrolled on the device, matched to an employee later */
    attendanceCode: varchar('attendance_code', { length: 50 }).notNull(),
    workerId: uuid('worker_id'),
    source: varchar('source', { length: 8 }).$type<PunchSource>().notNull(),
    /** the line as received, for disputes */
    rawLine: varchar('raw_line', { length: 500 }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'tm_punches_pkey', columns: [t.tenantId, t.punchedAt, t.id] }),
    unique('tm_punches_once_key').on(t.tenantId, t.punchedAt, t.deviceCode, t.attendanceCode),
    index('tm_punches_worker_idx').on(t.tenantId, t.workerId, t.punchedAt),
  ],
);

/**
 * Punches in bulk: a device that sends the same lines again stores them once (the key, ignored on
 * conflict); pages in time order.
 */
export const punchStore = defineBulkTable({
  table: tmPunches,
  resource: 'tm_punch',
  partitionBy: 'punchedAt',
  conflict: { key: ['punchedAt', 'deviceCode', 'attendanceCode'], onConflict: 'ignore' },
  order: ['punchedAt', 'id'],
  references: [{ column: 'workerId', table: 'workers' }],
});
