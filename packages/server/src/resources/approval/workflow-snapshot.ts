import { ErrorCodes, FieldErrorKeys, type FieldError } from '@hcm/contracts';
import type { WorkflowAssignmentBody } from '@hcm/contracts/approvals';
import { isSlaUnit, slaMilliseconds, type SlaUnit } from '@hcm/contracts/settings';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import {
  workflowTemplates,
  workflowTemplateSteps,
  workflowTemplateTypes,
} from '../../db/tables/workflow-templates.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { AssigneeRules } from './approval-deps.ts';

/** A template's step as the request keeps it, with the assignee chosen for it. */
export interface SnapshotStep {
  /** 1-based */
  position: number;
  name: string;
  assignmentType: string;
  assignmentId: string;
  assignmentName: string | null;
  assigneeUserId: string;
  /** milliseconds on the calendar (a working day as one day) */
  slaTime: number;
  /** the unit and amount of the SLA (step-deadline.ts counts working days by them) */
  slaUnit: SlaUnit;
  slaAmount: number;
}

export interface WorkflowSnapshot {
  templateId: string;
  templateName: string;
  loopTime: number | null;
  notificationDuration: number | null;
  notificationTemplateId: string | null;
  steps: SnapshotStep[];
}

/**
 * A template step's SLA: its unit and amount, and the calendar milliseconds read from them (what
 * a request snapshots, and the templates' schedule previews).
 */
export function stepSla(row: { slaUnit: string; slaAmount: number; slaTime: number | null }) {
  const slaUnit: SlaUnit = isSlaUnit(row.slaUnit) ? row.slaUnit : 'MINUTES';
  return { slaUnit, slaAmount: row.slaAmount, slaTime: slaMilliseconds(slaUnit, row.slaAmount) };
}

/**
 * The key the workflow assignment form names a step by (`{templateId}#{position}`, 1-based): a
 * template's steps are its ordered rows, identified by their place in the template.
 */
export const stepKey = (templateId: string, position: number) => `${templateId}#${position}`;

/**
 * Whether `userId` may be assigned to a step: an ACTIVE user of the tenant who holds it by the
 * rule of its assignment type (a role, a job position or title: `rules`, from the modules), or
 * is the user it names.
 */
function eligible(
  step: { assignmentType: string; assignmentId: string },
  userId: string,
  rules: AssigneeRules,
) {
  const rule = rules[step.assignmentType];
  const holds = rule ? rule(users.id, step.assignmentId) : sql`${users.id} = ${step.assignmentId}`;
  return and(eq(users.id, userId), eq(users.status, 'ACTIVE'), holds);
}

/**
 * The request's workflow: the chosen template (ACTIVE, of the tenant, approving `templateType`)
 * and its steps as they are now, each with the assignee the requester chose. The form's steps
 * must be the template's, in order (409 when the template changed since the form loaded it);
 * an assignee who may not take a step is refused at `steps[i].assigneeUserId` (400).
 */
export async function snapshotWorkflow(
  tx: Tx,
  templateType: string,
  assignment: WorkflowAssignmentBody,
  rules: AssigneeRules,
): Promise<WorkflowSnapshot> {
  const templateId = assignment.workflowTemplateId;
  const [template] = await tx
    .select()
    .from(workflowTemplates)
    .where(
      and(
        eq(workflowTemplates.id, templateId),
        eq(workflowTemplates.status, 'ACTIVE'),
        sql`exists (select 1 from ${workflowTemplateTypes} where ${workflowTemplateTypes.templateId} = ${workflowTemplates.id} and ${workflowTemplateTypes.templateType} = ${templateType})`,
      ),
    );
  if (!template)
    throw validationFailed([
      {
        field: 'workflowTemplateId',
        code: FieldErrorKeys.invalidValue,
        message: `is not an active workflow template for ${templateType}`,
      },
    ]);
  const rows = await tx
    .select()
    .from(workflowTemplateSteps)
    .where(eq(workflowTemplateSteps.templateId, templateId))
    .orderBy(asc(workflowTemplateSteps.position));
  const given = assignment.steps;
  const matches =
    rows.length === given.length &&
    rows.every((_, index) => given[index]?.workFlowStepTemplateId === stepKey(templateId, index + 1));
  if (!matches)
    throw new AppError(
      409,
      ErrorCodes.conflict,
      'The workflow template changed since the form was opened: choose it again',
    );

  const steps: SnapshotStep[] = rows.map((row, index) => ({
    position: index + 1,
    name: row.name,
    assignmentType: row.assignmentType,
    assignmentId: row.assignmentId,
    assignmentName: row.assignmentName,
    assigneeUserId: given[index]?.assigneeUserId as string,
    ...stepSla(row),
  }));
  const errors: FieldError[] = [];
  const found = new Set<number>();
  for (const step of steps) {
    const [ok] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eligible(step, step.assigneeUserId, rules))
      .limit(1);
    if (ok) found.add(step.position);
  }
  for (const step of steps)
    if (!found.has(step.position))
      errors.push({
        field: `steps[${step.position - 1}].assigneeUserId`,
        code: FieldErrorKeys.invalidValue,
        message: `may not take the step "${step.name}" (${step.assignmentType.toLowerCase()})`,
      });
  if (errors.length > 0) throw validationFailed(errors);
  return {
    templateId,
    templateName: template.name,
    loopTime: template.loopTime,
    notificationDuration: template.notificationDuration,
    notificationTemplateId: template.notificationTemplateId,
    steps,
  };
}

/**
 * The workflow of a batch of requests, checked and snapshotted once for all its records
 * (nothing of it is the record's): the first record that gets that far reads it, the others
 * reuse what it found, a refusal included (each record answered with it, as it would have been).
 */
export function sharedSnapshot(
  templateType: string,
  assignment: WorkflowAssignmentBody,
  rules: AssigneeRules,
): (tx: Tx) => Promise<WorkflowSnapshot> {
  let snapshot: Promise<WorkflowSnapshot> | undefined;
  return (tx) => (snapshot ??= snapshotWorkflow(tx, templateType, assignment, rules));
}

/** The names of users, for the timeline and the notices. */
export async function userNames(tx: Tx, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, fullName: users.fullName, username: users.username })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.fullName || row.username]));
}
