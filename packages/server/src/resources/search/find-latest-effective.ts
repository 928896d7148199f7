import { Status } from '@hcm/contracts';
import { and, asc, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { inResourceScope, ownRows, resourceScopeOf } from '../caller.ts';
import { presentRecord } from '../present.ts';
import type { ResourceDefinition, ResourceRecord } from '../types.ts';

/** Which records are effective-dated, and what one value is kept per. */
export interface EffectiveDating {
  /** the date field from which a record is in force */
  readonly date: string;
  /** the fields one value is kept per (e.g. the region, the parameter code); none: one in all */
  readonly per: readonly string[];
  /** a further condition (e.g. one code only) */
  readonly where?: SQL;
}

/**
 * GET /find-latest-effective of an effective-dated resource (catalogues §7.1): for each value of
 * `per`, the ACTIVE record with the latest effective date on or before `on`, in the caller's
 * reach. Text keys compare case-insensitively, as the unique indexes do.
 */
export async function findLatestEffective(
  db: Db,
  definition: ResourceDefinition,
  request: FastifyRequest,
  dating: EffectiveDating,
  on: string,
): Promise<ResourceRecord[]> {
  const date = definition.column(dating.date);
  const keys = dating.per.map((name) => {
    const column = definition.column(name);
    return definition.fields[name]?.kind === 'text' || definition.fields[name]?.kind === 'code'
      ? sql`lower(${column})`
      : sql`${column}`;
  });
  const scope = resourceScopeOf(definition, request);
  const rows = await inResourceScope(db, definition, scope, (tx, reach) =>
    tx
      .selectDistinctOn(keys.length > 0 ? keys : [sql`1`])
      .from(definition.table)
      .where(
        and(
          ownRows(definition, reach),
          eq(definition.column('status'), Status.active),
          lte(date, on),
          dating.where,
        ),
      )
      .orderBy(...keys.map((key) => asc(key)), desc(date)),
  );
  return (rows as Record<string, unknown>[]).map((row) => presentRecord(definition, row));
}

/** The calendar day in Vietnam (UTC+7, no daylight saving), yyyy-MM-dd: "today" of a look-up. */
export function todayInVietnam(now = new Date()): string {
  return new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
}
