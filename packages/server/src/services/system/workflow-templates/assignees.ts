import { Status, type FieldError, FieldErrorKeys } from '@hcm/contracts';
import type { AssignmentType } from '@hcm/contracts/settings';
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/database.ts';
import { categoryTables, roles, users } from '../../../db/schema.ts';
import { messageTemplates } from '../../../db/tables/settings.ts';
import { likePattern } from '../../../resources/search/list-query.ts';

/** Where the records one kind of reference points at live, and how they are named. */
interface Source {
  readonly table: PgTable;
  readonly id: PgColumn;
  readonly tenantId: PgColumn;
  readonly status: PgColumn;
  /** the name shown and copied into the step (a user: "full name (username)") */
  readonly name: SQL<string>;
  /** what a keyword matches */
  readonly keyword: readonly PgColumn[];
  /** more conditions on the records offered and accepted */
  readonly only?: SQL;
}

const category = (table: (typeof categoryTables)['job_title']): Source => ({
  table,
  id: table.id,
  tenantId: table.tenantId,
  status: table.status,
  name: sql<string>`${table.name}`,
  keyword: [table.code, table.name],
});

/**
 * The records a step's assignee id refers to, by assignment type: a role, a job position, a job
 * title or a user, always of the caller's tenant (row-level security keeps it to the tenant
 * too; the explicit condition is the application's own check).
 */
export const AssigneeSources: Readonly<Record<AssignmentType, Source>> = {
  ROLE: {
    table: roles,
    id: roles.id,
    tenantId: roles.tenantId,
    status: roles.status,
    name: sql<string>`${roles.name}`,
    keyword: [roles.code, roles.name],
  },
  JOB_POSITION: category(categoryTables.job_position),
  JOB_TITLE: category(categoryTables.job_title),
  USER: {
    table: users,
    id: users.id,
    tenantId: users.tenantId,
    status: users.status,
    name: sql<string>`${users.fullName} || ' (' || ${users.username} || ')'`,
    keyword: [users.username, users.fullName],
  },
};

/** The message templates a template's reminders may use: channel NOTIFICATION. */
export const NotificationTemplateSource: Source = {
  table: messageTemplates,
  id: messageTemplates.id,
  tenantId: messageTemplates.tenantId,
  status: messageTemplates.status,
  name: sql<string>`${messageTemplates.name}`,
  keyword: [messageTemplates.code, messageTemplates.name],
  only: eq(messageTemplates.channel, 'NOTIFICATION'),
};

export interface Named {
  id: string;
  name: string;
  status: string;
}

/** The records of `ids` in the tenant (any status), by id. */
export async function namesOf(
  tx: Tx,
  source: Source,
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
  source: Source,
  tenantId: string,
  keyword: string,
  page: { pageIndex: number; pageSize: number },
): Promise<{ rows: Named[]; total: number }> {
  const where = and(
    eq(source.tenantId, tenantId),
    eq(source.status, Status.active),
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

interface Step {
  assignmentType: AssignmentType;
  assignmentId: string;
  assignmentName?: string | null;
}

/**
 * Checks each step's assignee against the records of its type in the tenant and copies the
 * record's name into the step (in place: the rows saved and answered are these objects). An id
 * that is not a record of its type in the tenant — another tenant's role, a user id given as a
 * job title — is refused at `steps[i].assignmentId`.
 */
export async function fillAssignees(tx: Tx, tenantId: string, steps: readonly Step[]): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const byType = new Map<AssignmentType, Map<string, Named>>();
  for (const type of new Set(steps.map((step) => step.assignmentType))) {
    const ids = steps.filter((step) => step.assignmentType === type).map((step) => step.assignmentId);
    byType.set(type, await namesOf(tx, AssigneeSources[type], tenantId, ids));
  }
  steps.forEach((step, row) => {
    const found = byType.get(step.assignmentType)?.get(step.assignmentId);
    if (found) step.assignmentName = found.name.slice(0, 200);
    else
      errors.push({
        field: `steps[${row}].assignmentId`,
        code: FieldErrorKeys.invalidValue,
        message: `is not a ${step.assignmentType.toLowerCase().replace('_', ' ')} of this tenant`,
      });
  });
  return errors;
}
