import { FieldErrorKeys } from '@hcm/contracts';
import { PresenceRequestLimits } from '@hcm/contracts/presence-requests';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { daysBetween } from '../requests/effects.ts';

type Row = Record<string, unknown>;
const rows = async <T>(tx: Tx, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
export type FieldError = {
  field: string;
  code: string;
  message: string;
  params?: Readonly<Record<string, string | number>>;
};

/** 'HH:mm' as minutes from the day's 00:00. */
export function minuteOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours as number) * 60 + (minutes as number);
}

/** A text the form left empty is no value. */
const given = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** dd/MM/yyyy, as the pages write a day. */
const shown = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * From and to times: both or neither, the end after the start (each is 'HH:mm' of 00:00–23:59 by
 * the contract's pattern; a shift's 24:00 end is asked as 23:59).
 */
function timeErrors(record: Row): FieldError[] {
  const from = given(record.fromTime);
  const to = given(record.toTime);
  if (from === null && to === null) return [];
  if (from === null || to === null)
    return [
      {
        field: from === null ? 'fromTime' : 'toTime',
        code: FieldErrorKeys.presenceTimesPair,
        message: 'give both times, or neither for the whole day',
      },
    ];
  if (minuteOf(to) <= minuteOf(from))
    return [
      {
        field: 'toTime',
        code: FieldErrorKeys.presenceTimeOrder,
        message: `is not after ${from}`,
        params: { from },
      },
    ];
  return [];
}

/** The times of a document as a range of minutes (null: the whole day). */
export function periodOf(record: Row): { start: number; end: number } | null {
  const from = given(record.fromTime);
  const to = given(record.toTime);
  return from && to ? { start: minuteOf(from), end: minuteOf(to) } : null;
}

const rangesMeet = (a: { start: number; end: number } | null, b: { start: number; end: number } | null) =>
  a === null || b === null || (a.start < b.end && b.start < a.end);

/**
 * A business trip's own rules: the period runs forwards and covers at most
 * PresenceRequestLimits.tripDays days; times only for a trip within one day.
 */
export function tripErrors(record: Row): FieldError[] {
  const errors: FieldError[] = [];
  const from = given(record.fromDate);
  const to = given(record.toDate);
  if (from && to && to < from)
    errors.push({
      field: 'toDate',
      code: FieldErrorKeys.presenceToBeforeFrom,
      message: `is before the from date ${shown(from)}`,
      params: { from: shown(from) },
    });
  else if (from && to && daysBetween(from, to).length > PresenceRequestLimits.tripDays)
    errors.push({
      field: 'toDate',
      code: FieldErrorKeys.presenceTooLong,
      message: `the trip covers ${daysBetween(from, to).length} days: at most ${PresenceRequestLimits.tripDays}`,
      params: { days: daysBetween(from, to).length, limit: PresenceRequestLimits.tripDays },
    });
  const times = timeErrors(record);
  if (times.length > 0) errors.push(...times);
  else if (periodOf(record) !== null && from !== to)
    errors.push({
      field: 'fromTime',
      code: FieldErrorKeys.presenceHoursOneDay,
      message:
        'hours are given for a trip within one day only (from date = to date); leave them empty for whole days',
    });
  return errors;
}

/** A conference's own rules: both times or neither, the end after the start. */
export const conferenceErrors = (record: Row): FieldError[] => timeErrors(record);

/**
 * Another trip of the worker, not canceled, sharing a day with this one (two one-day trips with
 * hours may share the day when their hours do not meet): named, so the user finds it.
 */
export async function overlappingTrip(tx: Tx, record: Row): Promise<FieldError | null> {
  const from = given(record.fromDate);
  const to = given(record.toDate);
  if (!from || !to || to < from || typeof record.workerId !== 'string') return null;
  const found = await rows<Row & { fromDate: string; toDate: string; destination: string }>(
    tx,
    sql`select from_date::text as "fromDate", to_date::text as "toDate", from_time as "fromTime",
               to_time as "toTime", destination
          from tm_business_trips
         where worker_id = ${record.workerId} and approval_status <> 'CANCELED'
           and id <> ${typeof record.id === 'string' ? record.id : '00000000-0000-0000-0000-000000000000'}
           and from_date <= ${to}::date and to_date >= ${from}::date
         order by from_date
         limit 10`,
  );
  const hit = found.find((other) => rangesMeet(periodOf(other), periodOf(record)));
  if (!hit) return null;
  return {
    field: 'fromDate',
    code: FieldErrorKeys.tripOverlap,
    message: `overlaps the employee's trip to ${hit.destination} from ${shown(hit.fromDate)} to ${shown(hit.toDate)}`,
    params: { destination: hit.destination, from: shown(hit.fromDate), to: shown(hit.toDate) },
  };
}

/** Another conference of the worker on the day, not canceled, whose hours meet this one's. */
export async function overlappingConference(tx: Tx, record: Row): Promise<FieldError | null> {
  const day = given(record.workDate);
  if (!day || typeof record.workerId !== 'string') return null;
  const found = await rows<Row & { place: string }>(
    tx,
    sql`select from_time as "fromTime", to_time as "toTime", place
          from tm_conferences
         where worker_id = ${record.workerId} and approval_status <> 'CANCELED'
           and id <> ${typeof record.id === 'string' ? record.id : '00000000-0000-0000-0000-000000000000'}
           and work_date = ${day}::date
         limit 50`,
  );
  const hit = found.find((other) => rangesMeet(periodOf(other), periodOf(record)));
  if (!hit) return null;
  const hours = periodOf(hit) ? `${String(hit.fromTime)}–${String(hit.toTime)}` : null;
  return {
    field: 'workDate',
    code: hours ? FieldErrorKeys.conferenceOverlap : FieldErrorKeys.conferenceOverlapDay,
    message: `overlaps the employee's conference at ${hit.place} on ${shown(day)} (${hours ?? 'the whole day'})`,
    params: { place: hit.place, date: shown(day), ...(hours ? { hours } : {}) },
  };
}
