import { sql } from 'drizzle-orm';
import type { Tx } from '../../../../db/database.ts';
import { payableOnLeaving } from '../ledger.ts';
import { accrueWorkers, MONTHS_ADJUSTMENT_REASON } from './accrue.ts';
import { ledgersOf, workersOfYear, writeEntries } from './ledger-io.ts';

/**
 * The reason of the entry that brings a leaver's accrued leave down to the year's pro rata
 * share (leave accrued ahead: the whole year on 1 January, or a month that did not count). It
 * names the entry, so a later run finds it and never writes it twice.
 */
export const LEAVING_ADJUSTMENT_REASON =
  'Điều chỉnh phép năm theo số tháng làm việc khi nghỉ việc (pro rata on leaving)';

const rowsOf = async <T>(tx: Tx, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * The untaken leave paid out when employment ends (Labour Code 2019 art. 113(3); docs/leave.md
 * "The leave jobs"), for one tenant: each worker whose approved resignation's last day (its
 * effective date − 1) has come by `today`, last year or this, and who has no payout for that
 * year yet. The year's accruals up to the last day are written first (the months that count read
 * from the timesheet as known today), an accrual beyond the pro rata share taken back (ADJUSTED;
 * the job's earlier month corrections count as accrued), then PAID_OUT = payableOnLeaving on the last day — once (the
 * unique key tm_leave_ledger_paid_out_key). Answers the entries written.
 */
export async function payOutLeavers(tx: Tx, tenantId: string, today: string): Promise<number> {
  const since = `${Number(today.slice(0, 4)) - 1}-01-01`;
  const leavers = await rowsOf<{ worker_id: string; last_day: string }>(
    tx,
    sql`select r.worker_id, (min(r.effective_date) - 1)::text as last_day
          from resignations r
         where r.approval_status = 'APPROVED'
           and r.effective_date - 1 <= ${today}::date and r.effective_date - 1 >= ${since}::date
           and not exists (select 1 from tm_leave_ledger l
                            where l.worker_id = r.worker_id and l.kind = 'PAID_OUT'
                              and l.year = extract(year from r.effective_date - 1))
         group by r.worker_id`,
  );
  let written = 0;
  for (const leaver of leavers) {
    const year = Number(leaver.last_day.slice(0, 4));
    const [worker] = await workersOfYear(tx, year, { only: [leaver.worker_id], limit: 1 });
    if (!worker || worker.lastDay !== leaver.last_day) continue;
    // the months that count by the timesheet as known today (the last month, over or not)
    const accrual = await accrueWorkers(tx, tenantId, year, leaver.last_day, [worker], {
      reading: 'ALWAYS',
      knownOn: today,
    });
    written += accrual.written;
    const plan = accrual.plans.get(worker.workerId);
    if (!plan) continue;
    const ledger = (await ledgersOf(tx, year, [worker.workerId])).get(worker.workerId) ?? [];
    const accrued = ledger
      .filter(
        (e) =>
          e.kind === 'ACCRUED' ||
          (e.kind === 'ADJUSTED' &&
            (e.reason === LEAVING_ADJUSTMENT_REASON || e.reason === MONTHS_ADJUSTMENT_REASON)),
      )
      .reduce((sum, e) => sum + e.days, 0);
    const entries = [];
    if (accrued > plan.days) {
      const back = { kind: 'ADJUSTED' as const, on: leaver.last_day, days: plan.days - accrued };
      entries.push({ ...back, workerId: worker.workerId, year, reason: LEAVING_ADJUSTMENT_REASON });
      ledger.push({ ...back, reason: LEAVING_ADJUSTMENT_REASON });
    }
    const payable = payableOnLeaving(ledger, leaver.last_day);
    if (payable > 0)
      entries.push({
        workerId: worker.workerId,
        year,
        kind: 'PAID_OUT' as const,
        on: leaver.last_day,
        days: -payable,
      });
    written += await writeEntries(tx, tenantId, entries);
  }
  return written;
}
