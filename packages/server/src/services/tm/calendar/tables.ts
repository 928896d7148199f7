import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { StandardDayMethod, WeekdayRule } from '@hcm/contracts/labour-calendar';
import { auditColumns, statusColumn, tenantKeyColumns } from '../../../db/tables/columns.ts';

/*
 * The typed mirror of migration 0056 (the labour calendar). The holiday calendar itself is the
 * engine's db/tables/holidays.ts (the approval engine's working days read it). Foreign keys and
 * CHECK constraints live in the SQL only.
 */

const weekday = (name: string) => varchar(name, { length: 16 }).$type<WeekdayRule>().notNull();

/** Weekly-off rules: the rest days of each weekday, from a date, for the tenant or a unit. */
export const weeklyOffRules = pgTable(
  'weekly_off_rules',
  {
    ...tenantKeyColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    organizationUnitId: uuid('organization_unit_id'),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    monday: weekday('monday'),
    tuesday: weekday('tuesday'),
    wednesday: weekday('wednesday'),
    thursday: weekday('thursday'),
    friday: weekday('friday'),
    saturday: weekday('saturday'),
    sunday: weekday('sunday'),
    note: varchar('note', { length: 1000 }),
    ...statusColumn(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'weekly_off_rules_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('weekly_off_rules_code_key').on(t.tenantId, sql`lower(${t.code})`),
    uniqueIndex('weekly_off_rules_unit_date_key')
      // NULLS NOT DISTINCT in the SQL (one company-wide rule a date): drizzle's builder cannot say it
      .on(t.tenantId, t.organizationUnitId, t.effectiveDate),
    index('weekly_off_rules_date_idx').on(t.tenantId, t.effectiveDate, t.id),
  ],
);

/** Standard working days a month, from a date, for the tenant or a unit. */
export const standardWorkingDays = pgTable(
  'standard_working_days',
  {
    ...tenantKeyColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    organizationUnitId: uuid('organization_unit_id'),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    method: varchar('method', { length: 16 }).$type<StandardDayMethod>().notNull().default('CALENDAR'),
    days: numeric('days', { precision: 5, scale: 3 }),
    note: varchar('note', { length: 1000 }),
    ...statusColumn(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'standard_working_days_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('standard_working_days_code_key').on(t.tenantId, sql`lower(${t.code})`),
    uniqueIndex('standard_working_days_unit_date_key')
      // NULLS NOT DISTINCT in the SQL (one company-wide rule a date): drizzle's builder cannot say it
      .on(t.tenantId, t.organizationUnitId, t.effectiveDate),
    index('standard_working_days_date_idx').on(t.tenantId, t.effectiveDate, t.id),
  ],
);

/** Labour rules: normal hours, the night window and pay rates (whole per cent), from a date. */
export const labourRules = pgTable(
  'labour_rules',
  {
    ...tenantKeyColumns(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    normalHoursPerDay: numeric('normal_hours_per_day', { precision: 5, scale: 3 }).notNull(),
    normalHoursPerWeek: numeric('normal_hours_per_week', { precision: 5, scale: 3 }).notNull(),
    nightStartHour: integer('night_start_hour').notNull(),
    nightEndHour: integer('night_end_hour').notNull(),
    overtimeWeekdayPercent: integer('overtime_weekday_percent').notNull(),
    overtimeRestDayPercent: integer('overtime_rest_day_percent').notNull(),
    overtimeHolidayPercent: integer('overtime_holiday_percent').notNull(),
    nightWorkPercent: integer('night_work_percent').notNull(),
    nightOvertimePercent: integer('night_overtime_percent').notNull(),
    // the overtime caps (migration 0066, docs/overtime-registrations.md)
    overtimeDayPercent: integer('overtime_day_percent').notNull().default(50),
    overtimeDayTotalHours: numeric('overtime_day_total_hours', { precision: 6, scale: 2 })
      .notNull()
      .default('12'),
    weeklySchedule: boolean('weekly_schedule').notNull().default(false),
    overtimeMonthHours: numeric('overtime_month_hours', { precision: 6, scale: 2 }).notNull().default('40'),
    overtimeYearHours: numeric('overtime_year_hours', { precision: 6, scale: 2 }).notNull().default('200'),
    overtimeYearHoursListed: numeric('overtime_year_hours_listed', { precision: 6, scale: 2 })
      .notNull()
      .default('300'),
    listedSector: boolean('listed_sector').notNull().default(false),
    note: varchar('note', { length: 1000 }),
    ...statusColumn(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ name: 'labour_rules_pkey', columns: [t.tenantId, t.id] }),
    uniqueIndex('labour_rules_code_key').on(t.tenantId, sql`lower(${t.code})`),
    uniqueIndex('labour_rules_date_key').on(t.tenantId, t.effectiveDate),
  ],
);

/** The labour calendar's tables, for the schema check (services/tables.ts). */
export const labourCalendarTables = { weeklyOffRules, standardWorkingDays, labourRules };
