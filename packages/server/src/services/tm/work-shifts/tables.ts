import type { WorkShiftKind } from '@hcm/contracts/work-shifts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, statusColumn, tenantKeyColumns } from '../../../db/tables/columns.ts';

const clock = (name: string) => varchar(name, { length: 5 });

/** The typed mirror of migration 0057's work_shifts: a day's plan of work (docs/work-shifts.md). */
export const workShifts = pgTable(
  'work_shifts',
  {
    ...tenantKeyColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<WorkShiftKind>().notNull().default('FIXED'),
    startTime: clock('start_time').notNull(),
    endTime: clock('end_time').notNull(),
    secondStartTime: clock('second_start_time'),
    secondEndTime: clock('second_end_time'),
    coreStartTime: clock('core_start_time'),
    coreEndTime: clock('core_end_time'),
    checkInFrom: clock('check_in_from'),
    checkInTo: clock('check_in_to'),
    checkOutFrom: clock('check_out_from'),
    checkOutTo: clock('check_out_to'),
    secondCheckInFrom: clock('second_check_in_from'),
    secondCheckInTo: clock('second_check_in_to'),
    secondCheckOutFrom: clock('second_check_out_from'),
    secondCheckOutTo: clock('second_check_out_to'),
    requiredHours: numeric('required_hours', { precision: 5, scale: 3 }).notNull(),
    lateToleranceMinutes: smallint('late_tolerance_minutes').notNull().default(0),
    earlyToleranceMinutes: smallint('early_tolerance_minutes').notNull().default(0),
    coefficient: numeric('coefficient', { precision: 5, scale: 2 }).notNull().default('1'),
    workingDays: numeric('working_days', { precision: 5, scale: 3 }).notNull().default('1'),
    nightHours: numeric('night_hours', { precision: 5, scale: 3 }).notNull().default('0'),
    description: varchar('description', { length: 1000 }),
    ...statusColumn(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'work_shifts_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('work_shifts_code_key').on(t.tenantId, sql`lower(${t.code})`),
    index('work_shifts_status_idx').on(t.tenantId, t.status, t.code),
  ],
);

/** A shift's breaks, in the form's order (position 0, 1, …). */
export const workShiftBreaks = pgTable(
  'work_shift_breaks',
  {
    tenantId: uuid('tenant_id').notNull(),
    shiftId: uuid('shift_id').notNull(),
    position: smallint('position').notNull(),
    startTime: clock('start_time').notNull(),
    endTime: clock('end_time').notNull(),
    paid: boolean('paid'),
  },
  (t) => [primaryKey({ name: 'work_shift_breaks_pkey', columns: [t.tenantId, t.shiftId, t.position] })],
);

/** The work shifts' tables, for the schema check (services/tables.ts). */
export const workShiftTables = { workShifts, workShiftBreaks };
