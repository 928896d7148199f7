import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { payRate, type PayRates } from '../calendar/pay-rate.ts';
import { resolveCalendars, type ResolvedCalendar } from '../calendar/resolve.ts';
import type { LabourRuleInForce } from '../calendar/resolve-days.ts';
import type { CalendarDayOf, DayTypeSource } from './inputs.ts';
import type { DayRules, OvertimeRates } from './types.ts';

/** A day paid off (a public holiday, a compensatory day) is paid one work day. */
const ONE_DAY = 1000;

/**
 * The day rules of a labour rule in force: its night window and the overtime rates of each day
 * type by day and by night, as the labour calendar's payRate gives them (Decree 145: 150/200/210,
 * 200/270, 300/390 %).
 */
export function dayRulesOf(rule: LabourRuleInForce): DayRules {
  const rates: PayRates = rule;
  const rate = (payClass: 'WEEKDAY' | 'REST_DAY' | 'HOLIDAY', night: boolean, dayOvertimeEarlier = false) =>
    payRate({ payClass, night, overtime: true, dayOvertimeEarlier }, rates);
  const weekday: OvertimeRates = {
    day: rate('WEEKDAY', false),
    night: rate('WEEKDAY', true),
    nightAfterDayOvertime: rate('WEEKDAY', true, true),
  };
  return {
    nightWindow: { start: rule.nightStartHour * 60, end: rule.nightEndHour * 60 },
    overtimeRates: {
      WEEKDAY: weekday,
      REST_DAY: { day: rate('REST_DAY', false), night: rate('REST_DAY', true) },
      HOLIDAY: { day: rate('HOLIDAY', false), night: rate('HOLIDAY', true) },
    },
    holidayPaidValue: ONE_DAY,
  };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The labour calendar (services/tm/calendar, helper H1) as the day computation's DayTypeSource:
 * each worker's days resolved by their unit's weekly-off rules and the tenant's holiday calendar
 * and labour rules. One query for the workers' units, then one resolveCalendars statement for
 * every unit of the batch.
 */
export const labourCalendarDayTypes: DayTypeSource = {
  async days(tx: Tx, workerIds, from, to) {
    if (workerIds.length === 0) return new Map();
    // the transaction's tenant comes with the workers: one round trip, not two
    const places = rowsOf<{ id: string; unit: string; tenant: string | null }>(
      await tx.execute(sql`
        select id, organization_unit_id as unit, current_setting('app.tenant_id', true) as tenant
          from workers where id = any(${`{${workerIds.join(',')}}`}::uuid[])`),
    );
    const tenantId = places[0]?.tenant;
    if (!tenantId) return new Map();
    const byUnit = new Map<string, Map<string, CalendarDayOf>>();
    const rulesById = new Map<string, DayRules>();
    const calendars = await resolveCalendars(tx, {
      tenantId,
      organizationUnitIds: [...new Set(places.map((p) => p.unit))],
      from,
      to,
    });
    // units that share a resolution (the same rules) share its days too
    const daysOf = new Map<ResolvedCalendar, Map<string, CalendarDayOf>>();
    for (const [unit, calendar] of calendars) {
      const known = daysOf.get(calendar);
      if (known) {
        byUnit.set(unit, known);
        continue;
      }
      const days = new Map<string, CalendarDayOf>();
      daysOf.set(calendar, days);
      for (const day of calendar.days) {
        const rule = calendar.rulesOn(day.date);
        let rules: DayRules | null = null;
        if (rule) {
          rules = rulesById.get(rule.id) ?? dayRulesOf(rule);
          rulesById.set(rule.id, rules);
        }
        days.set(day.date, { dayType: day.payClass, paidOff: day.paidOff, rules });
      }
      byUnit.set(unit, days);
    }
    return new Map(places.map((p) => [p.id, byUnit.get(p.unit) ?? new Map()]));
  },
};
