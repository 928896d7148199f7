import type { PermissionCode } from '@hcm/contracts';
import { leaveApplicationContract } from '@hcm/contracts/leave-applications';
import { overtimeRegistrationContract } from '@hcm/contracts/overtime-registrations';
import { businessTripContract, conferenceContract } from '@hcm/contracts/presence-requests';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { shiftChangeRequestContract } from '@hcm/contracts/shift-change-requests';
import { workUpdateRequestContract } from '@hcm/contracts/work-update-requests';

/**
 * The request documents an employee makes for themselves (docs/request-documents.md), in the
 * order the quick actions show them: leave first, the most asked for.
 */
export const MY_DOCUMENTS: readonly AnyResourceContract[] = [
  leaveApplicationContract,
  overtimeRegistrationContract,
  workUpdateRequestContract,
  businessTripContract,
  conferenceContract,
  shiftChangeRequestContract,
];

export const authorityOf = (contract: AnyResourceContract, action: 'view' | 'create') =>
  `${contract.permission}.${action}` as PermissionCode;

/** The document's create form with the worker preset (presetsOf of the kit's form reads it). */
export const createFor = (contract: AnyResourceContract, workerId: string) =>
  `${contract.route}/create?${new URLSearchParams({ workerId }).toString()}`;

export const detailOf = (contract: AnyResourceContract, id: string) =>
  `${contract.route}/${encodeURIComponent(id)}/detail`;
