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

/**
 * The reasons of the entries that give a leaver's settlement back when the resignation no longer
 * ends employment on that day (canceled, or another last day): the pro rata adjustment given back
 * (ADJUSTED) and the payout given back (a positive PAID_OUT of the payout's number). They name the
 * entries, so the payout counts them with the adjustments they give back.
 */
export const LEAVING_GIVEN_BACK_REASON =
  'Hoàn lại điều chỉnh phép năm khi nghỉ việc: quyết định nghỉ việc đã huỷ hoặc đổi ngày (leaving adjustment given back)';
export const PAYOUT_GIVEN_BACK_REASON =
  'Hoàn lại phép năm đã thanh toán khi nghỉ việc: quyết định nghỉ việc đã huỷ hoặc đổi ngày (payout given back)';

const rowsOf = async <T>(tx: Tx, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * A leaver's settlement of last year or this whose day is no longer the worker's last day of that
 * year (docs/leave.md "A resignation canceled or moved after its payout"): the approved
 * resignation it was written for was canceled, or another one ends employment on another day.
 * What it took is given back on the settlement's own day, as a leave canceled after approval is
 * (applications/effects.ts undoLeave), so the balance as of any day is what it was before: each
 * payout not given back by a positive PAID_OUT of its number, and the pro rata adjustments of that
 * day (with what gave them back before) by one ADJUSTED entry. Once: what was given back sums to
 * zero, and the key refuses a second PAID_OUT giving back one number. Answers the entries written.
 */
export async function giveBackSettlements(tx: Tx, tenantId: string, today: string): Promise<number> {
  const since = Number(today.slice(0, 4)) - 1;
  const stale = await rowsOf<{
    worker_id: string;
    year: number;
    kind: 'PAID_OUT' | 'ADJUSTED';
    on_day: string;
    payout_no: number | null;
    amount: number;
  }>(
    tx,
    sql`select l.worker_id, l.year, l.kind, l.on_day::text as on_day, l.payout_no, sum(l.amount)::int as amount
          from tm_leave_ledger l
         where l.kind in ('PAID_OUT', 'ADJUSTED') and l.year >= ${since}
           and (l.kind = 'PAID_OUT' or l.reason in (${LEAVING_ADJUSTMENT_REASON}, ${LEAVING_GIVEN_BACK_REASON}))
           and l.on_day is distinct from (
                 select min(r.effective_date) - 1 from resignations r
                  where r.tenant_id = l.tenant_id and r.worker_id = l.worker_id
                    and r.approval_status = 'APPROVED' and r.effective_date > make_date(l.year, 1, 1))
         group by l.worker_id, l.year, l.kind, l.on_day, l.payout_no
        having sum(l.amount) <> 0
         order by l.worker_id, l.year, l.on_day, l.kind`,
  );
  return writeEntries(
    tx,
    tenantId,
    stale.map((row) =>
      row.kind === 'PAID_OUT'
        ? {
            workerId: row.worker_id,
            year: row.year,
            kind: 'PAID_OUT' as const,
            on: row.on_day,
            days: -row.amount,
            payoutNo: row.payout_no ?? 1,
            reason: PAYOUT_GIVEN_BACK_REASON,
          }
        : {
            workerId: row.worker_id,
            year: row.year,
            kind: 'ADJUSTED' as const,
            on: row.on_day,
            days: -row.amount,
            reason: LEAVING_GIVEN_BACK_REASON,
          },
    ),
  );
}

/** The job's corrections of what accrued, counted with the accruals against the pro rata share. */
const ACCRUAL_CORRECTIONS: readonly (string | null)[] = [
  LEAVING_ADJUSTMENT_REASON,
  LEAVING_GIVEN_BACK_REASON,
  MONTHS_ADJUSTMENT_REASON,
];

/**
 * The untaken leave paid out when employment ends (Labour Code 2019 art. 113(3); docs/leave.md
 * "The leave jobs"), for one tenant: each worker whose approved resignation's last day (its
 * effective date − 1) has come by `today`, last year or this, and who has no payout of that year
 * standing (none, or each given back: giveBackSettlements). The year's accruals up to the last day
 * are written first (the months that count read from the timesheet as known today), an accrual
 * beyond the pro rata share taken back (ADJUSTED; the job's earlier month corrections and a
 * settlement given back count as accrued), then PAID_OUT = what the year's entries leave
 * (payableOnLeaving over all of them: an accrual written after the last day before the leaving
 * was known is in what the adjustment took back) with the next payout number — once (the unique
 * key tm_leave_ledger_paid_out_key). Answers the entries written.
 */
export async function payOutLeavers(tx: Tx, tenantId: string, today: string): Promise<number> {
  const since = `${Number(today.slice(0, 4)) - 1}-01-01`;
  const leavers = await rowsOf<{ worker_id: string; last_day: string }>(
    tx,
    sql`select r.worker_id, (min(r.effective_date) - 1)::text as last_day
          from resignations r
         where r.approval_status = 'APPROVED'
           and r.effective_date - 1 <= ${today}::date and r.effective_date - 1 >= ${since}::date
           and (select coalesce(sum(l.amount), 0) from tm_leave_ledger l
                 where l.worker_id = r.worker_id and l.kind = 'PAID_OUT'
                   and l.year = extract(year from r.effective_date - 1)) = 0
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
        (e) => e.kind === 'ACCRUED' || (e.kind === 'ADJUSTED' && ACCRUAL_CORRECTIONS.includes(e.reason)),
      )
      .reduce((sum, e) => sum + e.days, 0);
    const entries = [];
    if (accrued > plan.days) {
      const back = { kind: 'ADJUSTED' as const, on: leaver.last_day, days: plan.days - accrued };
      entries.push({ ...back, workerId: worker.workerId, year, reason: LEAVING_ADJUSTMENT_REASON });
      ledger.push({ ...back, reason: LEAVING_ADJUSTMENT_REASON });
    }
    // every entry of the year, whatever its day (the ledger's year ends a year after it at most)
    const payable = payableOnLeaving(ledger, `${year + 1}-12-31`);
    const payoutNo = 1 + Math.max(0, ...ledger.map((e) => (e.kind === 'PAID_OUT' ? (e.payoutNo ?? 1) : 0)));
    if (payable > 0)
      entries.push({
        workerId: worker.workerId,
        year,
        kind: 'PAID_OUT' as const,
        on: leaver.last_day,
        days: -payable,
        payoutNo,
      });
    written += await writeEntries(tx, tenantId, entries);
  }
  return written;
}
