import { daysBetween, type TenantDashboard } from '@hcm/contracts/dashboard';
import { laborContractContract } from '@hcm/contracts/labor-contracts';
import { workerContract } from '@hcm/contracts/workers';
import { LIST_QUERY_PARAM } from '@hcm/ui';

/**
 * Each number's link: the list it counts, with the filters in the URL the way the generic lists
 * keep them (`?q=<JSON>`, shared/ui list-query.ts). A date range travels as the list of its
 * days (the lists filter a date by one or several days), so the list shows exactly the rows
 * the card counted.
 */
export function listLink(route: string, filters: Record<string, unknown>): string {
  return `${route}?${LIST_QUERY_PARAM}=${encodeURIComponent(JSON.stringify(filters))}`;
}

/** The approval lists' tab of what awaits the caller (catalogues §3.1 WAIT_MY_APPROVE). */
export const awaitingMeLink = (route: string) => listLink(route, { approvalStatus: 'WAIT_MY_APPROVE' });

export function contractsEndingLink(summary: Pick<TenantDashboard, 'today' | 'horizon'>): string {
  return listLink(laborContractContract.route, { expiryDate: daysBetween(summary.today, summary.horizon) });
}

export function probationsEndingLink(
  summary: Pick<TenantDashboard, 'today' | 'horizon'>,
  probationTypeId: string,
): string {
  return listLink(laborContractContract.route, {
    contractTypeId: probationTypeId,
    expiryDate: daysBetween(summary.today, summary.horizon),
  });
}

export const headCountLink = () => listLink(workerContract.route, { workingStatus: 'WORKING' });

export const unitLink = (unitId: string) =>
  listLink(workerContract.route, { organizationUnitId: unitId, workingStatus: 'WORKING' });

export function joinersLink(summary: Pick<TenantDashboard, 'monthStart' | 'monthEnd'>): string {
  return listLink(workerContract.route, { joinedDate: daysBetween(summary.monthStart, summary.monthEnd) });
}

export const personLink = (id: string) => `${workerContract.route}/${encodeURIComponent(id)}/detail`;

/** A label's text with its {{name}} placeholders filled. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
