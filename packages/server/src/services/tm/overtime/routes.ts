import { OvertimeRegistrationPaths } from '@hcm/contracts/overtime-registrations';
import { cancelApprovedRoute } from '../requests/cancel-approved-route.ts';
import { recomputeDays, refuseInLockedMonths } from '../requests/effects.ts';
import { overtimeRegistrationResource as resource } from './resource.ts';
import { tmOvertimeRegistrations } from './tables.ts';

/**
 * The overtime registrations' own route beyond the record engine's and the approval engine's:
 * cancel after approval (requests/cancel-approved.ts). The day is computed again without the
 * registration: its overtime is then what the tenant's mode counts without it.
 */
export const overtimeRegistrationRoutes = cancelApprovedRoute(
  resource,
  OvertimeRegistrationPaths.cancelApproved,
  'Cancel an approved overtime registration: its day is computed again without it',
  {
    table: tmOvertimeRegistrations,
    undo: async (tx, scope, before) => {
      const day = [{ workerId: String(before.workerId), workDate: String(before.workDate) }];
      await refuseInLockedMonths(tx, day, 'canceling overtime on one of its days');
      if (scope.tenantId) await recomputeDays(tx, scope.tenantId, day);
    },
  },
);
