import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';

/**
 * Runs the owner's `work` on `sessions` with app.tenant_id set to that session's tenant, then
 * puts the previous value back. `sessions` has FORCE ROW LEVEL SECURITY (migrations/0007),
 * which confines an owner that is not a superuser to app.tenant_id as well; the caller's own
 * later statements (an action log of another scope, say) must not inherit the tenant. `tx` must
 * be a transaction: the setting is LOCAL.
 */
export async function inSessionTenant<T>(
  tx: Db,
  tenantId: string | null,
  work: () => Promise<T>,
): Promise<T> {
  const result = (await tx.execute(
    sql`select current_setting('app.tenant_id', true) as previous, set_config('app.tenant_id', ${tenantId ?? ''}, true)`,
  )) as unknown as { rows: { previous: string | null }[] };
  const previous = result.rows[0]?.previous ?? '';
  try {
    return await work();
  } finally {
    await tx.execute(sql`select set_config('app.tenant_id', ${previous}, true)`);
  }
}
