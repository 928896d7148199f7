import type { PageEnvelope } from '@hcm/contracts';
import { api } from '@hcm/session';
import { toDayjs } from '@hcm/ui';

/** GET /api/system/outbound-logs: every call for a system user, its tenant's for a tenant user. */
export const OUTBOUND_LOGS_PATH = '/api/system/outbound-logs';

/** The systems the server calls, by the names the log keeps (server: http/outbound). */
export const OutboundTargets = ['file-store', 'email', 'webhook'] as const;

/** Outcomes the search tells apart: the status by its hundreds, or no answer at all. */
export const OutboundStatusClasses = ['2xx', '3xx', '4xx', '5xx', 'failed'] as const;

/** One call the server made to another system (its URL without secrets). */
export interface OutboundLogEntry {
  id: string;
  tenantId: string | null;
  requestId: string | null;
  target: string;
  method: string;
  url: string;
  /** null: no answer came (see error) */
  status: number | null;
  durationMs: number;
  bytesSent: number | null;
  bytesReceived: number | null;
  error: string | null;
  createdAt: string;
}

/** The list's filters; from and to are days (yyyy-MM-dd), both included. */
export interface OutboundLogFilters {
  keyword?: string;
  target?: string;
  statusClass?: string;
  from?: string;
  to?: string;
  sortBy?: string;
  pageIndex: number;
  pageSize: number;
}

/** The start of a day (or of the next, for an inclusive end) in the browser's time zone. */
const dayStart = (day: string | undefined, next = false) => {
  const date = toDayjs(day);
  return date ? (next ? date.add(1, 'day') : date).startOf('day').toISOString() : undefined;
};

/** Only the parameters the API accepts (it refuses any other), empty ones left out. */
export function outboundLogSearch(filters: OutboundLogFilters): string {
  const search = new URLSearchParams();
  const set = (name: string, value: string | undefined) => value && search.set(name, value);
  set('keyword', filters.keyword?.trim());
  set('target', filters.target);
  set('statusClass', filters.statusClass);
  set('from', dayStart(filters.from));
  set('to', dayStart(filters.to, true));
  search.set('sortBy', filters.sortBy === 'createdAt.asc' ? 'createdAt.asc' : 'createdAt.desc');
  search.set('pageIndex', String(filters.pageIndex));
  search.set('pageSize', String(filters.pageSize));
  return search.toString();
}

export const outboundLogApi = {
  search: (filters: OutboundLogFilters): Promise<PageEnvelope<OutboundLogEntry>> =>
    api.getPage<OutboundLogEntry>(`${OUTBOUND_LOGS_PATH}?${outboundLogSearch(filters)}`, { loading: true }),
  /** quiet: the page tells the shell (404 page) or shows the failure itself */
  get: (id: string): Promise<OutboundLogEntry> =>
    api.get<OutboundLogEntry>(`${OUTBOUND_LOGS_PATH}/${encodeURIComponent(id)}`, { ignoreError: true }),
};
