import { Paging } from '@hcm/contracts';
import { and, asc, between, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { cappedTotal } from '../../../resources/search/capped-total.ts';
import { outboundLogs } from '../../../db/tables/outbound-logs.ts';
import type { Scope } from '../../../db/tenant-scope.ts';
import { notFound } from '../../../http/errors.ts';
import type { OutboundLogFilters, OutboundStatusClass } from './schemas.ts';

const list = <T extends string>(value: T | T[] | undefined): T[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value];

/** A system user reads every call; a tenant user its own tenant's (and RLS says the same). */
const ownCalls = (scope: Scope) =>
  scope.tenantId === null ? undefined : eq(outboundLogs.tenantId, scope.tenantId);

const statusIn = (statusClass: OutboundStatusClass): SQL | undefined => {
  if (statusClass === 'failed') return isNull(outboundLogs.status);
  const hundreds = Number(statusClass[0]) * 100;
  return between(outboundLogs.status, hundreds, hundreds + 99);
};

/** `%` and `_` of the keyword are themselves, not wildcards. */
const containing = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Row = typeof outboundLogs.$inferSelect;
const present = (row: Row) => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function searchOutboundLogs(tx: Tx, scope: Scope, filters: OutboundLogFilters) {
  const targets = list(filters.target);
  const classes = list(filters.statusClass);
  const keyword = filters.keyword?.trim();
  const where = and(
    ownCalls(scope),
    targets ? inArray(outboundLogs.target, targets) : undefined,
    classes ? or(...classes.map(statusIn)) : undefined,
    keyword ? ilike(outboundLogs.url, containing(keyword)) : undefined,
    filters.from ? gte(outboundLogs.createdAt, new Date(filters.from)) : undefined,
    filters.to ? lt(outboundLogs.createdAt, new Date(filters.to)) : undefined,
  );
  const pageIndex = filters.pageIndex ?? Paging.defaultPageIndex;
  const pageSize = filters.pageSize ?? Paging.defaultPageSize;
  const direction = filters.sortBy === 'createdAt.asc' ? asc : desc;
  const rows = await tx
    .select()
    .from(outboundLogs)
    .where(where)
    .orderBy(direction(outboundLogs.createdAt), direction(outboundLogs.id))
    .limit(pageSize)
    .offset((pageIndex - 1) * pageSize);
  const total = await cappedTotal(tx, outboundLogs, where, { pageIndex, pageSize, rows: rows.length });
  return { data: rows.map(present), page: { pageIndex, pageSize, ...total } };
}

export async function getOutboundLog(tx: Tx, scope: Scope, id: string) {
  const [row] = await tx
    .select()
    .from(outboundLogs)
    .where(and(ownCalls(scope), eq(outboundLogs.id, id)))
    .limit(1);
  if (!row) throw notFound(`No outbound log entry with id ${id}`);
  return present(row);
}
