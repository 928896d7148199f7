import { ConflictReasons } from '@hcm/contracts';
import type { TenantStatus } from '@hcm/contracts/system';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { servicePacks, tenants, tenantSubscriptions } from '../../../db/schema.ts';
import { conflictBecause, notFound } from '../../../http/errors.ts';
import { recordActions, type ActionContext } from '../../../resources/action-log/record-actions.ts';

export interface TenantStatusChange {
  tenantId: string;
  /** SUSPENDED: suspend; ACTIVE: resume */
  to: TenantStatus;
  reason: string | null;
}

export interface TenantState {
  id: string;
  status: string;
  suspendedAt: string | null;
  suspensionReason: string | null;
  version: number;
}

const stateOf = (row: typeof tenants.$inferSelect): TenantState => ({
  id: row.id,
  status: row.status,
  suspendedAt: row.suspendedAt?.toISOString() ?? null,
  suspensionReason: row.suspensionReason,
  version: row.version,
});

/**
 * Suspends or resumes a tenant, in the system caller's transaction, with its reason in the
 * action log (SUSPENDED logged as INACTIVE, resumed as ACTIVE, the reason beside the status).
 * A suspended tenant's users cannot sign in nor refresh, and their next request is refused
 * (services/iam: a tenant that is not ACTIVE ends its users' sessions). Unknown tenant → 404;
 * already in that state → 409.
 */
export async function changeTenantStatus(
  tx: Tx,
  context: ActionContext,
  change: TenantStatusChange,
): Promise<TenantState> {
  const [before] = await tx.select().from(tenants).where(eq(tenants.id, change.tenantId)).for('update');
  if (!before) throw notFound(`No tenant with id ${change.tenantId}`);
  const suspending = change.to === 'SUSPENDED';
  if ((before.status === 'ACTIVE') !== suspending)
    throw suspending
      ? conflictBecause(ConflictReasons.tenantAlreadySuspended, 'The tenant is already suspended')
      : conflictBecause(ConflictReasons.tenantNotSuspended, 'The tenant is not suspended');
  const [after] = await tx
    .update(tenants)
    .set({
      status: change.to,
      suspendedAt: suspending ? sql`now()` : null,
      suspensionReason: suspending ? change.reason : null,
      version: sql`${tenants.version} + 1`,
      lastModifiedAt: sql`now()`,
      lastModifiedBy: context.scope.userId,
    })
    .where(eq(tenants.id, change.tenantId))
    .returning();
  if (!after) throw new Error('tenant update returned nothing');
  await recordActions(tx, context, [
    {
      resource: 'tenant',
      recordId: after.id,
      action: suspending ? 'INACTIVE' : 'ACTIVE',
      changes: {
        status: { before: before.status, after: after.status },
        reason: { before: null, after: change.reason },
      },
    },
  ]);
  return stateOf(after);
}

export interface SubscriptionPeriod {
  id: string;
  servicePackId: string;
  servicePackCode: string;
  servicePackName: string;
  startsAt: string;
  endsAt: string;
  /** starts_at <= now < ends_at */
  current: boolean;
}

/** The tenant's state and its subscriptions, oldest first (the detail page's history). */
export async function tenantAdministration(
  tx: Tx,
  tenantId: string,
  now: Date = new Date(),
): Promise<TenantState & { subscriptions: SubscriptionPeriod[] }> {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!row) throw notFound(`No tenant with id ${tenantId}`);
  const periods = await tx
    .select({
      id: tenantSubscriptions.id,
      servicePackId: tenantSubscriptions.servicePackId,
      servicePackCode: servicePacks.code,
      servicePackName: servicePacks.name,
      startsAt: tenantSubscriptions.startsAt,
      endsAt: tenantSubscriptions.endsAt,
    })
    .from(tenantSubscriptions)
    .innerJoin(servicePacks, eq(servicePacks.id, tenantSubscriptions.servicePackId))
    .where(eq(tenantSubscriptions.tenantId, tenantId))
    .orderBy(asc(tenantSubscriptions.startsAt));
  return {
    ...stateOf(row),
    subscriptions: periods.map((period) => ({
      ...period,
      startsAt: period.startsAt.toISOString(),
      endsAt: period.endsAt.toISOString(),
      current: period.startsAt <= now && now < period.endsAt,
    })),
  };
}
