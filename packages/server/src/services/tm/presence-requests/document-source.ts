import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { daysBetween } from '../requests/effects.ts';
import type { ByWorkerDay, DocumentSource } from '../timesheet/inputs.ts';
import type { DayAdjustment, MinuteRange, PresenceReason } from '../timesheet/types.ts';
import { periodOf } from './rules.ts';

interface Approved {
  id: string;
  workerId: string;
  fromDate: string;
  toDate: string;
  fromTime: string | null;
  toTime: string | null;
}

/** Adds a PRESENCE adjustment to each day of `row` within from..to. */
function place(
  found: Map<string, Map<string, DayAdjustment[]>>,
  row: Approved,
  reason: PresenceReason,
  from: string,
  to: string,
): void {
  const days = found.get(row.workerId) ?? new Map<string, DayAdjustment[]>();
  found.set(row.workerId, days);
  const period: MinuteRange | null = periodOf({ fromTime: row.fromTime, toTime: row.toTime });
  const first = row.fromDate > from ? row.fromDate : from;
  const last = row.toDate < to ? row.toDate : to;
  for (const day of daysBetween(first, last)) {
    const list = days.get(day) ?? [];
    days.set(day, list);
    list.push(
      period
        ? { kind: 'PRESENCE', reason, period, documentId: row.id }
        : { kind: 'PRESENCE', reason, documentId: row.id },
    );
  }
}

const idsOf = (workerIds: readonly string[]) => `{${workerIds.join(',')}}`;

/**
 * The approved business trips and conferences of a batch as PRESENCE adjustments of every day
 * they cover (docs/presence-requests.md): no times, the whole of the day's shift counts as worked
 * (and a rest day stays a rest day); with times, those minutes of the work day. Two statements per
 * batch on the partial indexes of approved documents. A document not approved, or canceled after
 * approval, is not read: the days are their own punches again.
 */
export const presenceRequestDocuments: DocumentSource = {
  async adjustments(tx: Tx, workerIds: readonly string[], from: string, to: string) {
    const found = new Map<string, Map<string, DayAdjustment[]>>();
    if (workerIds.length === 0) return found;
    const trips = (
      (await tx.execute(sql`
        select id, worker_id as "workerId", from_date::text as "fromDate", to_date::text as "toDate",
               from_time as "fromTime", to_time as "toTime"
          from tm_business_trips
         where approval_status = 'APPROVED'
           and worker_id = any(${idsOf(workerIds)}::uuid[])
           and from_date <= ${to}::date and to_date >= ${from}::date
         order by approved_at, id`)) as unknown as { rows: Approved[] }
    ).rows;
    for (const row of trips) place(found, row, 'BUSINESS_TRIP', from, to);
    const conferences = (
      (await tx.execute(sql`
        select id, worker_id as "workerId", work_date::text as "fromDate", work_date::text as "toDate",
               from_time as "fromTime", to_time as "toTime"
          from tm_conferences
         where approval_status = 'APPROVED'
           and worker_id = any(${idsOf(workerIds)}::uuid[])
           and work_date between ${from}::date and ${to}::date
         order by approved_at, id`)) as unknown as { rows: Approved[] }
    ).rows;
    for (const row of conferences) place(found, row, 'CONFERENCE', from, to);
    return found as ByWorkerDay<readonly DayAdjustment[]>;
  },
};
