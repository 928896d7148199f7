import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import {
  recordActions,
  type ActionContext,
  type ActionLogAction,
  type Changes,
} from '../../../resources/action-log/record-actions.ts';

/** A user an administrator acted on. */
export interface AdministeredUser {
  id: string;
  username: string;
  /** null for system users */
  tenantId: string | null;
}

/**
 * Writes an administrator's action on users to the action log, in the transaction of the action
 * (owner connection): in the caller's own log (its tenant's, or the system log for system
 * users), and, when a system administrator acted on a tenant's user, in that tenant's log too,
 * so the tenant sees who reset its user. `app.tenant_id` is set for each write, so the
 * FORCE row-level-security policies of both log tables hold even for an owner that is not a
 * superuser. The record is the target user; `changes.target` names it (the password itself is
 * never written).
 */
export async function recordUserAdministration(
  tx: Tx,
  context: ActionContext,
  action: ActionLogAction,
  targets: readonly AdministeredUser[],
  /** more of what changed, the same for every target */
  more: Changes = {},
): Promise<void> {
  const entriesFor = (list: readonly AdministeredUser[]) =>
    list.map((target) => ({
      resource: 'user',
      recordId: target.id,
      action,
      changes: {
        target: { before: null, after: { username: target.username, tenantId: target.tenantId } },
        ...more,
      },
    }));
  const writeIn = async (tenantId: string | null, list: readonly AdministeredUser[]) => {
    if (list.length === 0) return;
    await tx.execute(sql`select set_config('app.tenant_id', ${tenantId ?? ''}, true)`);
    await recordActions(tx, { ...context, scope: { ...context.scope, tenantId } }, entriesFor(list));
  };
  const own = context.scope.tenantId;
  await writeIn(own, targets);
  if (own !== null) return;
  const byTenant = new Map<string, AdministeredUser[]>();
  for (const target of targets)
    if (target.tenantId !== null)
      byTenant.set(target.tenantId, [...(byTenant.get(target.tenantId) ?? []), target]);
  for (const [tenantId, list] of byTenant) await writeIn(tenantId, list);
}
