import { type FieldError, FieldErrorKeys } from '@hcm/contracts';
import type { AssignmentType } from '@hcm/contracts/settings';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { roles, users } from '../../../db/schema.ts';
import { categoryTables } from '../../om/tables/categories.ts';
import { messageTemplates } from '../../../db/tables/message-templates.ts';
import {
  codedSource,
  namesOf,
  type Named,
  type NamedSource as Source,
} from '../../../resources/search/named-records.ts';

export { namesOf, searchNamed, type Named } from '../../../resources/search/named-records.ts';

/**
 * The records a step's assignee id refers to, by assignment type: a role, a job position, a job
 * title or a user, always of the caller's tenant (row-level security keeps it to the tenant
 * too; the explicit condition is the application's own check).
 */
export const AssigneeSources: Readonly<Record<AssignmentType, Source>> = {
  ROLE: codedSource(roles),
  JOB_POSITION: codedSource(categoryTables.job_position),
  JOB_TITLE: codedSource(categoryTables.job_title),
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
export const NotificationTemplateSource: Source = messageTemplateSource('NOTIFICATION');

/** The message templates of one channel (a workflow's reminders, a notification's email). */
export function messageTemplateSource(channel: 'EMAIL' | 'NOTIFICATION'): Source {
  return codedSource(messageTemplates, eq(messageTemplates.channel, channel));
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
