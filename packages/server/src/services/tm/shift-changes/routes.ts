import { ShiftChangeRequestPaths } from '@hcm/contracts/shift-change-requests';
import { cancelApprovedRoute } from '../requests/cancel-approved-route.ts';
import { recomputeDays, refuseInLockedMonths } from '../requests/effects.ts';
import { shiftChangeRequestResource as resource } from './resource.ts';
import { changedDays, daysToRecompute } from './rules.ts';
import { tmShiftChangeRequests } from './tables.ts';

/**
 * The shift change requests' own route beyond the record engine's and the approval engine's:
 * cancel after approval (requests/cancel-approved.ts). The changed days, and the day either side
 * of each, are computed again with the work calendars' shifts: exactly as before the approval.
 */
export const shiftChangeRequestRoutes = cancelApprovedRoute(
  resource,
  ShiftChangeRequestPaths.cancelApproved,
  'Cancel an approved shift change: its days are computed again with the work calendars’ shifts',
  {
    table: tmShiftChangeRequests,
    undo: async (tx, scope, before) => {
      await refuseInLockedMonths(tx, changedDays(before), 'canceling a change to one of its days');
      if (scope.tenantId) await recomputeDays(tx, scope.tenantId, daysToRecompute(before));
    },
  },
);
