import { Paging } from '@hcm/contracts';
import { and, asc, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { actionLogs, systemActionLogs, users } from '../../../db/schema.ts';
import type { Scope } from '../../../db/tenant-scope.ts';
import { notFound } from '../../../http/errors.ts';
import { cappedTotal } from '../../../resources/search/capped-total.ts';
import type { ActionLogFilters } from './schemas.ts';

/**
 * The log of the caller's scope: a tenant's action_logs, or system_action_logs for system
 * users. Both have the same columns (the tenant's one more), so one query shape serves both;
 * the tenant condition is explicit on top of row-level security.
 */
function logOf(scope: Scope) {
  if (scope.tenantId === null) return { table: systemActionLogs, own: undefined };
  return {
    table: actionLogs as unknown as typeof systemActionLogs,
    own: eq(actionLogs.tenantId, scope.tenantId),
  };
}

const list = (value: string | string[] | undefined) =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value];

function selection(table: typeof systemActionLogs) {
  return {
    id: table.id,
    userId: table.userId,
    username: users.username,
    resource: table.resource,
    recordId: table.recordId,
    action: table.action,
    changes: table.changes,
    ip: table.ip,
    userAgent: table.userAgent,
    createdAt: table.createdAt,
  };
}

type LogRow = { createdAt: Date } & Record<string, unknown>;
const present = (row: LogRow) => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function searchActionLogs(tx: Tx, scope: Scope, filters: ActionLogFilters) {
  const { table, own } = logOf(scope);
  const resources = list(filters.resource);
  const actions = list(filters.action);
  const conditions: (SQL | undefined)[] = [
    own,
    resources ? inArray(table.resource, resources) : undefined,
    actions ? inArray(table.action, actions) : undefined,
    filters.userId ? eq(table.userId, filters.userId) : undefined,
    filters.recordId ? eq(table.recordId, filters.recordId) : undefined,
    filters.from ? gte(table.createdAt, new Date(filters.from)) : undefined,
    filters.to ? lt(table.createdAt, new Date(filters.to)) : undefined,
  ];
  const where = and(...conditions);
  const pageIndex = filters.pageIndex ?? Paging.defaultPageIndex;
  const pageSize = filters.pageSize ?? Paging.defaultPageSize;
  const direction = filters.sortBy === 'createdAt.asc' ? asc : desc;
  const rows = await tx
    .select(selection(table))
    .from(table)
    .leftJoin(users, eq(users.id, table.userId))
    .where(where)
    .orderBy(direction(table.createdAt), direction(table.id))
    .limit(pageSize)
    .offset((pageIndex - 1) * pageSize);
  const total = await cappedTotal(tx, table, where, { pageIndex, pageSize, rows: rows.length });
  return { data: rows.map(present), page: { pageIndex, pageSize, ...total } };
}

export async function getActionLog(tx: Tx, scope: Scope, id: string) {
  const { table, own } = logOf(scope);
  const [row] = await tx
    .select(selection(table))
    .from(table)
    .leftJoin(users, eq(users.id, table.userId))
    .where(and(own, eq(table.id, id)))
    .limit(1);
  if (!row) throw notFound(`No action log entry with id ${id}`);
  return present(row);
}
