import type { PageEnvelope } from '@hcm/contracts';
import { api } from '@hcm/session';

/** GET /api/system/action-logs: a tenant user's tenant's log, a system user's system log. */
export const ACTION_LOGS_PATH = '/api/system/action-logs';

/** The actions the server records (declared once in @hcm/contracts). */
export { ActionLogActions } from '@hcm/contracts';

/** One entry of the action log; `changes` holds only the fields that changed. */
export interface ActionLogEntry {
  id: string;
  userId: string | null;
  /** the user's name now (null once the user is gone) */
  username: string | null;
  resource: string;
  recordId: string | null;
  action: string;
  changes: Record<string, { before: unknown; after: unknown }>;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}

/** The filters the log's query accepts beside paging and sort (no keyword: the API has none). */
export interface ActionLogFilters {
  resource?: string;
  action?: string;
  sortBy?: string;
  pageIndex: number;
  pageSize: number;
}

/** Only the parameters the API accepts (it refuses any other), empty ones left out. */
export function actionLogSearch(filters: ActionLogFilters): string {
  const search = new URLSearchParams();
  if (filters.resource?.trim()) search.set('resource', filters.resource.trim());
  if (filters.action) search.set('action', filters.action);
  search.set('sortBy', filters.sortBy === 'createdAt.asc' ? 'createdAt.asc' : 'createdAt.desc');
  search.set('pageIndex', String(filters.pageIndex));
  search.set('pageSize', String(filters.pageSize));
  return search.toString();
}

export const actionLogApi = {
  search: (filters: ActionLogFilters): Promise<PageEnvelope<ActionLogEntry>> =>
    api.getPage<ActionLogEntry>(`${ACTION_LOGS_PATH}?${actionLogSearch(filters)}`, { loading: true }),
  /** quiet: the page tells the shell (404 page) or shows the failure itself */
  get: (id: string): Promise<ActionLogEntry> =>
    api.get<ActionLogEntry>(`${ACTION_LOGS_PATH}/${encodeURIComponent(id)}`, { ignoreError: true }),
};
