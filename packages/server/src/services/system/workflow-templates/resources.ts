import {
  FieldErrorKeys,
  isPermissionCode,
  Status,
  type FieldError,
  type PermissionCode,
} from '@hcm/contracts';
import { APPROVAL_PERMISSION_ACTIONS } from '@hcm/contracts/approvals';
import { workflowTemplateContract, WorkflowLimits, WorkflowTemplateTypes } from '@hcm/contracts/settings';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { messageTemplates } from '../../../db/tables/message-templates.ts';
import {
  workflowTemplates,
  workflowTemplateSteps,
  workflowTemplateTypes,
} from '../../../db/tables/workflow-templates.ts';
import { validationFailed } from '../../../http/errors.ts';
import { bindResource } from '../../../resources/index.ts';
import { fillAssignees, namesOf, NotificationTemplateSource } from './assignees.ts';
import { fillStepDurations } from './step-durations.ts';

type Row = Record<string, unknown>;

/**
 * Each approval kind and the permission that sends its records for approval
 * (`<resource>.request-approval`), for the kinds whose resource the catalogue calls approvable.
 */
export const REQUESTERS: Readonly<Record<string, PermissionCode>> = Object.fromEntries(
  Object.entries(WorkflowTemplateTypes).flatMap(([type, { permission }]) => {
    const code = `${permission}.${APPROVAL_PERMISSION_ACTIONS.REQUEST_APPROVAL}`;
    return isPermissionCode(code) ? [[type, code]] : [];
  }),
);

/** The kinds a caller may send for approval (`may` tells which permissions they hold). */
export const requestableKinds = (may: (code: PermissionCode) => boolean): string[] =>
  Object.entries(REQUESTERS)
    .filter(([, code]) => may(code))
    .map(([type]) => type);

/** The ACTIVE templates of the kinds the caller may send for approval. */
function templatesRequestableBy(may: (code: PermissionCode) => boolean): SQL {
  const kinds = requestableKinds(may);
  if (kinds.length === 0) return sql`false`;
  return and(
    eq(workflowTemplates.status, Status.active),
    inArray(
      workflowTemplates.id,
      sql`(select ${workflowTemplateTypes.templateId} from ${workflowTemplateTypes}
            where ${inArray(workflowTemplateTypes.templateType, kinds)})`,
    ),
  ) as SQL;
}
type Step = Parameters<typeof fillAssignees>[2][number];

const tooFewSteps = (): FieldError => ({
  field: 'steps',
  code: FieldErrorKeys.required,
  message: `a template has ${WorkflowLimits.minSteps} to ${WorkflowLimits.maxSteps} steps`,
});

/** The notification template, when newly chosen: a NOTIFICATION template of the tenant, ACTIVE. */
async function notificationTemplateErrors(
  tx: Tx,
  tenantId: string,
  changes: Row,
  before: Row | null,
): Promise<FieldError[]> {
  const id = changes.notificationTemplateId;
  if (typeof id !== 'string' || id === before?.notificationTemplateId) return [];
  const found = (await namesOf(tx, NotificationTemplateSource, tenantId, [id])).get(id);
  if (found?.status === Status.active) return [];
  return [
    {
      field: 'notificationTemplateId',
      code: FieldErrorKeys.invalidValue,
      message: found ? 'is not an active template' : 'is not a notification template of this tenant',
    },
  ];
}

/**
 * Workflow templates with their kinds (workflow_template_types) and steps
 * (workflow_template_steps, in the order given). Every write checks each step's assignee
 * against the records of its type in the tenant and copies the record's name into
 * assignmentName (whatever the body said). On create the lists are saved before the hooks see
 * them (the engine's order), so afterCreate checks them, fills the names and saves the steps
 * again, in the same transaction: a refusal writes nothing.
 */
export const workflowTemplateResource = bindResource(workflowTemplateContract, {
  table: workflowTemplates,
  // Who may send a document for approval reads the ACTIVE templates of its kind (only those) in
  // the assignment form's shape, without workflow_template.view (resources/pickers.ts).
  picker: {
    openers: [...new Set(Object.values(REQUESTERS))],
    rows: (_scope, may) => templatesRequestableBy(may),
    fields: ['code', 'name', 'workflowTemplateTypes', 'steps'],
    detail: true,
  },
  references: { notificationTemplateId: messageTemplates },
  enumSets: {
    workflowTemplateTypes: {
      table: workflowTemplateTypes,
      parent: workflowTemplateTypes.templateId,
      value: workflowTemplateTypes.templateType,
    },
  },
  children: {
    steps: {
      table: workflowTemplateSteps,
      parent: workflowTemplateSteps.templateId,
      order: workflowTemplateSteps.position,
    },
  },
  hooks: {
    async validate({ tx, caller }, changes, before) {
      const tenantId = caller.tenantId as string;
      const errors = await notificationTemplateErrors(tx, tenantId, changes, before);
      // on create the steps are not among the changes yet (see afterCreate)
      if (before && Array.isArray(changes.steps))
        errors.push(
          ...(changes.steps.length < WorkflowLimits.minSteps
            ? [tooFewSteps()]
            : [
                ...fillStepDurations(changes.steps as Step[]),
                ...(await fillAssignees(tx, tenantId, changes.steps as Step[])),
              ]),
        );
      if (errors.length > 0) throw validationFailed(errors);
    },
    async afterCreate({ tx, caller }, record) {
      const steps = (record.steps ?? []) as Step[];
      if (steps.length < WorkflowLimits.minSteps) throw validationFailed([tooFewSteps()]);
      const errors = [
        ...fillStepDurations(steps),
        ...(await fillAssignees(tx, caller.tenantId as string, steps)),
      ];
      if (errors.length > 0) throw validationFailed(errors);
      await workflowTemplateResource.lists.steps?.save(tx, String(record.id), steps);
    },
  },
});

export const workflowTemplateResources = [workflowTemplateResource];
