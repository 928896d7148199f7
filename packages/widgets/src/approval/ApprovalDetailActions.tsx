import { Button, type DetailPageControls } from '@hcm/ui';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import { useApprovalFlow } from './approval-flow.tsx';
import { recordDisplayName } from '@hcm/contracts/resource';
import { creatorOf, type ApprovalAction } from './approval-rules.ts';
import { forgetTimeline, stampOf, useApprovalTimeline } from './use-approval-timeline.ts';

/** The order the buttons stand in: the request first, the approver's decisions after. */
const ORDER: readonly ApprovalAction[] = ['REQUEST_APPROVAL', 'CANCEL_APPROVAL', 'APPROVE', 'REJECT', 'BACK'];

/**
 * A record's approval buttons: exactly the actions its timeline allows this user now (the server
 * knows whether they are the step's assignee or the requester). After one, the record and its
 * timeline are read again.
 */
export function ApprovalDetailActions({
  record,
  page,
}: {
  record: Record<string, unknown> & { id: string };
  page: DetailPageControls;
}) {
  const flow = useApprovalFlow();
  const { t } = useWidgetsTranslation();
  const { apiPath } = flow.contract;
  const { timeline } = useApprovalTimeline(apiPath, record.id, stampOf(record));
  if (!timeline) return null;
  const allowed = ORDER.filter((action) => timeline.allowedActions.includes(action));
  const take = async (action: ApprovalAction) => {
    const target = { id: record.id, name: recordDisplayName(record), createdBy: creatorOf(record) };
    if (!(await flow.run(action, [target], false))) return;
    forgetTimeline(apiPath, record.id);
    page.reload();
  };
  return (
    <>
      {allowed.map((action) => (
        <Button
          key={action}
          appearance={action === 'APPROVE' ? 'primary' : 'secondary'}
          onClick={() => void take(action)}
        >
          {t(`approvalFlow.actions.${action}`)}
        </Button>
      ))}
    </>
  );
}
