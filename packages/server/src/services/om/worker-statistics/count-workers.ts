import {
  HeadCountLabels,
  WorkerStatisticsLabels,
  type FluctuationRow,
  type HeadCountDimension,
  type HeadCountRow,
} from '@hcm/contracts/worker-statistics';
import { workerContract } from '@hcm/contracts/workers';
import { sql, type SQL } from 'drizzle-orm';
import { unitBranch } from '../organization-units/unit-tree.ts';
import type { Tx } from '../../../db/database.ts';
import type { Language } from '../../../resources/types.ts';

/** What narrows the count: the caller's reach over workers, and a unit with those below it. */
export interface StatisticsScope {
  /** the worker resource's data-scope condition for the caller (undefined: the whole tenant) */
  readonly reach: SQL | undefined;
  readonly organizationUnitId?: string;
  readonly language: Language;
}

/** The workers the scope counts (at work or not), as a condition on `workers`. */
function workerConditions(scope: Omit<StatisticsScope, 'language'>): SQL {
  const conditions: SQL[] = [];
  if (scope.reach) conditions.push(scope.reach);
  if (scope.organizationUnitId)
    conditions.push(sql`workers.organization_unit_id in ${unitBranch(scope.organizationUnitId)}`);
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
}

/** The grouped column of each dimension, and the table naming its groups (none: gender). */
const GROUPED: Readonly<Record<HeadCountDimension, { column: string; names?: string }>> = {
  organization: { column: 'workers.organization_unit_id', names: 'organization_units' },
  contractType: { column: 'c.contract_type_id', names: 'contract_types' },
  jobTitle: { column: 'workers.job_title_id', names: 'job_titles' },
  natureOfWork: { column: 'workers.nature_of_work_id', names: 'natures_of_work' },
  subjectOfLabor: { column: 'workers.subject_of_labor_id', names: 'subjects_of_labor' },
  responsibility: { column: 'workers.job_position_id', names: 'positions' },
  gender: { column: 'workers.gender' },
};

/**
 * The type of each employee's main contract in force today (the latest effective when several
 * are), as `c`: the first row per employee of an index-only scan of labor_contracts_main_idx in
 * employee order (migration 0054), merged with the employees in id order; no sort, no hash.
 */
const contractInForce = (today: string) => sql`left join (
    select distinct on (lc.worker_id) lc.worker_id, lc.contract_type_id from labor_contracts lc
    where lc.parent_contract_id is null
      and lc.effective_date <= ${today}::date
      and (lc.expiry_date is null or lc.expiry_date >= ${today}::date)
    order by lc.worker_id, lc.effective_date desc
  ) c on c.worker_id = workers.id`;

/** A head count as counted, before its labels: `name` null for gender and for "not set". */
export type CountedRow = { key: string | null; name: string | null; count: number };
export type CountedHeads = Partial<Record<HeadCountDimension, CountedRow[]>>;

/**
 * The employees at work (WORKING) counted by each of `dimensions`, in one statement: one pass
 * over the employees (an index-only scan of workers_at_work_idx, migration 0054) grouped by
 * GROUPING SETS, each group's name joined afterwards to the few groups rather than to every
 * employee. The contracts are read only when the contract type is asked for. Unlabelled:
 * `labelHeads` names the unset groups and the genders in a language, so one count serves both.
 */
export async function countHeadsBy(
  tx: Tx,
  dimensions: readonly HeadCountDimension[],
  scope: Omit<StatisticsScope, 'language'>,
  today: string,
): Promise<CountedHeads> {
  if (dimensions.length === 0) return {};
  const grouped = dimensions.map((dimension) => sql.raw(GROUPED[dimension].column));
  const columns = sql.join(
    grouped.map((column, index) => sql`${column} as ${sql.raw(`d${index}`)}`),
    sql`, `,
  );
  const names = dimensions.flatMap((dimension, index) => {
    const table = GROUPED[dimension].names;
    return table
      ? [{ join: sql.raw(`left join ${table} n${index} on n${index}.id = heads.d${index}`), index }]
      : [];
  });
  // The planner prices an index page read as a random read from disk (random_page_cost 4, the
  // server's default) and then hashes and sorts 100,000 rows rather than walk the two covering
  // indexes in order: 350-670 ms against 130-185 ms at 100,000 employees (docs/performance.md).
  // Those indexes are small and read often, so cached: for this statement only, the usual
  // figure for such reads (1.1), never above the server's own.
  const [planner] = (
    (await tx.execute(sql`
      select current_setting('random_page_cost') as was,
             set_config('random_page_cost', least(current_setting('random_page_cost')::float8, 1.1)::text, true)`)) as unknown as {
      rows: { was: string }[];
    }
  ).rows;
  const result = (await tx.execute(sql`
    with heads as (
      select grouping(${sql.join(grouped, sql`, `)}) as unset, ${columns}, count(*)::int as n
      from workers ${dimensions.includes('contractType') ? contractInForce(today) : sql``}
      where workers.working_status = 'WORKING' and ${workerConditions(scope)}
      group by grouping sets (${sql.join(
        grouped.map((column) => sql`(${column})`),
        sql`, `,
      )})
    )
    select heads.*, ${
      names.length > 0
        ? sql`coalesce(${sql.join(
            names.map((n) => sql.raw(`n${n.index}.name`)),
            sql`, `,
          )})`
        : sql`null`
    } as name
    from heads ${sql.join(
      names.map((n) => n.join),
      sql` `,
    )}`)) as unknown as { rows: Record<string, unknown>[] };
  if (planner) await tx.execute(sql`select set_config('random_page_cost', ${planner.was}, true)`);
  const counted: CountedHeads = Object.fromEntries(dimensions.map((dimension) => [dimension, []]));
  const last = dimensions.length - 1;
  for (const row of result.rows) {
    // grouping(): a bit per column, the first column's the highest, set when not grouped by it
    const unset = Number(row.unset);
    const index = dimensions.findIndex((_, i) => (unset & (1 << (last - i))) === 0);
    const dimension = dimensions[index];
    if (dimension === undefined) continue;
    const key = row[`d${index}`];
    counted[dimension]?.push({
      key: key === null || key === undefined ? null : String(key),
      name: key === null || typeof row.name !== 'string' ? null : row.name,
      count: Number(row.n),
    });
  }
  return counted;
}

/**
 * A dimension's counted rows as the cards show them, most first, then by name: the genders and
 * "Chưa xác định" (no contract in force, for contract types) in `language`.
 */
export function labelHeads(
  dimension: HeadCountDimension,
  rows: readonly CountedRow[],
  language: Language,
): HeadCountRow[] {
  const genders = workerContract.fields.gender.valueLabels;
  const unset =
    dimension === 'contractType' ? WorkerStatisticsLabels.noContract : WorkerStatisticsLabels.notSet;
  const collator = new Intl.Collator('vi');
  return rows
    .map((row) => ({
      key: row.key,
      name:
        row.key === null
          ? unset[language]
          : dimension === 'gender'
            ? (genders[row.key as keyof typeof genders]?.[language] ?? row.key)
            : (row.name ?? ''),
      count: row.count,
    }))
    .sort((a, b) => b.count - a.count || collator.compare(a.name, b.name));
}

/**
 * The employees at work (WORKING) counted by one dimension, most first, then by name; employees
 * with no value are one row named "Chưa xác định" (no contract in force, for contract types).
 */
export async function countHeads(
  tx: Tx,
  dimension: HeadCountDimension,
  scope: StatisticsScope,
  today: string,
): Promise<HeadCountRow[]> {
  const counted = await countHeadsBy(tx, [dimension], scope, today);
  return labelHeads(dimension, counted[dimension] ?? [], scope.language);
}

/**
 * The twelve months of `year`: employees whose joining date falls in the month, and
 * resignations applied to the record whose effective date falls in it (a resignation not yet
 * approved has not happened).
 */
export async function countFluctuation(
  tx: Tx,
  year: number,
  scope: Omit<StatisticsScope, 'language'>,
): Promise<FluctuationRow[]> {
  const from = `${year}-01-01`;
  const to = `${year + 1}-01-01`;
  const where = workerConditions(scope);
  type Counted = { rows: { month: number; n: number }[] };
  // one grouped pass over each table (indexed by the date), not one per month
  const joined = (await tx.execute(sql`
    select extract(month from workers.joined_date)::int as month, count(*)::int as n from workers
    where ${where} and workers.joined_date >= ${from}::date and workers.joined_date < ${to}::date
    group by 1`)) as unknown as Counted;
  const left = (await tx.execute(sql`
    select extract(month from r.effective_date)::int as month, count(*)::int as n
    from resignations r join workers on workers.id = r.worker_id
    where ${where} and r.applied_at is not null
      and r.effective_date >= ${from}::date and r.effective_date < ${to}::date
    group by 1`)) as unknown as Counted;
  const byMonth = (counted: Counted) =>
    new Map(counted.rows.map((row) => [Number(row.month), Number(row.n)]));
  const joiners = byMonth(joined);
  const leavers = byMonth(left);
  return Array.from({ length: 12 }, (_, index) => ({
    month: index + 1,
    joined: joiners.get(index + 1) ?? 0,
    left: leavers.get(index + 1) ?? 0,
  }));
}

export const dimensionTitle = (dimension: HeadCountDimension, language: Language) =>
  HeadCountLabels[dimension][language];
