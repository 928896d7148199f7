import { useMemo } from 'react';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import {
  ModuleContractPages,
  StatusBadge,
  useAuthorities,
  type ExtraSubmit,
  type ModulePageOptions,
  type ResourceListExtension,
} from '@hcm/ui';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import { approvalApi } from './approval-api.ts';
import { ApprovalFlowProvider, useApprovalFlowState, type ApprovalFlow } from './approval-flow.tsx';
import { APPROVAL_STATUS_FIELD, isEditableRecord, mayTake, statusOf } from './approval-rules.ts';
import { ApprovalDetailActions } from './ApprovalDetailActions.tsx';
import { ApprovalBatchButtons, ApprovalListHeader, ApprovalRowMenu } from './ApprovalListParts.tsx';
import { ApprovalTimelineSection } from './ApprovalTimelineSection.tsx';

export interface ApprovalContractPagesProps extends ModulePageOptions {
  /** an approvable contract (contract.approvable): records with an `approvalStatus` */
  contract: AnyResourceContract;
}

const badge = (record: Record<string, unknown>) => <StatusBadge status={statusOf(record)} />;

// The parts that read the flow do so from its context: the options stay the same objects
// while the flow's state changes, so the kit's pages keep their own state.
const listExtension: ResourceListExtension = {
  above: (context) => <ApprovalListHeader context={context} />,
  batch: (context) => <ApprovalBatchButtons context={context} />,
  rowActions: {
    labelKey: 'widgets:approvalFlow.column',
    render: (row, context) => <ApprovalRowMenu row={row} context={context} />,
  },
  // the tabs set this filter (with "awaiting my approval", which is no status)
  omitFilters: [APPROVAL_STATUS_FIELD],
};

/** "Lưu và gửi duyệt" on the create form: the workflow is asked, then the record created in approval. */
function createAndRequest(
  contract: AnyResourceContract,
  ask: ApprovalFlow['ask'],
  label: string,
): ExtraSubmit {
  return {
    label,
    modes: ['create'],
    save: async (body) => {
      const input = await ask('REQUEST_APPROVAL', {});
      if (!input?.workflow) return null;
      const created = await approvalApi(contract.apiPath).createAndRequest(body, input.workflow);
      return { ...created, version: typeof created.version === 'number' ? created.version : 1 };
    },
  };
}

/**
 * Every page of an approvable contract (catalogues §3.1, issue 13) in one call: the kit's generic
 * pages with the approval status tabs and counts, status badges, row and batch actions, "save
 * and request approval" on the create form, the record's approval buttons (as its timeline
 * allows) and timeline, and Edit and Delete only while the record is out of approval. The
 * module's own options are kept and go first.
 */
export default function ApprovalContractPages({ contract, list, form, detail }: ApprovalContractPagesProps) {
  const { flow, element } = useApprovalFlowState(contract);
  const { t } = useWidgetsTranslation();
  const holder = useAuthorities();
  const mayRequest = mayTake(contract.permission, 'REQUEST_APPROVAL', holder) && contract.offers('create');
  const label = t('approvalFlow.actions.CREATE_AND_REQUEST_APPROVAL');
  // the form's extra submit asks through the flow's dialog (a stable function)
  const { ask } = flow;
  const options = useMemo<ModulePageOptions>(
    () => ({
      list: {
        ...list,
        renderCell: { [APPROVAL_STATUS_FIELD]: badge, ...list?.renderCell },
        extension: listExtension,
      },
      form: {
        ...form,
        extraSubmits: [
          ...(form?.extraSubmits ?? []),
          ...(mayRequest ? [createAndRequest(contract, ask, label)] : []),
        ],
      },
      detail: {
        ...detail,
        renderValue: { [APPROVAL_STATUS_FIELD]: badge, ...detail?.renderValue },
        editable: (record) => isEditableRecord(record) && (detail?.editable?.(record) ?? true),
        actions: (record, page) => (
          <>
            {detail?.actions?.(record, page)}
            <ApprovalDetailActions record={record} page={page} />
          </>
        ),
        below: (record, page) => (
          <>
            {detail?.below?.(record, page)}
            <ApprovalTimelineSection record={record} />
          </>
        ),
      },
    }),
    [contract, list, form, detail, mayRequest, label, ask],
  );
  return (
    <ApprovalFlowProvider value={flow}>
      {element}
      <ModuleContractPages contract={contract} {...options} />
    </ApprovalFlowProvider>
  );
}
