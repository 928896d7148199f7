import { sql } from 'drizzle-orm';
import type { Tx } from '../../../../db/database.ts';
import { conflictBecause } from '../../../../http/errors.ts';
import { ConflictReasons } from '@hcm/contracts';
import { daysBetween, engineInputs, recomputeDays, refuseInLockedMonths } from '../../requests/effects.ts';
import { timesheetInputs } from '../../timesheet/wiring.ts';
import type { TimesheetInputs } from '../../timesheet/inputs.ts';
import { balanceOf } from '../ledger.ts';
import { addEntries, ledgerOf } from '../ledger-store.ts';
import { countLeaveDays, decimalDays, type AskedLeave, type LeaveDay } from './count-days.ts';
import { leaveTypeOf } from './checks.ts';

type Row = Record<string, unknown>;

/** The engine's inputs as wired (the server's shift plans), else read without the plans' cache. */
export const leaveInputs = (): Pick<TimesheetInputs, 'shifts' | 'dayTypes'> =>
  engineInputs() ?? timesheetInputs();

/** The application's own fields as the day count reads them. */
export function askedOf(record: Row): AskedLeave {
  return {
    fromDate: String(record.fromDate),
    toDate: String(record.toDate),
    portion: (record.portion ?? 'DAYS') as AskedLeave['portion'],
    startHalf: (record.startHalf ?? 'WHOLE') as AskedLeave['startHalf'] & string,
    endHalf: (record.endHalf ?? 'WHOLE') as AskedLeave['endHalf'] & string,
    fromTime: (record.fromTime as string | null | undefined) ?? null,
    toTime: (record.toTime as string | null | undefined) ?? null,
  };
}

const keysOf = (workerId: string, days: readonly LeaveDay[]) =>
  days.map((d) => ({ workerId, workDate: d.workDate }));

/** What each year of the leave takes, thousandths (a leave over New Year takes from both). */
function takenByYear(days: readonly LeaveDay[]): Map<number, { days: number; first: string }> {
  const years = new Map<number, { days: number; first: string }>();
  for (const day of days) {
    const year = Number(day.workDate.slice(0, 4));
    const held = years.get(year) ?? { days: 0, first: day.workDate };
    years.set(year, { days: held.days + day.value, first: held.first });
  }
  return years;
}

/**
 * Approval's effect (in the approving transaction): refused in a locked month; approved_at
 * stamped; the days counted again as the calendar now stands (what the timesheet will show) and,
 * for a type drawing on the annual balance, checked against it once more (another leave may have
 * been approved since) and written as its TAKEN entries; the engine asked for the days again.
 */
export async function approveLeave(tx: Tx, tenantId: string, by: string | null, record: Row): Promise<void> {
  const workerId = String(record.workerId);
  const id = String(record.id);
  const days = await countLeaveDays(tx, leaveInputs(), workerId, askedOf(record));
  await refuseInLockedMonths(tx, keysOf(workerId, days), 'approving leave on one of its days');
  const type = await leaveTypeOf(tx, String(record.leaveTypeId));
  const total = days.reduce((sum, d) => sum + d.value, 0);
  await tx.execute(sql`
    update tm_leave_applications set approved_at = now(), days = ${decimalDays(total)}::numeric
     where id = ${id}`);
  if (type?.usesAnnualBalance) {
    for (const [year, taken] of takenByYear(days)) {
      if (!type.allowNegative) {
        const balance = balanceOf(await ledgerOf(tx, workerId, year), `${year}-12-31`).balance;
        if (taken.days > balance)
          throw conflictBecause(
            ConflictReasons.leaveBalance,
            `The leave takes ${decimalDays(taken.days)} days of ${year}'s annual leave: ${decimalDays(balance)} are left`,
            { asked: decimalDays(taken.days), available: decimalDays(balance), year },
          );
      }
      await addEntries(
        tx,
        tenantId,
        workerId,
        [{ kind: 'TAKEN', year, on: taken.first, days: -taken.days, documentId: id }],
        by,
      );
    }
  }
  await recomputeDays(tx, tenantId, keysOf(workerId, days));
}

/**
 * Cancel after approval's undo: the days it covered asked for again (refused in a locked month)
 * and what it took from the balance given back, entry for entry (TAKEN, positive, tied to it,
 * on the day it was taken), so the balance as of any day is exactly what it was before the
 * approval, and "taken" shows what was really taken.
 */
export async function undoLeave(tx: Tx, tenantId: string, by: string | null, before: Row): Promise<void> {
  const workerId = String(before.workerId);
  const id = String(before.id);
  const asked = askedOf(before);
  // every day of the period: the calendar may have changed since the approval
  const keys = daysBetween(asked.fromDate, asked.toDate).map((workDate) => ({ workerId, workDate }));
  await refuseInLockedMonths(tx, keys, 'canceling leave on one of its days');
  const taken = (await tx.execute(sql`
    select year, on_day::text as "on", amount from tm_leave_ledger
     where document_id = ${id} and kind = 'TAKEN' and amount < 0`)) as unknown as {
    rows: { year: number; on: string; amount: number }[];
  };
  await addEntries(
    tx,
    tenantId,
    workerId,
    taken.rows.map((row) => ({
      kind: 'TAKEN' as const,
      year: row.year,
      // on the day it was taken: the balance as of any day is what it was before the approval
      on: row.on,
      days: -row.amount,
      givenBack: true,
      documentId: id,
      reason: 'canceled after approval',
    })),
    by,
  );
  await recomputeDays(tx, tenantId, keys);
}
