import { WorkUpdateRequestPaths } from '@hcm/contracts/work-update-requests';
import { cancelApprovedRoute } from '../requests/cancel-approved-route.ts';
import { recomputeDays, refuseInLockedMonths } from '../requests/effects.ts';
import { tmWorkUpdateRequests } from './tables.ts';
import { workUpdateRequestResource as resource } from './resource.ts';

/**
 * The work update requests' own route beyond the record engine's and the approval engine's:
 * cancel after approval (requests/cancel-approved.ts). The request's day is computed again
 * without it: the device punches' day exactly as before the approval.
 */
export const workUpdateRequestRoutes = cancelApprovedRoute(
  resource,
  WorkUpdateRequestPaths.cancelApproved,
  'Cancel an approved work update request: its day is computed again without it',
  {
    table: tmWorkUpdateRequests,
    undo: async (tx, scope, before) => {
      const day = [{ workerId: String(before.workerId), workDate: String(before.workDate) }];
      await refuseInLockedMonths(tx, day, 'canceling a change to one of its days');
      if (scope.tenantId) await recomputeDays(tx, scope.tenantId, day);
    },
  },
);
