import { ShiftChangeRequestPaths } from '@hcm/contracts/shift-change-requests';
import type { FastifyPluginAsync } from 'fastify';
import type { TmDeps } from '../index.ts';
import { cancelApprovedRoute } from '../requests/cancel-approved-route.ts';
import { recomputeDays, refuseInLockedMonths } from '../requests/effects.ts';
import { shiftChangeRequestResource as resource } from './resource.ts';
import { changedDays, daysToRecompute } from './rules.ts';
import { shiftOnDayRoute } from './shift-on-day-route.ts';
import { tmShiftChangeRequests } from './tables.ts';

/**
 * The shift change requests' own route beyond the record engine's and the approval engine's:
 * cancel after approval (requests/cancel-approved.ts). The changed days, and the day either side
 * of each, are computed again with the work calendars' shifts: exactly as before the approval.
 */
const cancelRoute = cancelApprovedRoute(
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

/** The shift change requests' routes beyond the record and approval engines': cancel after approval, the form's shift of a day. */
export const shiftChangeRequestRoutes: FastifyPluginAsync<{ deps: TmDeps }> = async (app, options) => {
  await cancelRoute(app, options);
  await shiftOnDayRoute(app, options);
};
