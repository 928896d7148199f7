import type { TenantDashboard } from '@hcm/contracts/dashboard';
import { laborContractContract } from '@hcm/contracts/labor-contracts';
import { resignationContract } from '@hcm/contracts/personnel-changes';
import { rangeParams } from '@hcm/contracts/resource';
import { workerContract } from '@hcm/contracts/workers';
import { LIST_QUERY_PARAM } from '@hcm/ui';

/**
 * Each number's link: the list it counts, with the filters in the URL the way the generic lists
 * keep them (`?q=<JSON>`, shared/ui list-query.ts). A date range travels as the date filter's
 * two bounds (`expiryDateFrom`, `expiryDateTo`, both included: @hcm/contracts rangeParams), so
 * the list shows exactly the rows the card counted.
 */
export function listLink(route: string, filters: Record<string, unknown>): string {
  return `${route}?${LIST_QUERY_PARAM}=${encodeURIComponent(JSON.stringify(filters))}`;
}

/** A date filter's bounds as list-query filters. */
function between(filter: string, from: string, to: string): Record<string, string> {
  const bounds = rangeParams(filter);
  return { [bounds.from]: from, [bounds.to]: to };
}

/** The approval lists' tab of what awaits the caller (catalogues §3.1 WAIT_MY_APPROVE). */
export const awaitingMeLink = (route: string) => listLink(route, { approvalStatus: 'WAIT_MY_APPROVE' });

/**
 * Contracts awaiting renewal (signed main contracts not yet followed by another: the list's
 * "Chờ gia hạn" filter, as the string its yes/no filter keeps) that end within the horizon:
 * what the expiry notices tell HR of.
 */
export function contractsEndingLink(summary: Pick<TenantDashboard, 'today' | 'horizon'>): string {
  return listLink(laborContractContract.route, {
    renewalDue: 'true',
    ...between('expiryDate', summary.today, summary.horizon),
  });
}

export function probationsEndingLink(
  summary: Pick<TenantDashboard, 'today' | 'horizon'>,
  probationTypeId: string,
): string {
  return listLink(laborContractContract.route, {
    contractTypeId: probationTypeId,
    renewalDue: 'true',
    ...between('expiryDate', summary.today, summary.horizon),
  });
}

export const headCountLink = () => listLink(workerContract.route, { workingStatus: 'WORKING' });

export const unitLink = (unitId: string) =>
  listLink(workerContract.route, { organizationUnitId: unitId, workingStatus: 'WORKING' });

export function joinersLink(summary: Pick<TenantDashboard, 'monthStart' | 'monthEnd'>): string {
  return listLink(workerContract.route, between('joinedDate', summary.monthStart, summary.monthEnd));
}

/** Approved resignations taking effect this month. */
export function leaversLink(summary: Pick<TenantDashboard, 'monthStart' | 'monthEnd'>): string {
  return listLink(resignationContract.route, {
    approvalStatus: 'APPROVED',
    ...between('effectiveDate', summary.monthStart, summary.monthEnd),
  });
}

export const personLink = (id: string) => `${workerContract.route}/${encodeURIComponent(id)}/detail`;

/** A label's text with its {{name}} placeholders filled. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
