import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { checkedEntry, type LedgerEntry, type LedgerKind } from './ledger.ts';

/** A ledger entry as stored. */
export interface StoredEntry extends LedgerEntry {
  readonly id: string;
  readonly year: number;
  readonly documentId: string | null;
  readonly reason: string | null;
}

/** A worker's entries of a year, in the order they moved the balance (one statement). */
export async function ledgerOf(tx: Tx, workerId: string, year: number): Promise<StoredEntry[]> {
  const found = (await tx.execute(sql`
    select id, kind, on_day::text as "on", amount as days, year, document_id as "documentId", reason
      from tm_leave_ledger
     where worker_id = ${workerId} and year = ${year}
     order by on_day, created_at, id`)) as unknown as { rows: (StoredEntry & { kind: LedgerKind })[] };
  return found.rows.map((row) => ({
    ...row,
    ...((row.kind === 'TAKEN' || row.kind === 'PAID_OUT') && row.days > 0 ? { givenBack: true } : {}),
  }));
}

/** Entries to write: each checked (its sign by its kind) before it is. */
export interface NewEntry extends LedgerEntry {
  readonly year: number;
  readonly documentId?: string | null;
  readonly reason?: string | null;
}

/** Writes entries in one statement (the ledger is never updated: a correction is an entry). */
export async function addEntries(
  tx: Tx,
  tenantId: string,
  workerId: string,
  entries: readonly NewEntry[],
  by: string | null,
): Promise<void> {
  if (entries.length === 0) return;
  entries.forEach(checkedEntry);
  const values = entries.map(
    (e) =>
      sql`(${tenantId}::uuid, ${workerId}::uuid, ${e.year}, ${e.kind}, ${e.on}::date, ${e.days},
           ${e.documentId ?? null}::uuid, ${e.reason ?? null}, ${by}::uuid)`,
  );
  await tx.execute(sql`
    insert into tm_leave_ledger (tenant_id, worker_id, year, kind, on_day, amount, document_id, reason, created_by)
    values ${sql.join(values, sql`, `)}`);
}
