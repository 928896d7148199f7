import type { WorkforceStatistics } from '@hcm/contracts/dashboard';
import {
  HEAD_COUNT_DIMENSIONS,
  WorkerStatisticsLabels,
  topRows,
  type HeadCountRow,
} from '@hcm/contracts/worker-statistics';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import type { Language } from '../../../resources/types.ts';
import { countFluctuation, countHeadsBy, labelHeads } from './count-workers.ts';

export interface StatisticsRequest {
  /** the caller's reach over workers as a condition (undefined: the whole tenant), resolved when counting */
  readonly reached: () => Promise<SQL | undefined>;
  readonly language: Language;
  /** today in Vietnam (yyyy-MM-dd): what is in force */
  readonly today: string;
  /** the year of the months' joiners and leavers */
  readonly year: number;
  /** a unit, to count it and the units below it (null: the whole reach) */
  readonly organizationUnitId: string | null;
}

/**
 * Where a figure is kept between requests: `key` names it within the caller's tenant and reach
 * (the keeper adds those), `compute` counts it in the caller's transaction.
 */
export type Keeper = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

/** No keeping: every figure counted. */
export const countEveryTime: Keeper = (_key, compute) => compute();

const scopeOf = async (request: Pick<StatisticsRequest, 'reached' | 'organizationUnitId'>) => ({
  reach: await request.reached(),
  ...(request.organizationUnitId === null ? {} : { organizationUnitId: request.organizationUnitId }),
});

/**
 * Every head count of a reach (one statement: countHeadsBy), kept by day and unit: counted once
 * for both languages, and kept labelled and sorted in each (sorting a thousand names by the
 * Vietnamese collation on every answer cost more than the rest of a kept answer).
 */
export function headCountsOf(
  tx: Tx,
  request: Omit<StatisticsRequest, 'year'>,
  keep: Keeper,
): Promise<WorkforceStatistics['headCounts']> {
  const key = `heads|${request.today}|${request.organizationUnitId ?? '*'}`;
  return keep(`${key}|${request.language}`, async () => {
    const heads = await keep(key, async () =>
      countHeadsBy(tx, HEAD_COUNT_DIMENSIONS, await scopeOf(request), request.today),
    );
    return Object.fromEntries(
      HEAD_COUNT_DIMENSIONS.map((dimension) => [
        dimension,
        labelHeads(dimension, heads[dimension] ?? [], request.language),
      ]),
    ) as Record<(typeof HEAD_COUNT_DIMENSIONS)[number], HeadCountRow[]>;
  });
}

/** The joiners and leavers of each month of the year, kept by year and unit. */
export function fluctuationOf(
  tx: Tx,
  request: Omit<StatisticsRequest, 'today' | 'language'>,
  keep: Keeper,
): Promise<WorkforceStatistics['fluctuation']> {
  return keep(`months|${request.year}|${request.organizationUnitId ?? '*'}`, async () =>
    countFluctuation(tx, request.year, await scopeOf(request)),
  );
}

/** Every figure of a reach, every row of each dimension: the workbook's. */
export async function allStatistics(
  tx: Tx,
  request: StatisticsRequest,
  keep: Keeper,
): Promise<Omit<WorkforceStatistics, 'headCount'>> {
  return {
    year: request.year,
    organizationUnitId: request.organizationUnitId,
    headCounts: await headCountsOf(tx, request, keep),
    fluctuation: await fluctuationOf(tx, request, keep),
  };
}

/**
 * The workforce statistics of a reach (docs/employees.md "Worker statistics"): the kept figures
 * as the dashboard shows them, each dimension trimmed to its card's bars (topRows: the first
 * HEAD_COUNT_BARS - 1 and the rest summed, named in the caller's language), with the number of
 * employees they count. Trimmed after the keeping: the per-dimension route and the workbook read
 * the same kept rows whole.
 */
export async function workforceStatistics(
  tx: Tx,
  request: StatisticsRequest,
  keep: Keeper,
): Promise<WorkforceStatistics> {
  const all = await allStatistics(tx, request, keep);
  const others = WorkerStatisticsLabels.others[request.language];
  return {
    ...all,
    // every employee at work has one row of the unit card (those without a unit: the unset one)
    headCount: all.headCounts.organization.reduce((sum, row) => sum + row.count, 0),
    headCounts: Object.fromEntries(
      HEAD_COUNT_DIMENSIONS.map((dimension) => [
        dimension,
        topRows(all.headCounts[dimension], undefined, others),
      ]),
    ) as WorkforceStatistics['headCounts'],
  };
}
