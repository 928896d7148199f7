import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { FieldLimits } from '@hcm/contracts';
import {
  APPROVAL_STATUSES,
  isApprovalStatus,
  nextApprovalStatus,
  type ApprovalBatchItem,
  type ApprovalTimeline,
  type ApprovalTransition,
} from '@hcm/contracts/approvals';
import { CommonLabels, defineContract, f, label } from '@hcm/contracts/resource';
import { ApprovalStatusLabels } from '@hcm/contracts/personnel-changes';
import { initI18n, loadAppDictionary, setLanguage } from '@hcm/i18n';
import { clearSession } from '@hcm/session';
import { HcmProvider, UI_NAMESPACE, dismissAllToasts, loadUiDictionary } from '@hcm/ui';
import {
  FakeResourceApi,
  type FakeResourceCall,
  listRowOf,
} from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { ApprovalContractPages } from '../approval/LazyApprovalContractPages.tsx';
import { WIDGETS_APP } from '../widgets-i18n.ts';
import { calendarSchedule } from './schedule-fixture.ts';

/** An approvable kind for the approval pages' tests: the reward permission, a path of its own. */
export const approvalTestContract = defineContract({
  service: 'om',
  path: 'test-rewards',
  route: '/om/test-rewards',
  permission: 'reward',
  level: 'tenant',
  title: label('test.reward.title', 'Khen thưởng thử', 'Test rewards'),
  singular: label('test.reward.singular', 'Quyết định thử', 'Test decision'),
  fields: {
    code: f.code(),
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    approvalStatus: f.enumOf({
      label: label('test.reward.approvalStatus', 'Trạng thái duyệt', 'Approval status'),
      defaultValue: 'NEW',
      valueLabels: ApprovalStatusLabels,
    }),
  },
  columns: ['code', 'name', 'approvalStatus'],
  keyword: ['code', 'name'],
  filters: ['approvalStatus'],
  sort: ['code', 'name'],
  defaultSort: { field: 'code', direction: 'asc' },
  without: ['status', 'import', 'export'],
  sections: [{ title: CommonLabels.general, fields: ['code', 'name', 'approvalStatus'] }],
  create: ['code', 'name'],
  update: ['code', 'name'],
});

/** The test kind's API path, under which its approval paths lie. */
export const BASE = approvalTestContract.apiPath;

/** Every permission of the test kind: view, write, and the four approval actions. */
export const ALL_REWARD_PERMISSIONS = [
  'view',
  'create',
  'update',
  'delete',
  'request-approval',
  'approve',
  'reject',
  'cancel-approval',
].map((action) => `reward.${action}`);

const ACTION_PATHS: Record<string, ApprovalTransition['action']> = {
  'request-approval': 'REQUEST_APPROVAL',
  approve: 'APPROVE',
  'reject-approval': 'REJECT',
  'cancel-approval': 'CANCEL_APPROVAL',
  back: 'BACK',
};

const json = (status: number, body: unknown) => ({ status, body });

/**
 * The approval paths of the test kind over the kit's fake API, as the server answers them: the
 * list's "awaiting my approval" (records marked `mine`), the statistic counted from the records,
 * per-record and batch actions moving the records along APPROVAL_TRANSITIONS (a record the state
 * refuses fails its batch item with a 409 message), create and request, and the timelines given.
 */
export function serveApprovals(api: FakeResourceApi, timelines = new Map<string, ApprovalTimeline>()) {
  const base = approvalTestContract.apiPath;
  const records = () => api.records(approvalTestContract);
  const statusOf = (record: Record<string, unknown>) =>
    isApprovalStatus(record.approvalStatus) ? record.approvalStatus : 'NEW';
  const move = (id: string, action: ApprovalTransition['action']) => {
    const record = records().find((r) => r.id === id);
    const next = record ? nextApprovalStatus(statusOf(record), action) : null;
    if (!record || !next) return null;
    Object.assign(record, { approvalStatus: next, mine: false, version: record.version + 1 });
    return record;
  };
  api.intercept((call: FakeResourceCall) => {
    if (
      call.method === 'GET' &&
      call.path === base &&
      call.query.get('approvalStatus') === 'WAIT_MY_APPROVE'
    ) {
      const mine = records().filter((r) => r.mine === true);
      return json(200, {
        data: mine.map((r) => listRowOf(approvalTestContract, r)),
        page: { pageIndex: 1, pageSize: 25, total: mine.length },
      });
    }
    if (call.method === 'GET' && call.path === `${base}/approval-status-statistic`) {
      const counts: Record<string, number> = { ALL: records().length };
      counts.WAIT_MY_APPROVE = records().filter((r) => r.mine === true).length;
      for (const status of APPROVAL_STATUSES)
        counts[status] = records().filter((r) => statusOf(r) === status).length;
      return json(200, { data: counts });
    }
    if (call.method === 'POST' && call.path === `${base}/create-and-request-approval`) {
      const { record } = call.body as { record: Record<string, unknown> };
      const created = {
        ...record,
        approvalStatus: 'WAIT_APPROVE',
        id: `00000000-0000-4000-8000-${'9'.repeat(12)}`,
        version: 1,
      };
      records().push(created);
      return json(200, { data: created });
    }
    const batch = /^\/([a-z-]+?)(?:\/batch)$/.exec(call.path.slice(base.length));
    const batchAction = batch ? ACTION_PATHS[batch[1] ?? ''] : undefined;
    if (call.method === 'POST' && batchAction) {
      const items: ApprovalBatchItem[] = (call.body as { ids: string[] }).ids.map((id) => {
        const moved = move(id, batchAction);
        return moved
          ? { id, ok: true, approvalStatus: statusOf(moved) }
          : { id, ok: false, code: 'CONFLICT', message: 'Bản ghi không ở trạng thái cho phép thao tác này' };
      });
      const succeeded = items.filter((item) => item.ok).length;
      return json(200, { data: { succeeded, failed: items.length - succeeded, items } });
    }
    const single = /^\/([^/]+)\/([a-z-]+)$/.exec(call.path.slice(base.length));
    const id = decodeURIComponent(single?.[1] ?? '');
    if (call.method === 'GET' && single?.[2] === 'approval-timeline') {
      const record = records().find((r) => r.id === id);
      return json(200, {
        data: timelines.get(id) ?? {
          approvalStatus: record ? statusOf(record) : 'NEW',
          allowedActions: ['REQUEST_APPROVAL'],
          requests: [],
          events: [],
        },
      });
    }
    const action = single ? ACTION_PATHS[single[2] ?? ''] : undefined;
    if (call.method === 'POST' && action) {
      const moved = move(id, action);
      return moved
        ? json(200, { data: moved })
        : json(409, { code: 'CONFLICT', message: 'Bản ghi không ở trạng thái cho phép thao tác này' });
    }
    return null;
  });
}

export const SEARCH_TEMPLATES = '/api/system/workflow-templates/search-auto-complete';
const BY_ROLE = '/api/iam/users/auto-complete-by-role';
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** One template of the reward kind: a role's step (its assignee chosen) and a fixed user's. */
export function serveTemplates(api: FakeResourceApi) {
  const template = {
    id: uuid(501),
    name: 'Quy trình khen thưởng',
    steps: [
      {
        id: uuid(601),
        name: 'Trưởng phòng duyệt',
        assignmentType: 'ROLE',
        assignmentId: uuid(701),
        assignmentName: 'Trưởng phòng',
        slaTime: 3_600_000,
      },
      {
        id: uuid(602),
        name: 'Giám đốc duyệt',
        assignmentType: 'USER',
        assignmentId: uuid(702),
        assignmentName: 'Giám đốc Hòa',
        slaTime: 3_600_000,
      },
    ],
  };
  api.intercept((call) => {
    if (call.path === SEARCH_TEMPLATES)
      return { status: 200, body: { data: [template], page: { pageIndex: 1, pageSize: 25, total: 1 } } };
    if (call.path === `/api/system/workflow-templates/${template.id}`)
      return { status: 200, body: { data: template } };
    if (call.path === `/api/system/workflow-templates/${template.id}/schedule`)
      return { status: 200, body: { data: calendarSchedule(template.steps, call.query.get('start')) } };
    if (call.path === BY_ROLE)
      return {
        status: 200,
        body: {
          data: [
            { id: uuid(801), username: 'tp', fullName: 'Trưởng phòng Lan', email: null, status: 'ACTIVE' },
          ],
          page: { pageIndex: 1, pageSize: 25, total: 1 },
        },
      };
    return null;
  });
  return template;
}

const testPageUrl = window.location.href;

/** The page in a known state: the widgets' and the kit's real dictionaries, Vietnamese, empty storages. */
export async function prepareApprovalPage(): Promise<void> {
  await initI18n({
    dictionaryUrl: (app, language) =>
      app === UI_NAMESPACE ? `/shared/ui/i18n/${language}.json` : `/packages/${app}/i18n/${language}.json`,
  });
  await loadAppDictionary(WIDGETS_APP);
  await loadUiDictionary();
  await setLanguage('vi');
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', testPageUrl);
}

export const renderPage = (element: ReactElement) => render(<HcmProvider>{element}</HcmProvider>);

/**
 * What each test of the approval pages starts from: the page prepared (prepareApprovalPage) and
 * a fake API holding `count` records of the test kind, `fields(n)` giving the nth its own
 * fields, that serves the approval paths (serveApprovals) with the timelines `timelines` gives
 * for the seeded records. No one is signed in yet.
 */
export async function prepareApprovals(
  count: number,
  fields: (n: number) => Record<string, unknown>,
  timelines?: (records: ReturnType<FakeResourceApi['records']>) => Map<string, ApprovalTimeline>,
): Promise<FakeResourceApi> {
  await prepareApprovalPage();
  const api = new FakeResourceApi([approvalTestContract]);
  api.seed(approvalTestContract, count, fields);
  serveApprovals(api, timelines?.(api.records(approvalTestContract)));
  return api;
}

/** Renders the test kind's approval pages at `path` (the list, a detail, the create form). */
export function showApprovalPages(path: string) {
  openPath(path);
  return renderPage(<ApprovalContractPages contract={approvalTestContract} />);
}

/** Unmounts, closes toasts, forgets the session, puts the URL back. */
export async function resetApprovalPage(): Promise<void> {
  cleanup();
  await dismissAllToasts();
  clearSession();
  window.history.replaceState(null, '', testPageUrl);
}

/** Opens a path as a link would (the pages follow popstate). */
export function openPath(path: string): void {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}
