import type { PageInfo } from '@hcm/contracts';
import { TimekeepingReportPaths as Paths } from '@hcm/contracts/timekeeping-reports';
import { api, http } from '@hcm/session';

/** What a report is asked for: the unit (none: the caller's whole scope) and a day or a period. */
export type ReportQuery = Readonly<Record<string, string | number | undefined>>;

const params = (query: ReportQuery) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''));

/** GET a report (the server's error envelope rejects the promise; the page says it failed). */
export const readReport = <T>(path: string, query: ReportQuery) =>
  api.get<T>(path, { params: params(query), ignoreError: true });

/** GET a page of names (the list envelope: data and page). */
export async function readNames<T>(path: string, query: ReportQuery): Promise<{ data: T[]; page: PageInfo }> {
  const response = await http.get<{ data: T[]; page: PageInfo }>(path, {
    params: params(query),
    ignoreError: true,
  });
  return response.data;
}

/** Downloads the report's table as the server's workbook. */
export async function downloadReport(path: string, query: ReportQuery, fileName: string): Promise<void> {
  const response = await http.get<Blob>(`${path}/export`, {
    params: params(query),
    responseType: 'blob',
    loading: true,
  });
  const url = URL.createObjectURL(response.data);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export { Paths as ReportPaths };
