import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../../db/database.ts';
import { tenants } from '../../../db/schema.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { todayInVietnam } from '../../../resources/search/find-latest-effective.ts';

/** How often the sweep looks for contracts whose validity the date has changed. */
export const VALIDITY_SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Writes the validity `today` gives to every contract of the transaction's tenant whose stored
 * validity differs (a contract that came into force or expired overnight); the number changed.
 * The validity is derived, so neither the version nor the audit columns move: a form open on
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

/** Every tenant's contracts brought to `today` (each tenant in its own scope and transaction). */
export async function refreshAllTenants(db: Db, today = todayInVietnam()): Promise<number> {
  // the owner with no tenant set reads every tenant row (migration 0002, tenants_read_own)
  const all = await db.select({ id: tenants.id }).from(tenants);
  let changed = 0;
  for (const { id } of all)
    changed += await inScope(db, { tenantId: id, userId: null }, (tx) => refreshContractValidity(tx, today));
  return changed;
}

/**
 * Runs refreshAllTenants now and every hour (Vietnam's midnight falls at 17:00 UTC, so a
 * contract's new day is seen within the hour), never two at once; stop() ends it (the server's
 * close). A failed run is logged and retried at the next tick.
 */
export function startValiditySweep(db: Db, log: FastifyBaseLogger, everyMs = VALIDITY_SWEEP_EVERY_MS) {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= refreshAllTenants(db)
      .then((changed) => {
        if (changed > 0) log.info({ changed }, 'contract validity refreshed');
      })
      .catch((error: unknown) => log.error({ err: error }, 'contract validity refresh failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, 1000);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
