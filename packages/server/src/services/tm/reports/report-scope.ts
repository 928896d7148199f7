import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import type { Scope } from '../../../db/tenant-scope.ts';
import { notFound } from '../../../http/errors.ts';
import { reachedWorkersCondition } from '../general-timesheet/read-grid.ts';
import { legendOf, symbolClasses } from '../general-timesheet/month-cells.ts';
import type { TimesheetInputs } from '../timesheet/inputs.ts';

export type ReportCaller = Scope & { tenantId: string };

export const rowsOf = async <T>(tx: Tx, query: SQL) =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/** What a report reads: the caller's workers of a unit (with those below it) or of their whole reach. */
export interface ReportScope {
  readonly tenantId: string;
  /**
   * `ws`: the workers counted, one row each (id, code, full_name, unit_id, joined_date, working,
   * left_on: the effective date of their first approved resignation), as a WITH list item.
   */
  readonly workers: SQL;
}

/**
 * The workers a report counts: those of the unit and every unit below it (all when no unit is
 * given) that the caller reaches (the employees' own data scope, as the general timesheet applies
 * it). An unknown unit is 404; a unit outside the reach simply holds nobody the caller sees.
 */
export async function reportScope(
  tx: Tx,
  caller: ReportCaller,
  organizationUnitId: string | undefined,
): Promise<ReportScope> {
  if (organizationUnitId !== undefined) {
    const [unit] = await rowsOf<{ id: string }>(
      tx,
      sql`select id from organization_units where id = ${organizationUnitId}::uuid`,
    );
    if (!unit) throw notFound('No such unit');
  }
  const reached = await reachedWorkersCondition(tx, caller);
  const inUnit =
    organizationUnitId === undefined
      ? sql`true`
      : sql`w.organization_unit_id in (
          with recursive branch(id) as (
            select id from organization_units where id = ${organizationUnitId}::uuid
            union select u.id from organization_units u join branch b on u.parent_id = b.id)
          select id from branch)`;
  return {
    tenantId: caller.tenantId,
    workers: sql`ws as (
      select w.id, w.code, w.full_name, w.organization_unit_id as unit_id, w.joined_date,
             w.working_status = 'WORKING' as working, l.left_on
        from workers w
        left join (select worker_id, min(effective_date) as left_on from resignations
                    where approval_status = 'APPROVED' group by worker_id) l on l.worker_id = w.id
       where ${inUnit} and ${reached})`,
  };
}

/**
 * On the roll on `day` (an SQL date), the rule of the general timesheet's month
 * (roster/employed-during.ts) for one day: joined by then; no approved resignation effective on or
 * before it; and at work, or known to have left after it (an employee imported as having left, with
 * no decision on record: never). Approved, not only applied: the daily sweep applies a decision on
 * its effective date, and a day looked at before the sweep runs counts the same people as after.
 */
export const onRollOn = (day: SQL) =>
  sql`(ws.joined_date is null or ws.joined_date <= ${day})
      and (ws.left_on is null or ws.left_on > ${day})
      and (ws.working or ws.left_on is not null)`;

/** The tenant's symbols sorted by how the troop report counts a day HR corrected to them. */
export interface SymbolSets {
  readonly all: string[];
  readonly unpaid: string[];
  readonly dayOff: string[];
  readonly paidLeave: string[];
}

export async function symbolSets(
  tx: Tx,
  inputs: Pick<TimesheetInputs, 'settings'>,
  months: readonly string[],
): Promise<SymbolSets> {
  // the symbols are effective by month: a period across a change counts what either month wrote
  const classes = new Map<string, string>();
  const dayOff = new Set<string>();
  for (const month of new Set(months)) {
    const { settings } = await inputs.settings.settings(tx, month);
    for (const [symbol, kind] of symbolClasses(legendOf(settings.symbols)))
      if (!classes.has(symbol)) classes.set(symbol, kind);
    if (settings.symbols.HOLIDAY) dayOff.add(settings.symbols.HOLIDAY);
  }
  const of = (kind: string) => [...classes].filter(([, c]) => c === kind).map(([symbol]) => symbol);
  return {
    all: [...classes.keys()],
    unpaid: of('UNPAID_LEAVE'),
    dayOff: [...dayOff],
    paidLeave: of('PAID_LEAVE').filter((symbol) => !dayOff.has(symbol)),
  };
}

/** The months ('YYYY-MM') of the days from…to. */
export function monthsOfPeriod(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.slice(0, 7).split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const current = `${year}-${String(month).padStart(2, '0')}`;
    if (current > last) return months;
    months.push(current);
    if (++month > 12) [year, month] = [year + 1, 1];
  }
}

const texts = (values: readonly string[]) =>
  sql`${`{${values.map((v) => JSON.stringify(v)).join(',')}}`}::text[]`;

/**
 * The day's status (TROOP_STATUSES) of a worker on the roll, from the day record `r` (null: no
 * record). A day HR corrected to a symbol counts by that symbol's class, as the general
 * timesheet's totals do (a symbol the legend does not know, a tenant's X, is work); otherwise by
 * the engine's outcome: a worked day with no punch is work elsewhere (a business-trip or
 * conference document), an incomplete or unscheduled day is presence. Given `trip` (the worker
 * and the day), a worker on an approved business trip that day is on a business trip whether
 * they punched somewhere or not yet (docs/presence-requests.md), unless the day is off.
 */
export function statusOf(symbols: SymbolSets, trip?: OnTrip): SQL {
  return sql`case
    when r.corrected_at is not null and coalesce(r.corrected_symbol, '') <> '' then case
      when r.corrected_symbol = any(${texts(symbols.unpaid)}) then 'UNPAID_LEAVE'
      when r.corrected_symbol = any(${texts(symbols.dayOff)}) then 'DAY_OFF'
      when r.corrected_symbol = any(${texts(symbols.paidLeave)}) then 'PAID_LEAVE'
      else 'PRESENT' end
    ${trip ? onTrip(trip) : sql``}
    when r.worker_id is null then 'NOT_CHECKED_IN'
    when r.outcome = 'WORKED' and r.punch_count = 0 then 'BUSINESS_TRIP'
    when r.outcome in ('WORKED', 'INCOMPLETE', 'UNSCHEDULED') then 'PRESENT'
    when r.outcome = 'LEAVE' then
      case when r.paid_leave_units = 0 and r.unpaid_leave_units > 0 then 'UNPAID_LEAVE' else 'PAID_LEAVE' end
    when r.outcome = 'ABSENT' then 'ABSENT'
    when r.outcome in ('HOLIDAY', 'REST') then 'DAY_OFF'
    else 'NOT_CHECKED_IN' end`;
}

/** Where the troop report reads a worker's day: the tenant, the worker's id, the day. */
export interface OnTrip {
  readonly tenantId: string;
  readonly worker: SQL;
  readonly day: SQL;
}
/** An approved business trip of the worker covers the day, and the day is not off. */
const onTrip = (trip: OnTrip) => sql`
    when coalesce(r.outcome, '') not in ('REST', 'HOLIDAY') and exists (
      select 1 from tm_business_trips t
       where t.tenant_id = ${trip.tenantId}::uuid and t.worker_id = ${trip.worker} and t.approval_status = 'APPROVED'
         and t.from_date <= ${trip.day} and t.to_date >= ${trip.day}) then 'BUSINESS_TRIP'`;

/**
 * Whether the day record `r` misses a punch: on today (or later) the checkout is still to come,
 * so only a missing check-in (flag 1) counts; on a past day either (1, 2).
 */
export const missingPunch = (today: string) =>
  sql`(r.flags & (case when r.work_date >= ${today}::date then 1 else 3 end)) <> 0`;
