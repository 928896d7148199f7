import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';

/**
 * Writes the validity `today` gives to every contract of the transaction's tenant whose stored
 * validity differs (a contract that came into force or expired overnight); the number changed.
 * The date sweep (../date-sweep.ts) calls it for every tenant. The validity is derived, so neither the version nor the audit columns move: a form open on
 * the contract still saves.
 */
export async function refreshContractValidity(tx: Tx, today: string): Promise<number> {
  const computed = sql`case when ${today}::date < effective_date then 'NOT_EFFECTIVE'
    when expiry_date is not null and ${today}::date > expiry_date then 'EXPIRE'
    else 'EFFECTIVE' end`;
  const result = (await tx.execute(sql`
    update labor_contracts set validity = ${computed}
    where validity <> ${computed}`)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}
