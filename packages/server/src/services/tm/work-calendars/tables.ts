import type { ApprovalStatus } from '@hcm/contracts/approvals';
import type {
  WorkCalendarPatternType,
  WorkCalendarTargetType,
  WorkCalendarWeekday,
} from '@hcm/contracts/work-calendars';
import { boolean, date, pgTable, primaryKey, smallint, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, tenantKeyColumns } from '../../../db/tables/columns.ts';

/* The typed mirror of migration 0060; the foreign keys and checks live in the SQL only. */

const day = (name: string) => date(name, { mode: 'string' });

export const tmWorkCalendars = pgTable(
  'tm_work_calendars',
  {
    ...tenantKeyColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    targetType: varchar('target_type', { length: 16 }).$type<WorkCalendarTargetType>().notNull(),
    organizationUnitId: uuid('organization_unit_id'),
    ownUnitOnly: boolean('own_unit_only').notNull().default(false),
    jobTitleId: uuid('job_title_id'),
    fromDate: day('from_date').notNull(),
    toDate: day('to_date'),
    patternType: varchar('pattern_type', { length: 16 })
      .$type<WorkCalendarPatternType>()
      .notNull()
      .default('WEEKLY'),
    workShiftId: uuid('work_shift_id'),
    rotationUnit: varchar('rotation_unit', { length: 8 }).$type<'DAY' | 'WEEK'>(),
    anchorDate: day('anchor_date'),
    description: varchar('description', { length: 1000 }),
    approvalStatus: varchar('approval_status', { length: 16 })
      .$type<ApprovalStatus>()
      .notNull()
      .default('NEW'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    ...auditColumns(),
  },
  (t) => [primaryKey({ name: 'tm_work_calendars_pkey', columns: [t.tenantId, t.id] })],
);

export const tmWorkCalendarWorkers = pgTable(
  'tm_work_calendar_workers',
  {
    tenantId: uuid('tenant_id').notNull(),
    calendarId: uuid('calendar_id').notNull(),
    workerId: uuid('worker_id').notNull(),
    ordinal: smallint('ordinal').notNull(),
  },
  (t) => [
    primaryKey({ name: 'tm_work_calendar_workers_pkey', columns: [t.tenantId, t.calendarId, t.workerId] }),
  ],
);

export const tmWorkCalendarWeekdays = pgTable(
  'tm_work_calendar_weekdays',
  {
    tenantId: uuid('tenant_id').notNull(),
    calendarId: uuid('calendar_id').notNull(),
    weekday: varchar('weekday', { length: 3 }).$type<WorkCalendarWeekday>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'tm_work_calendar_weekdays_pkey', columns: [t.tenantId, t.calendarId, t.weekday] }),
  ],
);

export const tmWorkCalendarRotation = pgTable(
  'tm_work_calendar_rotation',
  {
    tenantId: uuid('tenant_id').notNull(),
    calendarId: uuid('calendar_id').notNull(),
    position: smallint('position').notNull(),
    workShiftId: uuid('work_shift_id'),
  },
  (t) => [
    primaryKey({ name: 'tm_work_calendar_rotation_pkey', columns: [t.tenantId, t.calendarId, t.position] }),
  ],
);

/** The module's drizzle mirrors, for the schema check (services/tables.test.ts). */
export const workCalendarTables = {
  tmWorkCalendars,
  tmWorkCalendarWorkers,
  tmWorkCalendarWeekdays,
  tmWorkCalendarRotation,
};
