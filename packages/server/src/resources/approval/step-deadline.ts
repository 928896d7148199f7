import { isSlaUnit, slaMilliseconds, WorkflowLimits } from '@hcm/contracts/settings';
import {
  DEFAULT_TIME_ZONE,
  DEFAULT_WORKING_WEEK,
  WEEKDAYS,
  type Weekday,
  type WorkingWeek,
} from '@hcm/contracts/system';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { holidays } from '../../db/tables/holidays.ts';
import { readTenantSettings } from '../../db/tenant-settings.ts';

/** A step's SLA as its snapshot keeps it: a null amount is a step from before units (minutes in slaTime). */
export interface StepSla {
  slaUnit: string;
  slaAmount: number | null;
  /** milliseconds on the calendar */
  slaTime: number;
}

/** Which days are worked: a day is `yyyy-MM-dd` in the tenant's time. */
export interface WorkingCalendar {
  isWorkingDay(day: string): boolean;
  /** the day (`yyyy-MM-dd`) of an instant in the tenant's time zone */
  dayOf(at: number): string;
}

const DAY_MS = 86_400_000;

/** The tenant's working week and time zone, as System › Configuration keeps them. */
export interface CalendarSettings {
  readonly timeZone: string;
  readonly workingWeek: WorkingWeek;
}
const DEFAULTS: CalendarSettings = { timeZone: DEFAULT_TIME_ZONE, workingWeek: DEFAULT_WORKING_WEEK };

/** `yyyy-MM-dd` of an instant in a time zone. */
const dayIn = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (at: number) => format.format(at);
};
const weekdayOf = (day: string): Weekday =>
  WEEKDAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7] as Weekday;

/**
 * The calendar of a working week (FULL and HALF days are worked, OFF days are not), the given
 * days off (public holidays, days off in lieu) and the rest days worked in a swap (a Saturday
 * worked for a Friday off: the holiday calendar's SWAPPED_WORKING_DAY), in a time zone.
 */
export function workingCalendar(
  holidayDays: ReadonlySet<string>,
  settings: CalendarSettings = DEFAULTS,
  workedDays: ReadonlySet<string> = new Set(),
): WorkingCalendar & { dayOf(at: number): string } {
  return {
    dayOf: dayIn(settings.timeZone),
    isWorkingDay: (day) =>
      !holidayDays.has(day) && (workedDays.has(day) || settings.workingWeek[weekdayOf(day)] !== 'OFF'),
  };
}

/**
 * When a step started at `start` is due. Minutes, hours and days are calendar time. Working
 * days: the same time of day on the n-th working day after the start's day (a step started on
 * Friday at 15:00 with 2 working days is due on Tuesday at 15:00: the tenant's days off, Saturday
 * and Sunday by default, and its public holidays are skipped). Days are counted as 24 hours,
 * exact in zones without daylight saving (Vietnam's).
 */
export function stepDeadline(start: Date, sla: StepSla, calendar: WorkingCalendar): Date {
  if (sla.slaAmount === null || !isSlaUnit(sla.slaUnit)) return new Date(start.getTime() + sla.slaTime);
  if (sla.slaUnit !== 'WORKING_DAYS')
    return new Date(start.getTime() + slaMilliseconds(sla.slaUnit, sla.slaAmount));
  let at = start.getTime();
  for (let counted = 0, idle = 0; counted < sla.slaAmount;) {
    at += DAY_MS;
    if (calendar.isWorkingDay(calendar.dayOf(at))) {
      counted += 1;
      idle = 0;
    } else if (++idle > MAX_DAYS_WITHOUT_WORK) {
      // a calendar with no working day in a year (a week saved all OFF before the configuration
      // refused it, a year of holidays): calendar days, rather than a loop that never ends
      return new Date(start.getTime() + slaMilliseconds('DAYS', sla.slaAmount));
    }
  }
  return new Date(at);
}

/** Days off in a row after which a working-day count gives up on the calendar (stepDeadline). */
const MAX_DAYS_WITHOUT_WORK = 366;

/** A step's start and its deadline, as the engine sets them. */
export interface StepTimes {
  start: Date;
  end: Date;
}

/**
 * The steps' schedule from `start`: the first starts then, each later one when the previous is
 * due (acted on at its deadline), each due by stepDeadline. The engine starts one step at a time,
 * a schedule of one (deadlineOf); the assignment form's preview asks for all of them
 * (GET /api/system/workflow-templates/{id}/schedule), so both read the same times.
 */
export function stepSchedule(start: Date, slas: readonly StepSla[], calendar: WorkingCalendar): StepTimes[] {
  let at = start;
  return slas.map((sla) => {
    const end = stepDeadline(at, sla, calendar);
    const times = { start: at, end };
    at = end;
    return times;
  });
}

/** How far ahead a step's holidays are read: 30 working days and the longest runs of days off. */
const LOOK_AHEAD_DAYS = 120;
/** the calendar days a working day may take, at most, by the same measure */
const DAYS_PER_WORKING_DAY = LOOK_AHEAD_DAYS / WorkflowLimits.maxSlaDays;

const countsWorkingDays = (sla: StepSla) => sla.slaUnit === 'WORKING_DAYS' && sla.slaAmount !== null;

/** The days of holidays a schedule may cross: each step's calendar days, a working day as DAYS_PER_WORKING_DAY. */
function lookAheadDays(slas: readonly StepSla[]): number {
  let days = 0;
  for (const sla of slas)
    days += countsWorkingDays(sla)
      ? (sla.slaAmount as number) * DAYS_PER_WORKING_DAY
      : Math.ceil(Math.max(0, sla.slaTime) / DAY_MS);
  return Math.max(LOOK_AHEAD_DAYS, days);
}

/** The tenant's working week and zone: its own configuration, else the system defaults, else Monday to Friday in Vietnam. */
async function calendarSettings(tx: Tx, tenantId: string | null): Promise<CalendarSettings> {
  const settings = await readTenantSettings(tx, tenantId);
  return {
    timeZone: settings?.timeZone ?? DEFAULTS.timeZone,
    workingWeek: settings?.workingWeek ?? DEFAULTS.workingWeek,
  };
}

/**
 * The tenant's calendar from `start` on: its working week (System › Configuration) and its
 * ACTIVE rows of the holiday calendar (Timekeeping › Holidays) of the `lookAhead` days that follow,
 * read in the caller's transaction: every kind is a day off but a rest day worked in a swap,
 * which is a working day.
 */
export async function loadWorkingCalendar(
  tx: Tx,
  tenantId: string | null,
  start: Date,
  lookAhead = LOOK_AHEAD_DAYS,
): Promise<WorkingCalendar> {
  const settings = await calendarSettings(tx, tenantId);
  const dayOf = dayIn(settings.timeZone);
  const from = dayOf(start.getTime());
  const to = dayOf(start.getTime() + lookAhead * DAY_MS);
  const rows = await tx
    .select({ startDate: holidays.startDate, endDate: holidays.endDate, kind: holidays.kind })
    .from(holidays)
    .where(and(eq(holidays.status, 'ACTIVE'), lte(holidays.startDate, to), gte(holidays.endDate, from)));
  const days = new Set<string>();
  const worked = new Set<string>();
  const nextDay = (day: string) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  for (const row of rows)
    for (let day = row.startDate; day <= row.endDate; day = nextDay(day))
      (row.kind === 'SWAPPED_WORKING_DAY' ? worked : days).add(day);
  return workingCalendar(days, settings, worked);
}

/**
 * The schedule of steps from `start` (stepSchedule) by the tenant's calendar, read in the
 * caller's transaction and only when a step counts working days.
 */
export async function scheduleOf(
  tx: Tx,
  tenantId: string | null,
  start: Date,
  slas: readonly StepSla[],
): Promise<StepTimes[]> {
  const calendar = slas.some(countsWorkingDays)
    ? await loadWorkingCalendar(tx, tenantId, start, lookAheadDays(slas))
    : workingCalendar(new Set());
  return stepSchedule(start, slas, calendar);
}

/** The deadline of a step started at `start`: a schedule of that one step. */
export async function deadlineOf(tx: Tx, tenantId: string | null, start: Date, sla: StepSla): Promise<Date> {
  const [step] = await scheduleOf(tx, tenantId, start, [sla]);
  return (step as StepTimes).end;
}
