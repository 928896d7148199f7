import {
  approvalPaths,
  type ApprovalBatchResult,
  type ApprovalStatusStatistic,
  type ApprovalTimeline,
  type WorkflowAssignmentBody,
} from '@hcm/contracts/approvals';
import { ApiError, api } from '@hcm/session';
import { statisticQuery, type ApprovalAction } from './approval-rules.ts';

/** A record as the approval paths answer it (the resource's own record). */
export type ApprovedRecord = Record<string, unknown> & { id: string };

/** What the user gave in the action's dialog. */
export interface ActionInput {
  workflow?: WorkflowAssignmentBody;
  note?: string;
  reason?: string;
}

/** The body of a per-record or batch call: only what the action takes, empty notes left out. */
function bodyOf(action: ApprovalAction, input: ActionInput): Record<string, unknown> {
  const text = (value: string | undefined) => (value && value.trim() ? value.trim() : undefined);
  switch (action) {
    case 'REQUEST_APPROVAL':
      return { ...input.workflow };
    case 'APPROVE':
      return text(input.note) ? { note: text(input.note) } : {};
    case 'CANCEL_APPROVAL':
      return text(input.reason) ? { reason: text(input.reason) } : {};
    case 'REJECT':
    case 'BACK':
      return { reason: text(input.reason) ?? '' };
  }
}

/**
 * create-and-request-approval nests the record under `record`: its field errors (`record.name`)
 * are named as the form's fields (`name`), so the form shows each on its field.
 */
function onRecordFields(error: ApiError): ApiError {
  const fieldErrors = error.fieldErrors.map((problem) => ({
    ...problem,
    field: problem.field.replace(/^\/?record[./]/, ''),
  }));
  return new ApiError(error.status, error.code, error.message, fieldErrors, false, error.params);
}

/**
 * The approval sub-paths of one resource (catalogues §7.1, issue 13) through @hcm/session's
 * client. Per-record calls let the client explain a failure (403, 409) as it does for every
 * call; batch calls answer each record's outcome in their body.
 */
export function approvalApi(apiPath: string) {
  const paths = approvalPaths(apiPath);
  const single: Record<ApprovalAction, (id: string) => string> = {
    REQUEST_APPROVAL: paths.request,
    CANCEL_APPROVAL: paths.cancel,
    APPROVE: paths.approve,
    REJECT: paths.reject,
    BACK: paths.back,
  };
  const batch: Partial<Record<ApprovalAction, string>> = {
    REQUEST_APPROVAL: paths.requestBatch,
    CANCEL_APPROVAL: paths.cancelBatch,
    APPROVE: paths.approveBatch,
    REJECT: paths.rejectBatch,
  };
  return {
    statistic: (params: Readonly<Record<string, unknown>>) => {
      const query = statisticQuery(params).toString();
      return api.get<ApprovalStatusStatistic>(`${paths.statistic}${query ? `?${query}` : ''}`, {
        ignoreError: true,
      });
    },
    timeline: (id: string) => api.get<ApprovalTimeline>(paths.timeline(id), { ignoreError: true }),
    act: (action: ApprovalAction, id: string, input: ActionInput) =>
      api.post<ApprovedRecord>(single[action](id), bodyOf(action, input), { loading: true }),
    /** a batch of records; BACK has no batch path (it is taken on a record's page) */
    actOnMany: (action: ApprovalAction, ids: readonly string[], input: ActionInput) => {
      const path = batch[action];
      if (!path) throw new Error(`${action} has no batch path`);
      const body =
        action === 'REQUEST_APPROVAL' ? { ids, workflow: input.workflow } : { ids, ...bodyOf(action, input) };
      return api.post<ApprovalBatchResult>(path, body, { loading: true });
    },
    /** create the record and request its approval in one call; field errors are the form's to show */
    createAndRequest: (record: Record<string, unknown>, workflow: WorkflowAssignmentBody) =>
      api
        .post<ApprovedRecord>(
          paths.createAndRequest,
          { record, workflow },
          { ignoreError: true, loading: true },
        )
        .catch((error: unknown) => {
          throw error instanceof ApiError ? onRecordFields(error) : error;
        }),
  };
}
