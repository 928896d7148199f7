import type { Db } from '../../../db/database.ts';
import { tenantSubscriptions, type TenantSubscriptionRow } from '../../../db/schema.ts';

/** Adds `months` calendar months (the pack's duration) to a moment. */
export function addMonths(from: Date, months: number): Date {
  const to = new Date(from);
  to.setUTCMonth(to.getUTCMonth() + months);
  return to;
}

export interface SubscribeTenantInput {
  tenantId: string;
  servicePackId: string;
  startsAt: Date;
  /** the end; omitted: startsAt plus `months` */
  endsAt?: Date;
  months?: number;
  createdBy?: string | null;
}

/** Subscribes a tenant to a service pack for a period. System scope only (or the owner). */
export async function subscribeTenant(db: Db, input: SubscribeTenantInput): Promise<TenantSubscriptionRow> {
  const endsAt =
    input.endsAt ?? (input.months === undefined ? undefined : addMonths(input.startsAt, input.months));
  if (!endsAt) throw new Error('subscribeTenant needs endsAt or months');
  const createdBy = input.createdBy ?? null;
  const [row] = await db
    .insert(tenantSubscriptions)
    .values({
      tenantId: input.tenantId,
      servicePackId: input.servicePackId,
      startsAt: input.startsAt,
      endsAt,
      createdBy,
      lastModifiedBy: createdBy,
    })
    .returning();
  if (!row) throw new Error('subscription insert returned nothing');
  return row;
}
