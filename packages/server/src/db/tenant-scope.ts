import { sql } from 'drizzle-orm';
import { afterBulkWrites } from './analyze.ts';
import type { Db, Tx } from './database.ts';
import { laneOf, turnsOf } from './tenant-turns.ts';

/** Who a unit of work runs for: the tenant row-level security confines it to, and the user. */
export interface Scope {
  /** null for system users: they see no tenant-owned row */
  tenantId: string | null;
  userId: string | null;
}

/** The role row-level security applies to (migrations/0002). */
export const APP_ROLE = 'hcm_app';

export interface ScopeOptions {
  /**
   * An HTTP request's first transaction (the authorization's actor load), before it has done
   * anything: on PGlite, when the tenant already has TENANT_QUEUE_LIMIT transactions waiting for
   * the database, it is refused (TenantQueueFullError, answered 429) rather than queued.
   * Background work and a request's later transactions always wait their turn.
   */
  refuseWhenBusy?: boolean;
}

/**
 * Runs `work` in one transaction as the application role with the tenant set, so that the
 * database itself confines every statement to that tenant's rows (FORCE ROW LEVEL SECURITY
 * policies read app.tenant_id), whatever filter the application adds or forgets. The
 * settings are LOCAL: they end with the transaction, so a pooled connection never carries
 * one request's tenant into the next. On PGlite the transaction first waits for its tenant's
 * turn on the one connection (db/tenant-turns.ts).
 */
export async function inScope<T>(
  db: Db,
  scope: Scope,
  work: (tx: Tx) => Promise<T>,
  options: ScopeOptions = {},
): Promise<T> {
  let opened: Tx | undefined;
  const transaction = () =>
    db.transaction(async (tx) => {
      opened = tx;
      // One round trip for the three: set_config('role', …, true) is SET LOCAL ROLE (the same
      // setting, checked the same way), and each round trip is dear (docs/performance.md).
      await tx.execute(
        sql`select set_config('app.tenant_id', ${scope.tenantId ?? ''}, true), set_config('app.user_id', ${scope.userId ?? ''}, true), set_config('role', ${APP_ROLE}, true)`,
      );
      return work(tx);
    });
  const turns = turnsOf(db);
  let done: T;
  try {
    done = await (turns
      ? turns.take(laneOf(scope.tenantId), transaction, options.refuseWhenBusy)
      : transaction());
  } catch (error) {
    if (opened) await afterBulkWrites(db, opened, false);
    throw error;
  }
  // A bulk write (an import, a batch, a seed) noted its tables: analysed now that it has
  // committed, as the owner (db/analyze.ts).
  if (opened) await afterBulkWrites(db, opened, true);
  return done;
}

/**
 * What `refuseWhenBusy` does for a request whose first transaction is skipped (its caller was
 * known already): on PGlite, TenantQueueFullError (429) when its tenant already has
 * TENANT_QUEUE_LIMIT transactions waiting; nothing on PostgreSQL.
 */
export function refuseWhenTenantBusy(db: Db, tenantId: string | null): void {
  turnsOf(db)?.refuseWhenFull(laneOf(tenantId));
}
