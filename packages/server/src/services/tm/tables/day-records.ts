import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { defineBulkTable } from '../../../bulk/index.ts';

/** What the day came to (timesheet/types.ts DayOutcome). */
export type DayRecordOutcome =
  'WORKED' | 'LEAVE' | 'ABSENT' | 'INCOMPLETE' | 'UNSCHEDULED' | 'HOLIDAY' | 'REST';

/** The bits of tm_day_records.flags (migration 0059). */
export const DayRecordFlags = { missingIn: 1, missingOut: 2, coreHoursMissed: 4 } as const;

/*
 * The typed mirror of tm_day_records (migrations 0050 and 0059): one computed day per worker,
 * partitioned by the month of work_date. Computing a day again replaces it, keeping HR's
 * correction and the held mark (docs/timesheet-engine.md, "The day record").
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
    /** the work calendar (assignment) that chose the shift */
    assignmentId: uuid('assignment_id'),
    dayType: varchar('day_type', { length: 8 })
      .$type<'WEEKDAY' | 'REST_DAY' | 'HOLIDAY'>()
      .notNull()
      .default('WEEKDAY'),
    outcome: varchar('outcome', { length: 12 }).$type<DayRecordOutcome>(),
    scheduledMinutes: integer('scheduled_minutes').notNull().default(0),
    otWeekdayDayMinutes: integer('ot_weekday_day_minutes').notNull().default(0),
    otWeekdayNightMinutes: integer('ot_weekday_night_minutes').notNull().default(0),
    otRestDayMinutes: integer('ot_rest_day_minutes').notNull().default(0),
    otRestNightMinutes: integer('ot_rest_night_minutes').notNull().default(0),
    otHolidayDayMinutes: integer('ot_holiday_day_minutes').notNull().default(0),
    otHolidayNightMinutes: integer('ot_holiday_night_minutes').notNull().default(0),
    /** overtime weighted by its rates: minutes at 100 % */
    overtimePaidMinutes: integer('overtime_paid_minutes').notNull().default(0),
    /** thousandths of a work day */
    workUnits: integer('work_units').notNull().default(0),
    paidLeaveUnits: integer('paid_leave_units').notNull().default(0),
    unpaidLeaveUnits: integer('unpaid_leave_units').notNull().default(0),
    paidUnits: integer('paid_units').notNull().default(0),
    /** DayRecordFlags bits */
    flags: smallint('flags').notNull().default(0),
    punchCount: smallint('punch_count').notNull().default(0),
    strayPunches: smallint('stray_punches').notNull().default(0),
    /** "478~1025;1035~": minutes from the work day's 00:00 */
    punchPairs: varchar('punch_pairs', { length: 200 }),
    /** a punch arrived after the month was locked: held for review */
    heldAt: timestamp('held_at', { withTimezone: true }),
    correctedSymbol: varchar('corrected_symbol', { length: 8 }),
    correctedPaidUnits: integer('corrected_paid_units'),
    correctionReason: varchar('correction_reason', { length: 500 }),
    correctedBy: uuid('corrected_by'),
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
    engineVersion: smallint('engine_version').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'tm_day_records_pkey', columns: [t.tenantId, t.workDate, t.workerId] }),
    index('tm_day_records_worker_idx').on(t.tenantId, t.workerId, t.workDate),
    index('tm_day_records_held_idx')
      .on(t.tenantId, t.workDate, t.workerId)
      .where(sql`held_at IS NOT NULL`),
  ],
);

/**
 * The (worker, day) rows waiting to be computed again (migration 0059): a key per row, so a day
 * touched many times before the job runs is computed once (timesheet/recompute-keys.ts).
 */
export const tmDayRecomputeKeys = pgTable(
  'tm_day_recompute_keys',
  {
    tenantId: uuid('tenant_id').notNull(),
    workDate: date('work_date').notNull(),
    workerId: uuid('worker_id').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'tm_day_recompute_keys_pkey', columns: [t.tenantId, t.workerId, t.workDate] })],
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
