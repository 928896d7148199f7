import { shiftChangeRequestContract } from '@hcm/contracts/shift-change-requests';
import { eq, sql } from 'drizzle-orm';
import { bindResource } from '../../../resources/index.ts';
import { workers } from '../../om/tables/workers.ts';
import { byWorkerDataScope } from '../../om/workers/worker-reach.ts';
import { recomputeDays, refuseInLockedMonths } from '../requests/effects.ts';
import { workShifts } from '../work-shifts/tables.ts';
import { changedDays, daysToRecompute, refuseIfCalendarsMoved, settleShiftChange } from './rules.ts';
import { tmShiftChangeRequests } from './tables.ts';

/**
 * Timekeeping › Documents › Change shift bound to its table (migration 0068), approvable
 * (docs/shift-change-requests.md). A caller files requests for the employees their data scope
 * reaches (byWorkerDataScope), and swaps only with an employee it reaches too (rules.ts). Each
 * save resolves the named workers' shifts that day by the work calendars and checks the request
 * against them. Approval refuses in a locked month (409 monthLocked) or when the calendars no
 * longer give the shifts the request was saved with (409), stamps approved_at and asks the engine
 * for the changed days and the day either side of each, in the approving transaction.
 */
export const shiftChangeRequestResource = bindResource(shiftChangeRequestContract, {
  table: tmShiftChangeRequests,
  dataScope: byWorkerDataScope('workerId'),
  approval: {
    onApproved: async ({ tx, caller }, record) => {
      await refuseInLockedMonths(tx, changedDays(record), 'approving a change to one of its days');
      await refuseIfCalendarsMoved(tx, record);
      await tx
        .update(tmShiftChangeRequests)
        .set({ approvedAt: sql`now()` })
        .where(eq(tmShiftChangeRequests.id, String(record.id)));
      if (caller.tenantId) await recomputeDays(tx, caller.tenantId, daysToRecompute(record));
    },
  },
  // "Nguyễn Thị May – 12/01/2026": the name the list and its approval dialogs give a request
  derived: {
    name: sql`((select w.full_name from workers w where w.tenant_id = ${tmShiftChangeRequests.tenantId}
                 and w.id = ${tmShiftChangeRequests.workerId}) || ' – ' || to_char(${tmShiftChangeRequests.workDate}, 'DD/MM/YYYY'))`,
  },
  references: {
    workerId: workers,
    otherWorkerId: workers,
    workShiftId: workShifts,
    currentShiftId: workShifts,
    otherShiftId: workShifts,
  },
  hooks: {
    beforeCreate: ({ tx, caller }, values) => settleShiftChange(tx, caller, values, values),
    beforeUpdate: ({ tx, caller }, before, changes) =>
      settleShiftChange(tx, caller, { ...before, ...changes }, changes),
  },
});
