import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import type { ByWorkerDay, DocumentSource } from '../timesheet/inputs.ts';
import type { DayAdjustment } from '../timesheet/types.ts';

interface ApprovedRequest {
  id: string;
  workerId: string;
  workDate: string;
  mode: 'ADD' | 'REPLACE';
  punches: { time: string; nextDay: boolean | null }[];
}

/** 'HH:mm' of the work day (the next morning's when `nextDay`) as minutes from its 00:00. */
export function minuteOfRequested(time: string, nextDay: boolean): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours as number) * 60 + (minutes as number) + (nextDay ? 1440 : 0);
}

/**
 * The approved work update requests of a batch as PUNCHES adjustments of their (worker, day), in
 * the order they were approved (a later request builds on an earlier one): one statement per
 * batch on the partial index of approved requests. A request not approved, or canceled after
 * approval, is not read: the day is then its own punches again.
 */
export const workUpdateRequestDocuments: DocumentSource = {
  async adjustments(tx: Tx, workerIds: readonly string[], from: string, to: string) {
    const found = new Map<string, Map<string, DayAdjustment[]>>();
    if (workerIds.length === 0) return found;
    const rows = (
      (await tx.execute(sql`
        select r.id, r.worker_id as "workerId", r.work_date::text as "workDate", r.mode,
               coalesce((select json_agg(json_build_object('time', p.time, 'nextDay', p.next_day) order by p.position)
                           from tm_work_update_request_punches p
                          where p.tenant_id = r.tenant_id and p.request_id = r.id), '[]') as punches
          from tm_work_update_requests r
         where r.approval_status = 'APPROVED'
           and r.worker_id = any(${`{${workerIds.join(',')}}`}::uuid[])
           and r.work_date between ${from}::date and ${to}::date
         order by r.approved_at, r.id`)) as unknown as { rows: ApprovedRequest[] }
    ).rows;
    for (const row of rows) {
      const days = found.get(row.workerId) ?? new Map<string, DayAdjustment[]>();
      found.set(row.workerId, days);
      const list = days.get(row.workDate) ?? [];
      days.set(row.workDate, list);
      list.push({
        kind: 'PUNCHES',
        minutes: row.punches.map((p) => minuteOfRequested(p.time, p.nextDay === true)),
        replace: row.mode === 'REPLACE',
        documentId: row.id,
      });
    }
    return found as ByWorkerDay<readonly DayAdjustment[]>;
  },
};
