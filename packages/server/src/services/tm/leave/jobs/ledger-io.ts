import type { LeaveCase } from '@hcm/contracts/leave-policies';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../../db/database.ts';
import { employedDuring } from '../../roster/employed-during.ts';
import type { LedgerKind } from '../ledger.ts';
import { tmLeaveLedger } from '../tables.ts';
import type { WorkerService } from './plan.ts';

/* What the leave jobs read and write, in one tenant's transaction (row-level security scopes it). */

const rowsOf = async <T>(tx: Tx, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/** A uuid[] literal for `= any(...)`. */
const uuids = (ids: readonly string[]) => `{${ids.join(',')}}`;

/**
 * One leave job of a tenant at a time (the schedule's run, HR's run, another process's): taken
 * for the transaction, so each check-then-write below sees the other's writes.
 */
export async function lockTenantLeave(tx: Tx, tenantId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`leave:${tenantId}`}))`);
}

/**
 * Workers on the roll at some time in `year` (roster/employed-during.ts), after `after` by id,
 * with their unit, their hire date, their last day (the first approved resignation taking effect after the
 * year began, less a day) and their case (tm_leave_worker_cases; STANDARD without a row).
 */
export async function workersOfYear(
  tx: Tx,
  year: number,
  {
    after = '00000000-0000-0000-0000-000000000000',
    limit = 500,
    only,
  }: { after?: string; limit?: number; only?: readonly string[] } = {},
): Promise<WorkerService[]> {
  const yearStart = `${year}-01-01`;
  const found = await rowsOf<{
    worker_id: string;
    unit_id: string;
    start: string | null;
    last_day: string | null;
    leave_case: LeaveCase;
  }>(
    tx,
    sql`select w.id as worker_id, w.organization_unit_id as unit_id, w.joined_date::text as start,
               (select (min(r.effective_date) - 1)::text from resignations r
                 where r.tenant_id = w.tenant_id and r.worker_id = w.id
                   and r.approval_status = 'APPROVED' and r.effective_date > ${yearStart}::date) as last_day,
               coalesce(c.leave_case, 'STANDARD') as leave_case
          from workers w
          left join tm_leave_worker_cases c on c.tenant_id = w.tenant_id and c.worker_id = w.id
         where ${employedDuring(yearStart, `${year}-12-31`)} and w.id > ${after}::uuid
           ${only ? sql`and w.id = any(${uuids(only)}::uuid[])` : sql``}
         order by w.id limit ${limit}`,
  );
  return found.map((r) => ({
    workerId: r.worker_id,
    unitId: r.unit_id,
    start: r.start,
    lastDay: r.last_day,
    leaveCase: r.leave_case,
  }));
}

/** A ledger row as the jobs read it. */
export interface LedgerRow {
  readonly kind: LedgerKind;
  readonly on: string;
  readonly days: number;
  readonly reason: string | null;
  /** a TAKEN or PAID_OUT entry given back: the one positive TAKEN or PAID_OUT (ledger.ts) */
  readonly givenBack?: boolean;
  /** a PAID_OUT's number in the worker's year (migration 0071); null for the other kinds */
  readonly payoutNo?: number | null;
}

/** The entries of `year` of these workers, by worker, oldest first. */
export async function ledgersOf(
  tx: Tx,
  year: number,
  ids: readonly string[],
): Promise<Map<string, LedgerRow[]>> {
  const byWorker = new Map<string, LedgerRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byWorker;
  const found = await rowsOf<{
    worker_id: string;
    kind: LedgerKind;
    on_day: string;
    amount: number;
    reason: string | null;
    payout_no: number | null;
  }>(
    tx,
    sql`select worker_id, kind, on_day::text as on_day, amount, reason, payout_no from tm_leave_ledger
         where year = ${year} and worker_id = any(${uuids(ids)}::uuid[])
         order by worker_id, on_day, created_at`,
  );
  for (const row of found)
    byWorker.get(row.worker_id)?.push({
      kind: row.kind,
      on: row.on_day,
      days: row.amount,
      reason: row.reason,
      payoutNo: row.payout_no,
      // leave given back on a cancel after approval, a payout given back (ledger.ts)
      ...((row.kind === 'TAKEN' || row.kind === 'PAID_OUT') && row.amount > 0 ? { givenBack: true } : {}),
    });
  return byWorker;
}

/** An entry to write. */
export interface NewEntry {
  readonly workerId: string;
  readonly year: number;
  readonly kind: LedgerKind;
  readonly on: string;
  readonly days: number;
  readonly reason?: string;
  /** a PAID_OUT's number (and the one its giving back shares) */
  readonly payoutNo?: number;
}

/**
 * Inserts the entries; one a key already holds (0065's, 0069's and 0071's unique indexes: one
 * accrual a day, one carry-over and expiry a year, one payout of a number and one giving it back)
 * is skipped. Answers how many were written.
 */
export async function writeEntries(tx: Tx, tenantId: string, entries: readonly NewEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const written = await tx
    .insert(tmLeaveLedger)
    .values(
      entries.map((e) => ({
        tenantId,
        workerId: e.workerId,
        year: e.year,
        kind: e.kind,
        onDay: e.on,
        amount: e.days,
        reason: e.reason ?? null,
        payoutNo: e.payoutNo ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: tmLeaveLedger.id });
  return written.length;
}
