import { Paging } from '@hcm/contracts';
import {
  AssignmentType,
  WORKFLOW_TEMPLATE_SEARCH_AUTO_COMPLETE,
  workflowTemplateContract,
  workflowTemplateSchedulePath,
} from '@hcm/contracts/settings';
import { UsersRolesPaths } from '@hcm/contracts/users-roles';
import { WorkerAutoCompleteParams, workerContract } from '@hcm/contracts/workers';
import type { PickOption, TemplateStep } from './assignment-model.ts';

/** The dropdowns' page size: the API's default page. */
export const OPTION_PAGE_SIZE = Paging.defaultPageSize;

/** A user as GET /api/iam/users/auto-complete-by-role answers one. */
export interface UserRow {
  id: string;
  username: string;
  fullName: string;
}

/** A worker as GET /api/om/workers/auto-complete answers one: its account is the assignee. */
export interface WorkerRow {
  id: string;
  code?: string | null;
  fullName: string;
  userId?: string | null;
}

/**
 * Where a step's assignees come from (core §4), by its assignment type: the users holding the
 * role; the employees of the job position or title, as their user accounts; or the one user
 * the template names, fixed.
 */
export type AssigneeSource =
  | { kind: 'fixed'; option: PickOption }
  | { kind: 'users'; url: (keyword: string, pageIndex: number) => string }
  | { kind: 'workers'; url: (keyword: string, pageIndex: number) => string };

const query = (params: Record<string, string | number | readonly string[]>): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') {
      if (value !== '') search.append(name, String(value));
    } else value.forEach((entry) => search.append(name, entry));
  }
  return search.toString();
};

const workersOf = (param: string, id: string) => (keyword: string, pageIndex: number) =>
  `${workerContract.apiPath}/auto-complete?${query({ keyword, [param]: id, pageIndex, pageSize: OPTION_PAGE_SIZE })}`;

export function assigneeSourceOf(
  step: Pick<TemplateStep, 'assignmentType' | 'assignmentId' | 'assignmentName'>,
): AssigneeSource {
  switch (step.assignmentType) {
    case AssignmentType.role:
      return {
        kind: 'users',
        url: (keyword, pageIndex) =>
          `${UsersRolesPaths.users.autoCompleteByRole}?${query({
            keyword,
            roleIds: step.assignmentId,
            sortBy: 'fullName.asc',
            pageIndex,
            pageSize: OPTION_PAGE_SIZE,
          })}`,
      };
    case AssignmentType.jobPosition:
      return { kind: 'workers', url: workersOf(WorkerAutoCompleteParams.jobPositionIds, step.assignmentId) };
    case AssignmentType.jobTitle:
      return { kind: 'workers', url: workersOf(WorkerAutoCompleteParams.jobTitleIds, step.assignmentId) };
    case AssignmentType.user:
      return { kind: 'fixed', option: { id: step.assignmentId, name: step.assignmentName ?? '' } };
  }
}

/** A user as a choice. */
export const userOption = (user: UserRow): PickOption => ({
  id: user.id,
  name: user.fullName || user.username,
});

/** A worker as a choice: its user account, with the worker's name; none without an account. */
export const workerOption = (worker: WorkerRow): PickOption | null =>
  worker.userId
    ? { id: worker.userId, name: worker.code ? `${worker.fullName} (${worker.code})` : worker.fullName }
    : null;

/** GET search-auto-complete of the templates (catalogues §7.4): keyword, by name, the page, the kinds. */
export const templateSearchUrl = (keyword: string, pageIndex: number, types: readonly string[]): string =>
  `${WORKFLOW_TEMPLATE_SEARCH_AUTO_COMPLETE}?${query({
    keyword,
    sortBy: 'name.asc',
    pageIndex,
    pageSize: OPTION_PAGE_SIZE,
    workflowTemplateTypes: types,
  })}`;

/** GET {workflow-templates}/{id}: the template with its steps. */
export const templateDetailUrl = (id: string): string =>
  `${workflowTemplateContract.apiPath}/${encodeURIComponent(id)}`;

/** GET {workflow-templates}/{id}/schedule: the steps' times as the approval engine will set them from `start`. */
export const templateScheduleUrl = (id: string, start: number): string =>
  `${workflowTemplateSchedulePath(id)}?${query({ start: new Date(start).toISOString() })}`;
