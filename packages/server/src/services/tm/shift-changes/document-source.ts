import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { readShiftPlans } from '../work-shifts/read-plans.ts';
import type { ShiftPlanCache } from '../work-shifts/shift-plan-cache.ts';
import type { ByWorkerDay, DocumentSource } from '../timesheet/inputs.ts';
import type { DayAdjustment } from '../timesheet/types.ts';
import { changesOf, type ShiftChangeDraft } from './rules.ts';

type ApprovedRequest = ShiftChangeDraft & { id: string };

/**
 * The approved shift change requests of a batch as SHIFT_CHANGE adjustments of each (worker,
 * day) they change: one for a MOVE (the chosen shift, or none: a day off), two for a SWAP (each
 * worker the other's shift). One statement on the partial indexes of approved requests (as the
 * requesting worker, and as the other of a swap), then the plans of the shifts named, through the
 * process's plan cache when given (as the work calendars' shifts are read: work-calendar-shifts.ts).
 * A request not approved, or canceled after approval, is not read: the day is the calendars' again.
 */
export function shiftChangeDocuments(cache?: ShiftPlanCache): DocumentSource {
  return {
    async adjustments(tx: Tx, workerIds: readonly string[], from: string, to: string) {
      const found = new Map<string, Map<string, DayAdjustment[]>>();
      if (workerIds.length === 0) return found;
      const ids = `{${workerIds.join(',')}}`;
      const rows = (
        (await tx.execute(sql`
          select r.id, r.kind, r.worker_id as "workerId", r.work_date::text as "workDate",
                 r.work_shift_id as "workShiftId", r.other_worker_id as "otherWorkerId",
                 r.other_work_date::text as "otherWorkDate", r.current_shift_id as "currentShiftId",
                 r.other_shift_id as "otherShiftId", current_setting('app.tenant_id', true) as tenant
            from tm_shift_change_requests r
           where r.approval_status = 'APPROVED'
             and ((r.worker_id = any(${ids}::uuid[]) and r.work_date between ${from}::date and ${to}::date)
               or (r.other_worker_id = any(${ids}::uuid[])
                   and r.other_work_date between ${from}::date and ${to}::date))
           order by r.approved_at, r.id`)) as unknown as { rows: (ApprovedRequest & { tenant: string })[] }
      ).rows;
      if (rows.length === 0) return found;
      const wanted = new Set(workerIds);
      const changes = rows.flatMap((row) =>
        changesOf(row)
          .filter((c) => wanted.has(c.workerId) && c.workDate >= from && c.workDate <= to)
          .map((c) => ({ ...c, documentId: row.id })),
      );
      const shiftIds = [...new Set(changes.flatMap((c) => (c.workShiftId ? [c.workShiftId] : [])))];
      const tenant = (rows[0] as { tenant: string }).tenant;
      const plans = cache
        ? await cache.plans(tenant, shiftIds, (missing) => readShiftPlans(tx, missing))
        : await readShiftPlans(tx, shiftIds);
      for (const change of changes) {
        const days = found.get(change.workerId) ?? new Map<string, DayAdjustment[]>();
        found.set(change.workerId, days);
        const list = days.get(change.workDate) ?? [];
        days.set(change.workDate, list);
        // a shift deleted since cannot be: the foreign key keeps it while a request names it
        const plan = change.workShiftId ? (plans.get(change.workShiftId) ?? null) : null;
        list.push({ kind: 'SHIFT_CHANGE', plan, documentId: change.documentId });
      }
      return found as ByWorkerDay<readonly DayAdjustment[]>;
    },
  };
}
