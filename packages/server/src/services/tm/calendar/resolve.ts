import type { CalendarDay } from '@hcm/contracts/labour-calendar';
import { DEFAULT_WORKING_WEEK, type WorkingWeek } from '@hcm/contracts/system';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import {
  readWindow,
  resolveDays,
  type CalendarData,
  type HolidayRow,
  type LabourRuleInForce,
  type StandardRule,
} from './resolve-days.ts';
import type { WeeklyRule } from './weekly.ts';

/** What the engine asks: a tenant, optionally a unit (its rules and its parents'), and a range of days. */
export interface CalendarQuery {
  readonly tenantId: string;
  readonly organizationUnitId?: string | null;
  readonly from: string;
  readonly to: string;
}

/** A range of days resolved, and the labour rules they name (by id). */
export interface ResolvedCalendar {
  readonly days: CalendarDay[];
  readonly labourRules: readonly LabourRuleInForce[];
  /** the labour rule in force on a day of the range, if the tenant has one */
  rulesOn(day: string): LabourRuleInForce | null;
}

/** How deep a unit's parents are followed (the chart is far shallower; a cycle could not loop). */
const MAX_UNIT_DEPTH = 32;

interface Read {
  holidays: HolidayRow[] | null;
  weekly: (Omit<WeeklyRule, 'week'> & { root: string | null } & Record<string, string>)[] | null;
  labour: LabourRuleInForce[] | null;
  standard: (StandardRule & { root: string | null })[] | null;
  own_week: WorkingWeek | null;
  system_week: WorkingWeek | null;
  roots: string[] | null;
}

/** Several units' ranges at once (the timesheet engine's batch): the same range for each. */
export interface CalendarsQuery {
  readonly tenantId: string;
  readonly organizationUnitIds: readonly string[];
  readonly from: string;
  readonly to: string;
}

/**
 * Reads everything a range of days is decided by in ONE statement (a unit's chain of parents,
 * the holiday rows that reach the window, the weekly-off and standard-days rules of the chain
 * and the tenant, the labour rules, the working week of System › Configuration), in the
 * caller's transaction and scope, then decides the days (resolveDays). Rules are read from
 * their beginning: a tenant has a handful.
 */
export async function resolveCalendar(db: Db, query: CalendarQuery): Promise<ResolvedCalendar> {
  return resolvedOf(await readCalendarData(db, query), query.from, query.to);
}

/**
 * resolveCalendar for several units in the same ONE statement: each unit's days by its own chain
 * of rules (a unit that is not the tenant's is left out of the answer).
 */
export async function resolveCalendars(
  db: Db,
  query: CalendarsQuery,
): Promise<Map<string, ResolvedCalendar>> {
  const read = await readCalendarsData(db, query);
  // units decided by the same rows (the usual case: the tenant's rules, none of a unit's own)
  // share one resolution, read-only: a timesheet engine batch's 65 workers come from a dozen units
  const byData = new Map<string, ResolvedCalendar>();
  return new Map(
    [...read].map(([unit, data]) => {
      const key = JSON.stringify(data);
      let resolved = byData.get(key);
      if (!resolved) byData.set(key, (resolved = resolvedOf(data, query.from, query.to)));
      return [unit, resolved];
    }),
  );
}

function resolvedOf(data: CalendarData, from: string, to: string): ResolvedCalendar {
  const days = resolveDays(data, from, to);
  const named = new Set(days.map((day) => day.labourRuleId));
  const labourRules = data.labourRules.filter((rule) => named.has(rule.id));
  const byId = new Map(labourRules.map((rule) => [rule.id, rule]));
  const dayOf = new Map(days.map((day) => [day.date, day]));
  return {
    days,
    labourRules,
    rulesOn: (day) => byId.get(dayOf.get(day)?.labourRuleId ?? '') ?? null,
  };
}

/** What decides the days of readWindow(query), and whether the unit asked for was found. */
export type ReadCalendar = CalendarData & { readonly unitFound: boolean };

/** The one statement of resolveCalendar: the rows and rules of the query's window. */
export async function readCalendarData(db: Db, query: CalendarQuery): Promise<ReadCalendar> {
  const unit = query.organizationUnitId ?? null;
  const read = await readCalendarsData(db, { ...query, organizationUnitIds: unit ? [unit] : [] }, true);
  const found = unit ? read.get(unit) : undefined;
  const data = found ?? (read.get(TENANT) as CalendarData);
  return { ...data, unitFound: found !== undefined };
}

/** A unit id the statement can take (anything else is no unit of the tenant). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The key of the tenant-wide calendar (no unit) in readCalendarsData's answer. */
const TENANT = '';

/**
 * The one statement: every unit's chain at once (each row of the chain keeps the unit it started
 * from), the tenant's rows and rules once. Answers each unit found (and, with `tenantWide`, the
 * calendar of no unit under TENANT).
 */
async function readCalendarsData(
  db: Db,
  query: CalendarsQuery,
  tenantWide = false,
): Promise<Map<string, CalendarData>> {
  const window = readWindow(query.from, query.to);
  const tenant = query.tenantId;
  const units = `{${query.organizationUnitIds.filter((id) => UUID.test(id)).join(',')}}`;
  const result = (await db.execute(sql`
    WITH RECURSIVE chain (root, id, parent_id, depth) AS (
      SELECT id, id, parent_id, 0 FROM organization_units
       WHERE tenant_id = ${tenant} AND id = ANY(${units}::uuid[])
      UNION ALL
      SELECT c.root, u.id, u.parent_id, c.depth + 1 FROM organization_units u JOIN chain c ON u.id = c.parent_id
       WHERE u.tenant_id = ${tenant} AND c.depth < ${MAX_UNIT_DEPTH}
    )
    SELECT
      (SELECT json_agg(json_build_object('id', h.id, 'code', h.code, 'name', h.name, 'kind', h.kind,
          'startDate', h.start_date, 'endDate', h.end_date, 'paid', h.paid) ORDER BY h.start_date, h.id)
         FROM holidays h
        WHERE h.tenant_id = ${tenant} AND h.status = 'ACTIVE'
          AND h.end_date >= ${window.from}::date AND h.start_date <= ${window.to}::date) AS holidays,
      (SELECT json_agg(json_build_object('id', w.id, 'name', w.name, 'effectiveDate', w.effective_date,
          'root', c.root, 'depth', c.depth, 'monday', w.monday, 'tuesday', w.tuesday, 'wednesday', w.wednesday,
          'thursday', w.thursday, 'friday', w.friday, 'saturday', w.saturday, 'sunday', w.sunday))
         FROM weekly_off_rules w LEFT JOIN chain c ON c.id = w.organization_unit_id
        WHERE w.tenant_id = ${tenant} AND w.status = 'ACTIVE' AND w.effective_date <= ${window.to}::date
          AND (w.organization_unit_id IS NULL OR c.id IS NOT NULL)) AS weekly,
      (SELECT json_agg(json_build_object('id', l.id, 'code', l.code, 'effectiveDate', l.effective_date,
          'normalHoursPerDay', l.normal_hours_per_day::text, 'normalHoursPerWeek', l.normal_hours_per_week::text,
          'nightStartHour', l.night_start_hour, 'nightEndHour', l.night_end_hour,
          'overtimeWeekdayPercent', l.overtime_weekday_percent, 'overtimeRestDayPercent', l.overtime_rest_day_percent,
          'overtimeHolidayPercent', l.overtime_holiday_percent, 'nightWorkPercent', l.night_work_percent,
          'nightOvertimePercent', l.night_overtime_percent) ORDER BY l.effective_date)
         FROM labour_rules l
        WHERE l.tenant_id = ${tenant} AND l.status = 'ACTIVE' AND l.effective_date <= ${window.to}::date) AS labour,
      (SELECT json_agg(json_build_object('id', s.id, 'effectiveDate', s.effective_date, 'root', c.root,
          'depth', c.depth, 'method', s.method, 'days', s.days::text))
         FROM standard_working_days s LEFT JOIN chain c ON c.id = s.organization_unit_id
        WHERE s.tenant_id = ${tenant} AND s.status = 'ACTIVE' AND s.effective_date <= ${window.to}::date
          AND (s.organization_unit_id IS NULL OR c.id IS NOT NULL)) AS standard,
      (SELECT t.settings -> 'workingWeek' FROM tenant_configurations t WHERE t.tenant_id = ${tenant}) AS own_week,
      (SELECT s.settings -> 'workingWeek' FROM system_configuration s WHERE s.id = 1) AS system_week,
      (SELECT json_agg(c.id) FROM chain c WHERE c.depth = 0) AS roots
  `)) as unknown as { rows: Read[] };
  const read = result.rows[0] as Read;
  const weekly = (read.weekly ?? []).map((rule) => ({
    root: rule.root,
    rule: {
      id: rule.id,
      name: rule.name,
      effectiveDate: rule.effectiveDate,
      depth: rule.depth,
      week: {
        monday: rule.monday,
        tuesday: rule.tuesday,
        wednesday: rule.wednesday,
        thursday: rule.thursday,
        friday: rule.friday,
        saturday: rule.saturday,
        sunday: rule.sunday,
      } as WeeklyRule['week'],
    } satisfies WeeklyRule,
  }));
  const standard = read.standard ?? [];
  const shared = {
    holidays: read.holidays ?? [],
    workingWeek: read.own_week ?? read.system_week ?? DEFAULT_WORKING_WEEK,
    labourRules: read.labour ?? [],
  };
  // a unit's rules: the tenant's (no root) and those of its own chain
  const of = (unit: string): CalendarData => ({
    ...shared,
    weeklyRules: weekly.filter(({ root }) => root === null || root === unit).map(({ rule }) => rule),
    standardRules: standard
      .filter(({ root }) => root === null || root === unit)
      .map(({ id, effectiveDate, depth, method, days }) => ({ id, effectiveDate, depth, method, days })),
  });
  const answer = new Map((read.roots ?? []).map((unit) => [unit, of(unit)]));
  if (tenantWide) answer.set(TENANT, of(TENANT));
  return answer;
}
