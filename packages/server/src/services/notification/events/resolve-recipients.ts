import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { users } from '../../../db/schema.ts';
import { organizationUnits } from '../../om/tables/organization-units.ts';
import { workers } from '../../om/tables/workers.ts';
import type { AudienceRow } from './audience-sources.ts';

export interface Recipient {
  userId: string;
  fullName: string;
  /** null: the person has no address, so gets the notification in the portal only */
  email: string | null;
  language: 'vi' | 'en';
}

/** The ids of the given units and of every unit below them, as a sub-query. */
function branchesOf(unitIds: readonly string[]): SQL {
  const ids = sql.join(
    unitIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`(
    with recursive branch(id) as (
      select id from ${organizationUnits} where id in (${ids})
      union
      select u.id from ${organizationUnits} u join branch b on u.parent_id = b.id
    ) select id from branch)`;
}

const idsOf = (rows: readonly AudienceRow[], type: string) =>
  rows
    .filter((row) => row.assignmentType === type && row.assignmentId)
    .map((row) => row.assignmentId as string);

/**
 * The people an audience reaches now: the employees WORKING in it who have an ACTIVE account,
 * each once however many rows name them. A unit or working group takes in the units below it.
 * Runs in the caller's transaction (row-level security keeps it to the tenant).
 */
export async function resolveRecipients(tx: Tx, rows: readonly AudienceRow[]): Promise<Recipient[]> {
  if (rows.length === 0) return [];
  const everyone = rows.some((row) => row.assignmentType === 'ALL_PERSONNEL');
  const units = [...idsOf(rows, 'ORGANIZATION_UNIT'), ...idsOf(rows, 'GROUP')];
  const titles = idsOf(rows, 'JOB_TITLE');
  const positions = idsOf(rows, 'JOB_POSITION');
  const people = idsOf(rows, 'INDIVIDUAL');
  const reached = everyone
    ? undefined
    : or(
        units.length > 0 ? sql`${workers.organizationUnitId} in ${branchesOf(units)}` : undefined,
        titles.length > 0 ? inArray(workers.jobTitleId, titles) : undefined,
        positions.length > 0 ? inArray(workers.jobPositionId, positions) : undefined,
        people.length > 0 ? inArray(workers.id, people) : undefined,
      );
  if (!everyone && reached === undefined) return [];
  const found = await tx
    .selectDistinctOn([users.id], {
      userId: users.id,
      fullName: users.fullName,
      email: sql<string | null>`coalesce(nullif(${users.email}, ''), nullif(${workers.email}, ''))`,
      language: users.language,
    })
    .from(workers)
    .innerJoin(users, and(eq(users.id, workers.userId), eq(users.tenantId, workers.tenantId)))
    .where(and(eq(workers.workingStatus, 'WORKING'), eq(users.status, 'ACTIVE'), reached))
    .orderBy(users.id);
  return found.map((row) => ({ ...row, language: row.language === 'en' ? 'en' : 'vi' }));
}
