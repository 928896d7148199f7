import { Status } from '@hcm/contracts';
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/database.ts';
import { likePattern } from './list-query.ts';

/*
 * Records another record refers to by id and shows by name (a workflow step's assignee, a
 * notification's audience): found by ids for the names, and searched by keyword for a picker.
 */

/** Where the records one kind of reference points at live, and how they are named. */
export interface NamedSource {
  readonly table: PgTable;
  readonly id: PgColumn;
  readonly tenantId: PgColumn;
  /** ACTIVE for the records offered (an expression where the table says it otherwise) */
  readonly status: PgColumn | SQL<string>;
  /** the name shown and copied into the referring row (a user: "full name (username)") */
  readonly name: SQL<string>;
  /** what a keyword matches */
  readonly keyword: readonly PgColumn[];
  /** more conditions on the records offered and accepted */
  readonly only?: SQL;
}

/**
 * The source of a table of coded, named records with a status (a category, a role, a message
 * template…), by name, a keyword matching code or name; `only` narrows it.
 */
export function codedSource(
  table: PgTable & { id: PgColumn; tenantId: PgColumn; status: PgColumn; code: PgColumn; name: PgColumn },
  only?: SQL,
): NamedSource {
  return {
    table,
    id: table.id,
    tenantId: table.tenantId,
    status: table.status,
    name: sql<string>`${table.name}`,
    keyword: [table.code, table.name],
    ...(only ? { only } : {}),
  };
}

export interface Named {
  id: string;
  name: string;
  status: string;
}

/** The records of `ids` in the tenant (any status), by id. */
export async function namesOf(
  tx: Tx,
  source: NamedSource,
  tenantId: string,
  ids: readonly string[],
): Promise<Map<string, Named>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: source.id, name: source.name, status: source.status })
    .from(source.table)
    .where(and(eq(source.tenantId, tenantId), inArray(source.id, [...new Set(ids)]), source.only));
  return new Map(rows.map((row) => [String(row.id), row as Named]));
}

/** One page of ACTIVE records whose keyword columns contain `keyword`, by name. */
export async function searchNamed(
  tx: Tx,
  source: NamedSource,
  tenantId: string,
  keyword: string,
  page: { pageIndex: number; pageSize: number },
): Promise<{ rows: Named[]; total: number }> {
  const where = and(
    eq(source.tenantId, tenantId),
    sql`${source.status} = ${Status.active}`,
    source.only,
    keyword ? or(...source.keyword.map((column) => ilike(column, likePattern(keyword)))) : undefined,
  );
  const rows = (await tx
    .select({ id: source.id, name: source.name, status: source.status })
    .from(source.table)
    .where(where)
    .orderBy(asc(source.name), asc(source.id))
    .limit(page.pageSize)
    .offset((page.pageIndex - 1) * page.pageSize)) as Named[];
  if (page.pageIndex === 1 && rows.length < page.pageSize) return { rows, total: rows.length };
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(source.table)
    .where(where);
  return { rows, total: Number(counted?.n ?? 0) };
}
