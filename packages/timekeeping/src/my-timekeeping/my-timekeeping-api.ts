import type { LeaveBalanceView } from '@hcm/contracts/leave-applications';
import { MyTimekeepingPaths, type MyTimekeepingMonth } from '@hcm/contracts/my-timekeeping';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { api } from '@hcm/session';

/** The caller's own month (GET /api/tm/my-timekeeping/month); 404 when the account has no employee record. */
export const myMonth = (month: string) =>
  api.get<MyTimekeepingMonth>(`${MyTimekeepingPaths.month}?month=${encodeURIComponent(month)}`, {
    ignoreError: true,
  });

/** The caller's own annual leave balance of a year. */
export const myLeaveBalance = (year: number) =>
  api.get<LeaveBalanceView>(`/api/tm/leave-balances/mine?year=${year}`, { ignoreError: true });

/** A request document as the list API answers it: what the page shows of it. */
export interface RequestRow {
  readonly id: string;
  readonly name?: string | null;
  readonly approvalStatus: string;
  /** list rows carry the list's columns: the last change (an approval step moves it) */
  readonly lastModifiedAt: string;
}

/** How many of each kind the page asks for: the newest few of all kinds are shown together. */
export const REQUESTS_PER_KIND = 5;

/** The worker's latest documents of one kind, last changed first (the document's list filtered by workerId). */
export async function latestRequests(contract: AnyResourceContract, workerId: string): Promise<RequestRow[]> {
  const query = new URLSearchParams({
    workerId,
    sortBy: 'lastModifiedAt.desc',
    pageIndex: '1',
    pageSize: String(REQUESTS_PER_KIND),
  });
  const page = await api.getPage<RequestRow>(`${contract.apiPath}?${query.toString()}`, {
    ignoreError: true,
  });
  return page.data;
}
