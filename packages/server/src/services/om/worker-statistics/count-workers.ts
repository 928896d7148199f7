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
function workerConditions(scope: StatisticsScope): SQL {
  const conditions: SQL[] = [];
  if (scope.reach) conditions.push(scope.reach);
  if (scope.organizationUnitId)
    conditions.push(sql`workers.organization_unit_id in ${unitBranch(scope.organizationUnitId)}`);
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
}

/** The grouped column and the name of each group, by dimension. */
function grouping(dimension: HeadCountDimension, today: string): { key: SQL; name: SQL; join: SQL } {
  const byCategory = (column: string, table: string) => ({
    key: sql.raw(`workers.${column}`),
    name: sql.raw(`g.name`),
    join: sql.raw(`left join ${table} g on g.id = workers.${column}`),
  });
  switch (dimension) {
    case 'organization':
      return byCategory('organization_unit_id', 'organization_units');
    case 'jobTitle':
      return byCategory('job_title_id', 'job_titles');
    case 'natureOfWork':
      return byCategory('nature_of_work_id', 'natures_of_work');
    case 'subjectOfLabor':
      return byCategory('subject_of_labor_id', 'subjects_of_labor');
    case 'responsibility':
      return byCategory('job_position_id', 'positions');
    case 'gender':
      return { key: sql`workers.gender`, name: sql`null`, join: sql`` };
    case 'contractType':
      // the type of each employee's main contract in force today (the latest effective when
      // several are): one pass over the contracts, joined by hash, not a look-up per employee
      return {
        key: sql`c.contract_type_id`,
        name: sql`g.name`,
        join: sql`left join (
            select distinct on (lc.worker_id) lc.worker_id, lc.contract_type_id from labor_contracts lc
            where lc.parent_contract_id is null
              and lc.effective_date <= ${today}::date
              and (lc.expiry_date is null or lc.expiry_date >= ${today}::date)
            order by lc.worker_id, lc.effective_date desc
          ) c on c.worker_id = workers.id
          left join contract_types g on g.id = c.contract_type_id`,
      };
  }
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
  const { key, name, join } = grouping(dimension, today);
  const result = (await tx.execute(sql`
    select ${key} as key, min(${name}) as name, count(*)::int as count
    from workers ${join}
    where workers.working_status = 'WORKING' and ${workerConditions(scope)}
    group by ${key}`)) as unknown as { rows: { key: string | null; name: string | null; count: number }[] };
  const genders = workerContract.fields.gender.valueLabels;
  const unset =
    dimension === 'contractType' ? WorkerStatisticsLabels.noContract : WorkerStatisticsLabels.notSet;
  return result.rows
    .map((row) => ({
      key: row.key,
      name:
        row.key === null
          ? unset[scope.language]
          : dimension === 'gender'
            ? (genders[row.key as keyof typeof genders]?.[scope.language] ?? row.key)
            : (row.name ?? ''),
      count: Number(row.count),
    }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'vi'));
}

/**
 * The twelve months of `year`: employees whose joining date falls in the month, and
 * resignations applied to the record whose effective date falls in it (a resignation not yet
 * approved has not happened).
 */
export async function countFluctuation(
  tx: Tx,
  year: number,
  scope: StatisticsScope,
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
