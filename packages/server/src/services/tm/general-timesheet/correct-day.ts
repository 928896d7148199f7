import { FieldErrorKeys } from '@hcm/contracts';
import { GeneralTimesheetLimits } from '@hcm/contracts/general-timesheet';
import { sql } from 'drizzle-orm';
import { ensureMonthPartitions } from '../../../bulk/index.ts';
import type { Tx } from '../../../db/database.ts';
import type { Scope } from '../../../db/tenant-scope.ts';
import { notFound, validationFailed } from '../../../http/errors.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import { recordActions, type ActionContext } from '../../../resources/action-log/record-actions.ts';
import { dayRecordStore } from '../tables/day-records.ts';
import type { MonthLockSource } from '../timesheet/inputs.ts';
import { requestDayRecomputation } from '../timesheet/recompute-keys.ts';
import { monthLocked } from '../timesheets/resource.ts';
import { reachedWorkersCondition } from './read-grid.ts';

/** What HR asks: set a cell (symbol and/or paid value) or clear it, always with a reason. */
export interface CellChange {
  readonly workerId: string;
  /** the grid's month 'YYYY-MM': the day must lie in it */
  readonly month: string;
  readonly workDate: string;
  readonly reason: string;
  /** absent: clear the correction */
  readonly set?: { readonly symbol: string | null; readonly paidUnits: number | null };
}

/** The action log's resource of a day record (the bulk path's: tables/day-records.ts). */
export const DAY_RECORD_RESOURCE = 'tm_day_record';

const bad = (field: string, message: string) =>
  validationFailed([{ field, code: FieldErrorKeys.invalidValue, message }], message);

interface Before {
  corrected_symbol: string | null;
  corrected_paid_units: number | null;
  correction_reason: string | null;
  corrected_at: string | null;
}

/**
 * Checks everything before writing anything (docs/general-timesheet.md, "Correcting a cell"):
 * the reason (1 to 500 characters once trimmed), the day a real date of the month, the symbol's
 * length, the paid value's range, the worker one the caller reaches, the month not locked. Then
 * one upsert of the day record's correction fields (the engine keeps them when it computes the
 * day again) and its action-log entry, in the caller's transaction. Clearing hands the day back
 * to the engine: the fields emptied and the day asked for again.
 */
export async function changeCell(
  tx: Tx,
  caller: Scope & { tenantId: string },
  context: ActionContext,
  deps: { locks: MonthLockSource; queue: Pick<JobQueue, 'enqueue'>; now: Date },
  change: CellChange,
): Promise<{ workerId: string; workDate: string; corrected: boolean }> {
  const reason = change.reason.trim();
  if (reason.length === 0) throw bad('reason', 'Say why the cell is corrected');
  if (reason.length > GeneralTimesheetLimits.reasonMaxLength)
    throw bad('reason', `The reason is at most ${GeneralTimesheetLimits.reasonMaxLength} characters`);
  if (!isDateOf(change.workDate, change.month)) throw bad('workDate', `Not a day of ${change.month}`);
  const set = change.set;
  if (set) {
    if (set.symbol === null && set.paidUnits === null)
      throw bad('symbol', 'Give the symbol, the paid value, or both');
    if (set.symbol !== null && set.symbol.trim().length > GeneralTimesheetLimits.symbolMaxLength)
      throw bad('symbol', `A symbol is at most ${GeneralTimesheetLimits.symbolMaxLength} characters`);
    if (
      set.paidUnits !== null &&
      (!Number.isInteger(set.paidUnits) ||
        set.paidUnits < 0 ||
        set.paidUnits > GeneralTimesheetLimits.paidUnitsMax)
    )
      throw bad('paidUnits', 'The paid value is thousandths of a day, from 0 to 99999');
  }
  const reached = await reachedWorkersCondition(tx, caller);
  const worker = (
    (await tx.execute(
      sql`select w.id from workers w where w.id = ${change.workerId}::uuid and ${reached}`,
    )) as unknown as { rows: { id: string }[] }
  ).rows[0];
  if (!worker) throw notFound('No such employee');
  const locked = await deps.locks.lockedMonths(tx, [change.workerId], [change.month]);
  if (locked.get(change.workerId)?.has(change.month))
    throw monthLocked(
      change.month,
      `The timesheet of ${change.month} is approved and locked: reopen it before correcting a day`,
    );

  const before = (
    (await tx.execute(sql`
      select corrected_symbol, corrected_paid_units, correction_reason, corrected_at::text as corrected_at
        from tm_day_records
       where tenant_id = ${caller.tenantId}::uuid and work_date = ${change.workDate}::date
         and worker_id = ${change.workerId}::uuid`)) as unknown as { rows: Before[] }
  ).rows[0];
  const at = deps.now.toISOString();
  if (set) {
    const symbol = set.symbol === null ? null : set.symbol.trim();
    await ensureMonthPartitions(tx, dayRecordStore, change.workDate, change.workDate);
    await tx.execute(sql`
      insert into tm_day_records (tenant_id, work_date, worker_id, corrected_symbol, corrected_paid_units,
                                  correction_reason, corrected_by, corrected_at)
      values (${caller.tenantId}::uuid, ${change.workDate}::date, ${change.workerId}::uuid, ${symbol},
              ${set.paidUnits}, ${reason}, ${caller.userId}::uuid, ${at}::timestamptz)
      on conflict (tenant_id, work_date, worker_id) do update
        set corrected_symbol = excluded.corrected_symbol, corrected_paid_units = excluded.corrected_paid_units,
            correction_reason = excluded.correction_reason, corrected_by = excluded.corrected_by,
            corrected_at = excluded.corrected_at`);
    await recordActions(tx, context, [
      {
        resource: DAY_RECORD_RESOURCE,
        recordId: `${change.workDate}|${change.workerId}`,
        action: 'UPDATE',
        changes: {
          correctedSymbol: { before: before?.corrected_symbol ?? null, after: symbol },
          correctedPaidUnits: { before: before?.corrected_paid_units ?? null, after: set.paidUnits },
          correctionReason: { before: before?.correction_reason ?? null, after: reason },
        },
      },
    ]);
    return { workerId: change.workerId, workDate: change.workDate, corrected: true };
  }
  if (!before?.corrected_at) throw bad('workDate', 'This day has no correction to clear');
  await tx.execute(sql`
    update tm_day_records
       set corrected_symbol = null, corrected_paid_units = null, correction_reason = null,
           corrected_by = null, corrected_at = null
     where tenant_id = ${caller.tenantId}::uuid and work_date = ${change.workDate}::date
       and worker_id = ${change.workerId}::uuid`);
  await recordActions(tx, context, [
    {
      resource: DAY_RECORD_RESOURCE,
      recordId: `${change.workDate}|${change.workerId}`,
      action: 'UPDATE',
      changes: {
        correctedSymbol: { before: before.corrected_symbol, after: null },
        correctedPaidUnits: { before: before.corrected_paid_units, after: null },
        correctionReason: { before: before.correction_reason, after: null },
        clearedBecause: { before: null, after: reason },
      },
    },
  ]);
  // the engine's own view of the day again, with what it knows now
  await requestDayRecomputation(tx, deps.queue, caller.tenantId, [
    { workerId: change.workerId, workDate: change.workDate },
  ]);
  return { workerId: change.workerId, workDate: change.workDate, corrected: false };
}

/** A real calendar date 'YYYY-MM-DD' inside the month 'YYYY-MM'. */
function isDateOf(day: string, month: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day.slice(0, 7) !== month) return false;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
