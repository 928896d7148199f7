import { PresenceRequestPaths } from '@hcm/contracts/presence-requests';
import type { TmRoutes } from '../index.ts';
import { cancelApprovedRoute } from '../requests/cancel-approved-route.ts';
import { recomputeDays, refuseInLockedMonths } from '../requests/effects.ts';
import { businessTripResource, conferenceDays, conferenceResource, tripDays } from './resource.ts';
import { tmBusinessTrips, tmConferences } from './tables.ts';

/**
 * Cancel after approval of a business trip: every day it covered is computed again without it,
 * exactly as before the approval (requests/cancel-approved.ts).
 */
const businessTripRoutes = cancelApprovedRoute(
  businessTripResource,
  PresenceRequestPaths.tripCancelApproved,
  'Cancel an approved business trip: its days are computed again without it',
  {
    table: tmBusinessTrips,
    undo: async (tx, scope, before) => {
      const days = tripDays(before);
      await refuseInLockedMonths(tx, days, 'canceling a document over one of its days');
      if (scope.tenantId) await recomputeDays(tx, scope.tenantId, days);
    },
  },
);

/** Cancel after approval of a conference: its day is computed again without it. */
const conferenceRoutes = cancelApprovedRoute(
  conferenceResource,
  PresenceRequestPaths.conferenceCancelApproved,
  'Cancel an approved conference application: its day is computed again without it',
  {
    table: tmConferences,
    undo: async (tx, scope, before) => {
      const days = conferenceDays(before);
      await refuseInLockedMonths(tx, days, 'canceling a document over one of its days');
      if (scope.tenantId) await recomputeDays(tx, scope.tenantId, days);
    },
  },
);

/** Both documents' own routes, for tmRoutes. */
export const presenceRequestRoutes: readonly TmRoutes[] = [businessTripRoutes, conferenceRoutes];
