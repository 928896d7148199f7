import { sql, type SQL } from 'drizzle-orm';

/**
 * The condition on `workers w` of "on the roll at some time in [from, to]" (dates 'YYYY-MM-DD',
 * both included): what the timekeeping views of a period list (docs/general-timesheet.md, "Who is
 * listed"). A worker is listed unless
 * - they joined after the period (joined_date > to), or
 * - an approved resignation took effect on or before its first day (effective_date is the first
 *   day no longer employed: a resignation effective on the 15th lists them for the 1st–14th), or
 * - they are not working and no approved resignation says they left after the period began (an
 *   employee imported as having left, with no decision on record: when is unknown, so never).
 * Approved, not only applied: the daily sweep applies a decision on its effective date, and a month
 * drawn before that sweep runs lists the same people as after it.
 */
export function employedDuring(from: string, to: string): SQL {
  return sql`(
    (w.joined_date is null or w.joined_date <= ${to}::date)
    and not exists (
      select 1 from resignations r
       where r.tenant_id = w.tenant_id and r.worker_id = w.id
         and r.approval_status = 'APPROVED' and r.effective_date <= ${from}::date)
    and (w.working_status = 'WORKING' or exists (
      select 1 from resignations r
       where r.tenant_id = w.tenant_id and r.worker_id = w.id
         and r.approval_status = 'APPROVED' and r.effective_date > ${from}::date)))`;
}
