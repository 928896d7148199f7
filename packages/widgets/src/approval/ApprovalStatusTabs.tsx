import { use, useEffect, useState } from 'react';
import {
  APPROVAL_LIST_FILTERS,
  type ApprovalListFilter,
  type ApprovalStatusStatistic,
} from '@hcm/contracts/approvals';
import type { ResourceListContext } from '@hcm/ui';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import { approvalApi } from './approval-api.ts';
import { APPROVAL_STATUS_FIELD } from './approval-rules.ts';
import { resourceKit } from './resource-kit.ts';

const isListFilter = (value: unknown): value is ApprovalListFilter =>
  (APPROVAL_LIST_FILTERS as readonly unknown[]).includes(value);

/**
 * The statistic for the list's keyword and filters, read again after each reload of the list
 * (an action changed some record's status). Null until it arrives, or when it failed.
 */
function useStatistic(apiPath: string, context: ResourceListContext): ApprovalStatusStatistic | null {
  const { [APPROVAL_STATUS_FIELD]: _tab, ...others } = context.list.params;
  const key = JSON.stringify(others);
  const [answer, setAnswer] = useState<{ key: string; counts: ApprovalStatusStatistic | null } | null>(null);
  const round = `${apiPath}#${key}#${context.revision}`;
  useEffect(() => {
    let live = true;
    approvalApi(apiPath)
      .statistic(JSON.parse(key) as Record<string, unknown>)
      .then(
        (counts) => live && setAnswer({ key: round, counts }),
        () => live && setAnswer({ key: round, counts: null }),
      );
    return () => {
      live = false;
    };
  }, [apiPath, key, round]);
  // the last counts stay while the next arrive (no flicker of the numbers on every action)
  return answer?.counts ?? null;
}

/**
 * Tabs above an approvable list (catalogues §3.1): all, awaiting my approval, then each status,
 * each with its count. The chosen tab is the list's `approvalStatus` filter, kept in the URL
 * with the rest of the list's query; "all" clears it.
 */
export function ApprovalStatusTabs({ apiPath, context }: { apiPath: string; context: ResourceListContext }) {
  const { TabList, Tab } = use(resourceKit());
  const { t } = useWidgetsTranslation();
  const counts = useStatistic(apiPath, context);
  const current = context.list.query[APPROVAL_STATUS_FIELD];
  const selected: ApprovalListFilter = isListFilter(current) ? current : 'ALL';
  return (
    <TabList
      aria-label={t('approvalFlow.tabs.label')}
      selectedValue={selected}
      onTabSelect={(_, data) =>
        context.list.setQuery({ [APPROVAL_STATUS_FIELD]: data.value === 'ALL' ? undefined : data.value })
      }
      style={{ flexWrap: 'wrap' }}
    >
      {APPROVAL_LIST_FILTERS.map((filter) => {
        const name = t(`approvalFlow.tabs.${filter}`);
        const count = counts?.[filter];
        return (
          <Tab key={filter} value={filter}>
            {count === undefined ? name : t('approvalFlow.tabs.withCount', { name, count })}
          </Tab>
        );
      })}
    </TabList>
  );
}
