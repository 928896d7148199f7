import { APPROVAL_STATUSES } from '@hcm/contracts/approvals';
import { WorkflowTemplateTypes } from '@hcm/contracts/settings';
import type { ApprovalSpec, ResourceDeclaration } from '../types.ts';

/**
 * A declaration's approval, checked when the module loads: the permission catalogue must call
 * the resource approvable (its matrix then has the approval actions), a workflow template type
 * must approve its records, and the status field must be an enum of the approval statuses that
 * no create or update may write (only the engine moves it).
 */
export function approvalSpecOf(
  declaration: ResourceDeclaration,
  approvable: boolean,
  fail: (problem: string) => never,
): ApprovalSpec {
  const binding = declaration.approval ?? {};
  if (!approvable) fail(`the permission catalogue does not call ${declaration.permission} approvable`);
  const templateType = Object.entries(WorkflowTemplateTypes).find(
    ([, type]) => type.permission === declaration.permission,
  )?.[0];
  if (!templateType) fail(`no workflow template type approves ${declaration.permission}`);
  const statusField = binding.statusField ?? 'approvalStatus';
  const field = declaration.fields[statusField];
  if (field?.kind !== 'enum' || APPROVAL_STATUSES.some((status) => !field.values?.includes(status)))
    fail(`the approval status field ${statusField} is not an enum of the approval statuses`);
  if (declaration.create.includes(statusField) || declaration.update.includes(statusField))
    fail(`the approval status ${statusField} is the engine's: no create or update may write it`);
  return {
    statusField,
    templateType: templateType as string,
    ...(binding.onApproved ? { onApproved: binding.onApproved } : {}),
    ...(binding.beforeAction ? { beforeAction: binding.beforeAction } : {}),
  };
}

/** The name a record's approval rows carry: its resource under its service ('om/displacements'). */
export const recordTypeOf = (declaration: Pick<ResourceDeclaration, 'service' | 'path'>): string =>
  `${declaration.service}/${declaration.path}`;
