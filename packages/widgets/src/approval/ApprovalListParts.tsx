import { recordDisplayName } from '@hcm/contracts/resource';
import {
  Button,
  ChevronDownRegular,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  useAuthorities,
} from '@hcm/ui';
import type { ResourceListContext } from '@hcm/ui';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import { useApprovalFlow, type ActionTarget } from './approval-flow.tsx';
import {
  BATCH_ACTIONS,
  creatorOf,
  mayTake,
  offeredActions,
  statusOf,
  type ApprovalAction,
} from './approval-rules.ts';
import { ApprovalStatusTabs } from './ApprovalStatusTabs.tsx';
import { BatchSummary } from './BatchSummary.tsx';

type Row = ResourceListContext['rows'][number];
const targetOf = (row: Row): ActionTarget => ({
  id: row.id,
  name: recordDisplayName(row),
  createdBy: creatorOf(row),
});

/** Above the table: the last batch's failures, then the status tabs with their counts. */
export function ApprovalListHeader({ context }: { context: ResourceListContext }) {
  const flow = useApprovalFlow();
  return (
    <>
      {flow.report && <BatchSummary report={flow.report} onDismiss={flow.dismissReport} />}
      <ApprovalStatusTabs apiPath={flow.contract.apiPath} context={context} />
    </>
  );
}

/**
 * A row's approval menu: the actions its status allows and the user's permissions allow (a
 * return for changes is taken on the record's page, where the step is known). Nothing when none.
 */
export function ApprovalRowMenu({ row, context }: { row: Row; context: ResourceListContext }) {
  const flow = useApprovalFlow();
  const holder = useAuthorities();
  const { t } = useWidgetsTranslation();
  const actions = offeredActions(statusOf(row), flow.contract.permission, holder).filter(
    (action) => action !== 'BACK',
  );
  if (actions.length === 0) return null;
  const target = targetOf(row);
  const take = async (action: ApprovalAction) => {
    if (await flow.run(action, [target], false)) context.reload();
  };
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button
          size="small"
          appearance="subtle"
          icon={<ChevronDownRegular />}
          iconPosition="after"
          aria-label={t('approvalFlow.rowMenu', { name: target.name })}
        >
          {t('approvalFlow.column')}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {actions.map((action) => (
            <MenuItem key={action} onClick={() => void take(action)}>
              {t(`approvalFlow.actions.${action}`)}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/**
 * The batch buttons for the selected rows: each action the user's permissions allow and some
 * selected row's status allows. Every selected row is sent: the server says why one fails.
 */
export function ApprovalBatchButtons({ context }: { context: ResourceListContext }) {
  const flow = useApprovalFlow();
  const holder = useAuthorities();
  const { t } = useWidgetsTranslation();
  const selected = context.rows.filter((row) => context.selected.includes(row.id));
  const targets = context.selected.map((id) =>
    targetOf(selected.find((row) => row.id === id) ?? { id, version: 0 }),
  );
  const offered = BATCH_ACTIONS.filter(
    (action) =>
      mayTake(flow.contract.permission, action, holder) &&
      selected.some((row) =>
        offeredActions(statusOf(row), flow.contract.permission, holder).includes(action),
      ),
  );
  const take = async (action: ApprovalAction) => {
    const outcome = await flow.run(action, targets, true);
    if (!outcome) return;
    context.setSelected(outcome.failedIds);
    context.reload();
  };
  return (
    <>
      {offered.map((action) => (
        <Button key={action} onClick={() => void take(action)}>
          {t('approvalFlow.batch', { action: t(`approvalFlow.actions.${action}`), count: targets.length })}
        </Button>
      ))}
    </>
  );
}
