import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import type { ByWorkerDay, DocumentSource } from '../timesheet/inputs.ts';
import type { DayAdjustment } from '../timesheet/types.ts';
import { periodOf } from './period.ts';

interface ApprovedRegistration {
  id: string;
  workerId: string;
  workDate: string;
  fromTime: string;
  toTime: string;
}

/**
 * The approved overtime registrations of a batch as OVERTIME adjustments of their (worker, day):
 * the registered minutes of the work day (past 1440 when it ends after midnight). The engine's
 * REGISTERED overtime mode counts the presence inside them as overtime, so what is paid is what
 * was registered and approved, bounded by the punches (docs/overtime-registrations.md). One
 * statement per batch; a registration not approved, or canceled after approval, is not read.
 */
export const overtimeRegistrationDocuments: DocumentSource = {
  async adjustments(tx: Tx, workerIds: readonly string[], from: string, to: string) {
    const found = new Map<string, Map<string, DayAdjustment[]>>();
    if (workerIds.length === 0) return found;
    const rows = (
      (await tx.execute(sql`
        select r.id, r.worker_id as "workerId", r.work_date::text as "workDate",
               r.from_time as "fromTime", r.to_time as "toTime"
          from tm_overtime_registrations r
         where r.approval_status = 'APPROVED'
           and r.worker_id = any(${`{${workerIds.join(',')}}`}::uuid[])
           and r.work_date between ${from}::date and ${to}::date
         order by r.approved_at, r.id`)) as unknown as { rows: ApprovedRegistration[] }
    ).rows;
    for (const row of rows) {
      const days = found.get(row.workerId) ?? new Map<string, DayAdjustment[]>();
      found.set(row.workerId, days);
      const list = days.get(row.workDate) ?? [];
      days.set(row.workDate, list);
      list.push({ kind: 'OVERTIME', period: periodOf(row.fromTime, row.toTime), documentId: row.id });
    }
    return found as ByWorkerDay<readonly DayAdjustment[]>;
  },
};
