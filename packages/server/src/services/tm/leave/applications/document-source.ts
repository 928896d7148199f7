import { sql } from 'drizzle-orm';
import type { Tx } from '../../../../db/database.ts';
import { daysBetween } from '../../requests/effects.ts';
import type { ByWorkerDay, DocumentSource } from '../../timesheet/inputs.ts';
import type { AbsenceReason, DayAdjustment } from '../../timesheet/types.ts';
import { partOfDay, type AskedLeave } from './count-days.ts';

interface ApprovedLeave extends AskedLeave {
  id: string;
  workerId: string;
  reason: AbsenceReason;
  paid: boolean;
}

/**
 * The approved leave applications of a batch as ABSENCE adjustments of each day they cover (the
 * engine leaves rest days and days without a shift as they are): the leave type's timesheet
 * reason (its symbol) and whether the employer pays it; a first day from its afternoon or a
 * last day to its morning as the shift's second or first half, hours as their minutes. One statement per batch on the partial index of approved
 * applications; an application canceled after approval is not read.
 */
export const leaveApplicationDocuments: DocumentSource = {
  async adjustments(tx: Tx, workerIds: readonly string[], from: string, to: string) {
    const found = new Map<string, Map<string, DayAdjustment[]>>();
    if (workerIds.length === 0) return found;
    const rows = (
      (await tx.execute(sql`
        select a.id, a.worker_id as "workerId", a.from_date::text as "fromDate", a.to_date::text as "toDate",
               a.portion, a.start_half as "startHalf", a.end_half as "endHalf",
               a.from_time as "fromTime", a.to_time as "toTime",
               t.timesheet_reason as reason, t.paid
          from tm_leave_applications a
          join leave_types t on t.tenant_id = a.tenant_id and t.id = a.leave_type_id
         where a.approval_status = 'APPROVED'
           and a.worker_id = any(${`{${workerIds.join(',')}}`}::uuid[])
           and a.from_date <= ${to}::date and a.to_date >= ${from}::date
         order by a.approved_at, a.id`)) as unknown as { rows: ApprovedLeave[] }
    ).rows;
    for (const row of rows) {
      const days = found.get(row.workerId) ?? new Map<string, DayAdjustment[]>();
      found.set(row.workerId, days);
      const first = row.fromDate > from ? row.fromDate : from;
      const last = row.toDate < to ? row.toDate : to;
      for (const day of daysBetween(first, last)) {
        const adjustment: DayAdjustment = {
          kind: 'ABSENCE',
          reason: row.reason,
          paid: row.paid,
          ...partOfDay(row, day),
          documentId: row.id,
        };
        days.set(day, [...(days.get(day) ?? []), adjustment]);
      }
    }
    return found as ByWorkerDay<readonly DayAdjustment[]>;
  },
};
