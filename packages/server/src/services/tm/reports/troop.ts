import type {
  DailyWorkers,
  TroopCounts,
  TroopMark,
  TroopReport,
  TroopStatus,
  TroopWorker,
} from '@hcm/contracts/timekeeping-reports';
import { TROOP_COUNT_KEYS } from '@hcm/contracts/timekeeping-reports';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { dayIndex, daysOf, type Period } from './period.ts';
import {
  missingPunch,
  onRollOn,
  rowsOf,
  statusOf,
  type OnTrip,
  type ReportScope,
  type SymbolSets,
} from './report-scope.ts';

/** What a day's count reads of each worker on the roll: status `st`, minutes late, a punch missing. */
const dayOfWorker = (symbols: SymbolSets, today: string, trip?: OnTrip) => sql`
  ${statusOf(symbols, trip)} as st, coalesce(r.late_minutes, 0) as late,
  coalesce(r.corrected_at is null and ${missingPunch(today)}, false) as missing`;

/**
 * The rows of `x` counted by status (fewer aggregates a row than one filtered count per figure:
 * the status is grouped by, late and missing counted within it); `foldStatuses` makes figures of them.
 */
const BY_STATUS = sql.raw(`st, count(*)::int as n,
  count(*) filter (where st = 'PRESENT' and late > 0)::int as late,
  count(*) filter (where missing)::int as missing`);
type StatusRow = { key: string; st: TroopStatus; n: number; late: number; missing: number };
const FIGURE_OF: Readonly<Record<TroopStatus, keyof TroopCounts>> = {
  PRESENT: 'present',
  BUSINESS_TRIP: 'businessTrip',
  PAID_LEAVE: 'paidLeave',
  UNPAID_LEAVE: 'unpaidLeave',
  ABSENT: 'absent',
  DAY_OFF: 'dayOff',
  NOT_CHECKED_IN: 'notCheckedIn',
};

const zero = (): TroopCounts => ({
  onRoll: 0,
  present: 0,
  late: 0,
  missingPunch: 0,
  businessTrip: 0,
  paidLeave: 0,
  unpaidLeave: 0,
  absent: 0,
  dayOff: 0,
  notCheckedIn: 0,
});
/** The figures of each key (a unit, a day) from its rows by status; onRoll is every row. */
function foldStatuses(rows: readonly StatusRow[]): Map<string, TroopCounts> {
  const folded = new Map<string, TroopCounts>();
  for (const row of rows) {
    const counts = folded.get(row.key) ?? zero();
    const n = Number(row.n);
    counts.onRoll += n;
    counts[FIGURE_OF[row.st]] += n;
    counts.late += Number(row.late);
    counts.missingPunch += Number(row.missing);
    folded.set(row.key, counts);
  }
  return folded;
}
const add = (total: TroopCounts, row: TroopCounts) => {
  for (const key of TROOP_COUNT_KEYS) total[key] += row[key];
};

/** The workers on the roll on `date` with their day: one row each (`x`), for the two readings below. */
const rollOfDay = (scope: ReportScope, symbols: SymbolSets, date: string, today: string) => sql`
  with ${scope.workers}, x as (
    select ws.id, ws.code, ws.full_name, ws.unit_id,
           ${dayOfWorker(symbols, today, { tenantId: scope.tenantId, worker: sql`ws.id`, day: sql`${date}::date` })},
           case when r.corrected_at is not null and r.corrected_symbol is not null
                then nullif(r.corrected_symbol, '') else r.day_symbol end as symbol,
           to_char(r.first_in at time zone 'UTC' + interval '7 hours', 'HH24:MI') as first_in,
           coalesce(r.flags, 0) as flags
      from ws left join tm_day_records r
        on r.tenant_id = ${scope.tenantId}::uuid and r.work_date = ${date}::date and r.worker_id = ws.id
     where ${onRollOn(sql`${date}::date`)})`;

/**
 * The troop report of a day: per unit with workers on the roll, how many are present, late,
 * missing a punch, away on a business trip, on paid or unpaid leave, absent, off, not yet seen.
 * One statement: the workers of the scope on the roll joined to that day's records (one index
 * probe each, in the day's one partition), grouped by unit.
 */
export async function troopReport(
  tx: Tx,
  scope: ReportScope,
  symbols: SymbolSets,
  query: { date: string; today: string; organizationUnitId: string | null },
): Promise<TroopReport> {
  const rows = await rowsOf<StatusRow & { code: string; name: string }>(
    tx,
    sql`${rollOfDay(scope, symbols, query.date, query.today)},
        g as (select unit_id as key, ${BY_STATUS} from x group by unit_id, st)
        select g.*, u.code, u.name from g join organization_units u on u.id = g.key
         order by u.code, u.name, u.id`,
  );
  const total = zero();
  const names = new Map(rows.map((row) => [row.key, row]));
  const units = [...foldStatuses(rows)].map(([unitId, counts]) => {
    add(total, counts);
    return {
      organizationUnitId: unitId,
      code: names.get(unitId)?.code ?? '',
      name: names.get(unitId)?.name ?? '',
      ...counts,
    };
  });
  return { date: query.date, today: query.today, organizationUnitId: query.organizationUnitId, units, total };
}

/** The condition on `x` of one figure's names: a status, a mark, or (null) everyone on the roll. */
function figure(filter: TroopStatus | TroopMark | null): SQL {
  if (filter === null) return sql`true`;
  if (filter === 'LATE') return sql`x.st = 'PRESENT' and x.late > 0`;
  if (filter === 'MISSING_PUNCH') return sql`x.missing`;
  return sql`x.st = ${filter}`;
}

/** The names behind one figure of the troop report, by code, a page at a time. */
export async function troopWorkers(
  tx: Tx,
  scope: ReportScope,
  symbols: SymbolSets,
  query: {
    date: string;
    today: string;
    filter: TroopStatus | TroopMark | null;
    pageIndex: number;
    pageSize: number;
  },
): Promise<{ rows: TroopWorker[]; total: number }> {
  const rows = await rowsOf<TroopWorker & { total: number }>(
    tx,
    sql`${rollOfDay(scope, symbols, query.date, query.today)}
        select x.id as "workerId", x.code, x.full_name as "fullName", u.name as "unitName", x.st as status,
               x.symbol, x.first_in as "firstIn", x.late as "lateMinutes", x.flags,
               count(*) over ()::int as total
          from x join organization_units u on u.id = x.unit_id
         where ${figure(query.filter)}
         order by x.code, x.id
         limit ${query.pageSize} offset ${(query.pageIndex - 1) * query.pageSize}`,
  );
  return {
    rows: rows.map(({ total: _total, ...row }) => ({
      ...row,
      lateMinutes: Number(row.lateMinutes),
      flags: Number(row.flags),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/**
 * The troop report's figures for every day of a period (the daily worker number). Two
 * statements whatever the period: the day records of the period of the workers on the roll that
 * day, grouped by day; and the roll itself as intervals (joined … left), grouped, which the days
 * are counted from here (a running sum, not workers × days). A day's "not checked in" is its roll
 * less the days recorded.
 */
export async function dailyWorkers(
  tx: Tx,
  scope: ReportScope,
  symbols: SymbolSets,
  query: Period & { today: string },
): Promise<DailyWorkers> {
  const recorded = await rowsOf<StatusRow>(
    tx,
    sql`with ${scope.workers}, x as (
          select r.work_date,
                 ${dayOfWorker(symbols, query.today, { tenantId: scope.tenantId, worker: sql`r.worker_id`, day: sql`r.work_date` })}
            from ws join tm_day_records r
              on r.tenant_id = ${scope.tenantId}::uuid and r.worker_id = ws.id
             and r.work_date between ${query.from}::date and ${query.to}::date
           where ${onRollOn(sql`r.work_date`)})
        select to_char(work_date, 'YYYY-MM-DD') as key, ${BY_STATUS} from x group by work_date, st`,
  );
  const roll = await rowsOf<{ joined: string; left: string | null; n: number }>(
    tx,
    sql`with ${scope.workers}
        select to_char(greatest(coalesce(joined_date, ${query.from}::date), ${query.from}::date), 'YYYY-MM-DD') as joined,
               to_char(left_on, 'YYYY-MM-DD') as left,
               count(*)::int as n
          from ws
         where (joined_date is null or joined_date <= ${query.to}::date)
           and (left_on is null or left_on > ${query.from}::date)
           and (working or left_on is not null)
         group by 1, 2`,
  );
  const days = daysOf(query);
  const change = new Array<number>(days.length + 1).fill(0);
  for (const interval of roll) {
    const start = dayIndex(query, interval.joined);
    const end = interval.left === null ? days.length : Math.min(dayIndex(query, interval.left), days.length);
    if (start >= end) continue;
    change[start] = (change[start] ?? 0) + Number(interval.n);
    change[end] = (change[end] ?? 0) - Number(interval.n);
  }
  const byDay = foldStatuses(recorded);
  let onRoll = 0;
  return {
    from: query.from,
    to: query.to,
    today: query.today,
    days: days.map((date, index) => {
      onRoll += change[index] ?? 0;
      const counts = byDay.get(date) ?? zero();
      const seen =
        counts.present +
        counts.businessTrip +
        counts.paidLeave +
        counts.unpaidLeave +
        counts.absent +
        counts.dayOff;
      return { date, ...counts, onRoll, notCheckedIn: Math.max(0, onRoll - seen) };
    }),
  };
}
