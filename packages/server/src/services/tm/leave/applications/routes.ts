import { LeaveApplicationPaths } from '@hcm/contracts/leave-applications';
import { cancelApprovedRoute } from '../../requests/cancel-approved-route.ts';
import { tmLeaveApplications } from '../tables.ts';
import { undoLeave } from './effects.ts';
import { leaveApplicationResource as resource } from './resource.ts';

/**
 * The leave applications' own route beyond the record engine's and the approval engine's:
 * cancel after approval. Its days are computed again without it and what it took from the
 * balance is given back (effects.ts undoLeave).
 */
export const leaveApplicationRoutes = cancelApprovedRoute(
  resource,
  LeaveApplicationPaths.cancelApproved,
  'Cancel an approved leave application: its days and its balance are given back',
  {
    table: tmLeaveApplications,
    undo: async (tx, scope, before) => {
      if (scope.tenantId) await undoLeave(tx, scope.tenantId, scope.userId, before);
    },
  },
);
