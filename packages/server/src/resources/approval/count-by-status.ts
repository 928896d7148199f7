import { APPROVAL_STATUSES, type ApprovalStatusStatistic } from '@hcm/contracts/approvals';
import { and, count } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import type { ResourceScope } from '../caller.ts';
import { whereOf, type ListQuery } from '../search/list-query.ts';
import type { ResourceDefinition } from '../types.ts';
import { awaitingUser } from './approval-filter.ts';

/**
 * GET approval-status-statistic: how many of the records the list's other filters match are in
 * each status, in all, and awaiting the caller (the counts of the list's tabs). Two statements:
 * a GROUP BY over the status, and the caller's waiting steps.
 */
export async function countByApprovalStatus(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  query: ListQuery,
): Promise<ApprovalStatusStatistic> {
  const field = definition.approval?.statusField as string;
  const filters = Object.fromEntries(Object.entries(query.filters).filter(([name]) => name !== field));
  const where = whereOf(definition, scope, { ...query, filters });
  const status = definition.column(field);
  const rows = await tx
    .select({ status, total: count() })
    .from(definition.table)
    .where(where)
    .groupBy(status);
  const [mine] = await tx
    .select({ total: count() })
    .from(definition.table)
    .where(and(where, awaitingUser(definition, scope.userId)));
  const statistic = Object.fromEntries([
    ['ALL', 0],
    ['WAIT_MY_APPROVE', Number(mine?.total ?? 0)],
    ...APPROVAL_STATUSES.map((s) => [s, 0]),
  ]) as ApprovalStatusStatistic;
  for (const row of rows) {
    const key = String(row.status) as keyof ApprovalStatusStatistic;
    if (key in statistic) statistic[key] = Number(row.total);
    statistic.ALL += Number(row.total);
  }
  return statistic;
}
