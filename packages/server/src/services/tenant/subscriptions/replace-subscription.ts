import { FieldErrorKeys } from '@hcm/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import {
  servicePacks,
  tenants,
  tenantSubscriptions,
  type TenantSubscriptionRow,
} from '../../../db/schema.ts';
import { notFound, validationFailed } from '../../../http/errors.ts';
import { subscribeTenant } from './subscribe-tenant.ts';

export interface ReplaceSubscriptionInput {
  tenantId: string;
  servicePackId: string;
  startsAt: Date;
  endsAt: Date;
  userId: string | null;
}

/**
 * Sets a tenant's subscription (catalogues §3): its subscriptions that end after the new one
 * starts (the current one, later ones) are deleted, earlier ones stay as history, and the new
 * period is added (subscribeTenant). System scope only: row-level security lets no tenant
 * write subscriptions. Unknown tenant → 404; unknown pack or an empty period → 400.
 */
export interface ReplacedSubscription {
  created: TenantSubscriptionRow;
  /** the periods deleted to make room (the current one, later ones), oldest first */
  replaced: TenantSubscriptionRow[];
}

export async function replaceSubscription(
  tx: Tx,
  input: ReplaceSubscriptionInput,
): Promise<ReplacedSubscription> {
  const [tenant] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, input.tenantId));
  if (!tenant) throw notFound(`No tenant with id ${input.tenantId}`);
  const [pack] = await tx
    .select({ id: servicePacks.id })
    .from(servicePacks)
    .where(eq(servicePacks.id, input.servicePackId));
  if (!pack)
    throw validationFailed(
      [{ field: 'servicePackId', code: FieldErrorKeys.invalidValue, message: 'is not a service pack' }],
      'The service pack does not exist',
    );
  if (input.endsAt.getTime() <= input.startsAt.getTime())
    throw validationFailed(
      [{ field: 'endsAt', code: FieldErrorKeys.invalidValue, message: 'must be later than startsAt' }],
      'The subscription must end after it starts',
    );
  const replaced = await tx
    .delete(tenantSubscriptions)
    .where(
      and(eq(tenantSubscriptions.tenantId, input.tenantId), gt(tenantSubscriptions.endsAt, input.startsAt)),
    )
    .returning();
  replaced.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const created = await subscribeTenant(tx, {
    tenantId: input.tenantId,
    servicePackId: input.servicePackId,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    createdBy: input.userId,
  });
  return { created, replaced };
}
