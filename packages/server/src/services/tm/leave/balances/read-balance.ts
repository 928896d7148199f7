import type { LeaveBalanceView } from '@hcm/contracts/leave-applications';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../../db/database.ts';
import { decimalDays } from '../applications/count-days.ts';
import { balanceOf } from '../ledger.ts';
import { ledgerOf } from '../ledger-store.ts';

/**
 * A worker's annual leave of a year as of a day: each kind's total, the balance, what open
 * applications drawing on it will take (pending), and every entry (two statements).
 */
export async function readBalance(
  tx: Tx,
  workerId: string,
  year: number,
  asOf: string,
): Promise<LeaveBalanceView> {
  const entries = await ledgerOf(tx, workerId, year);
  const sums = balanceOf(entries, asOf);
  const pending = (await tx.execute(sql`
    select coalesce(sum(a.days), 0)::text as days
      from tm_leave_applications a join leave_types t on t.tenant_id = a.tenant_id and t.id = a.leave_type_id
     where a.worker_id = ${workerId} and t.uses_annual_balance
       and a.approval_status in ('NEW', 'WAIT_APPROVE', 'IN_APPROVE')
       and extract(year from a.from_date) = ${year}`)) as unknown as { rows: { days: string }[] };
  return {
    workerId,
    year,
    asOf,
    accrued: decimalDays(sums.accrued),
    carriedOver: decimalDays(sums.carriedOver),
    taken: decimalDays(sums.taken),
    adjusted: decimalDays(sums.adjusted),
    expired: decimalDays(sums.expired),
    paidOut: decimalDays(sums.paidOut),
    balance: decimalDays(sums.balance),
    pending: decimalDays(Math.round(Number(pending.rows[0]?.days ?? 0) * 1000)),
    entries: entries.map((e) => ({
      id: e.id,
      kind: e.kind,
      onDay: e.on,
      days: decimalDays(e.days),
      documentId: e.documentId,
      reason: e.reason,
    })),
  };
}
