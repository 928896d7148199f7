import { businessTripContract, conferenceContract } from '@hcm/contracts/presence-requests';
import { eq, sql } from 'drizzle-orm';
import { validationFailed } from '../../../http/errors.ts';
import { bindResource } from '../../../resources/index.ts';
import type { HookContext } from '../../../resources/types.ts';
import { workers } from '../../om/tables/workers.ts';
import { byWorkerDataScope } from '../../om/workers/worker-reach.ts';
import { daysBetween, recomputeDays, refuseInLockedMonths, type WorkerDay } from '../requests/effects.ts';
import { conferenceErrors, overlappingConference, overlappingTrip, tripErrors } from './rules.ts';
import { tmBusinessTrips, tmConferences } from './tables.ts';

type Row = Record<string, unknown>;

/** Every (worker, day) a trip covers: what approving or canceling it asks the engine for again. */
export const tripDays = (record: Row): WorkerDay[] =>
  daysBetween(String(record.fromDate), String(record.toDate)).map((workDate) => ({
    workerId: String(record.workerId),
    workDate,
  }));

/** The one (worker, day) of a conference. */
export const conferenceDays = (record: Row): WorkerDay[] => [
  { workerId: String(record.workerId), workDate: String(record.workDate) },
];

/**
 * Approval's effect, in the approving transaction: refused (409 monthLocked) when a covered day
 * is in a locked month, else approved_at stamped and every covered day asked for again.
 */
const approving =
  (table: typeof tmBusinessTrips | typeof tmConferences, days: (record: Row) => WorkerDay[]) =>
  async ({ tx, caller }: HookContext, record: Row) => {
    const covered = days(record);
    await refuseInLockedMonths(tx, covered, 'approving a document over one of its days');
    await tx
      .update(table)
      .set({ approvedAt: sql`now()` })
      .where(eq(table.id, String(record.id)));
    if (caller.tenantId) await recomputeDays(tx, caller.tenantId, covered);
  };

const ddmmyyyy = (column: unknown) => sql`to_char(${column}, 'DD/MM/YYYY')`;
const workerName = (table: typeof tmBusinessTrips | typeof tmConferences) =>
  sql`(select w.full_name from workers w where w.tenant_id = ${table.tenantId} and w.id = ${table.workerId})`;

/**
 * Timekeeping › Documents › Business trip bound to its table (migration 0067), approvable
 * (docs/presence-requests.md). Filed for the employees the caller's data scope reaches; approved,
 * each covered day counts as worked (the engine's PRESENCE, document-source.ts).
 */
export const businessTripResource = bindResource(businessTripContract, {
  table: tmBusinessTrips,
  dataScope: byWorkerDataScope('workerId'),
  approval: { onApproved: approving(tmBusinessTrips, tripDays) },
  // "Nguyễn Văn Đi – 12/01/2026–16/01/2026": the name the list and its approval dialogs give it
  derived: {
    name: sql`(${workerName(tmBusinessTrips)} || ' – ' || ${ddmmyyyy(tmBusinessTrips.fromDate)}
               || case when ${tmBusinessTrips.toDate} <> ${tmBusinessTrips.fromDate}
                       then '–' || ${ddmmyyyy(tmBusinessTrips.toDate)} else '' end)`,
  },
  references: { workerId: workers },
  hooks: {
    validate: async ({ tx }, changes, before) => {
      const record = { ...before, ...changes };
      const errors = tripErrors(record);
      if (errors.length === 0) {
        const overlap = await overlappingTrip(tx, record);
        if (overlap) errors.push(overlap);
      }
      if (errors.length > 0) throw validationFailed(errors, 'The business trip is not valid');
    },
  },
});

/** Timekeeping › Documents › Conference: one day, whole or some hours, counted as worked once approved. */
export const conferenceResource = bindResource(conferenceContract, {
  table: tmConferences,
  dataScope: byWorkerDataScope('workerId'),
  approval: { onApproved: approving(tmConferences, conferenceDays) },
  derived: {
    name: sql`(${workerName(tmConferences)} || ' – ' || ${ddmmyyyy(tmConferences.workDate)})`,
  },
  references: { workerId: workers },
  hooks: {
    validate: async ({ tx }, changes, before) => {
      const record = { ...before, ...changes };
      const errors = conferenceErrors(record);
      if (errors.length === 0) {
        const overlap = await overlappingConference(tx, record);
        if (overlap) errors.push(overlap);
      }
      if (errors.length > 0) throw validationFailed(errors, 'The conference application is not valid');
    },
  },
});
