import { ErrorCodes, type ApplicationModule } from '@hcm/contracts';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { servicePackPrivileges, tenantSubscriptions } from '../../../db/schema.ts';
import { AppError } from '../../../http/errors.ts';

export const licenceExpired = () =>
  new AppError(400, ErrorCodes.licenseExpired, "The tenant's service pack has expired");

export const licenceUnavailable = (module: ApplicationModule) =>
  new AppError(
    400,
    ErrorCodes.licenseUnavailable,
    `The tenant's service pack does not include the ${module} module`,
  );

export type LicenceState =
  | { status: 'granted' }
  /** no current subscription, and an earlier one has ended */
  | { status: 'expired' }
  /** current subscriptions whose packs lack the module, or none at all */
  | { status: 'unavailable' };

/**
 * Whether the tenant's current subscription (starts_at <= now < ends_at) unlocks `module`.
 * `db` may be the tenant's own scope: row-level security lets it read its subscriptions.
 */
export async function licenceState(
  db: Db,
  tenantId: string,
  module: ApplicationModule,
  now: Date = new Date(),
): Promise<LicenceState> {
  const current = await db
    .select({ module: servicePackPrivileges.module })
    .from(tenantSubscriptions)
    .leftJoin(
      servicePackPrivileges,
      and(
        eq(servicePackPrivileges.servicePackId, tenantSubscriptions.servicePackId),
        eq(servicePackPrivileges.module, module),
      ),
    )
    .where(
      and(
        eq(tenantSubscriptions.tenantId, tenantId),
        lte(tenantSubscriptions.startsAt, now),
        gt(tenantSubscriptions.endsAt, now),
      ),
    );
  if (current.some((row) => row.module === module)) return { status: 'granted' };
  if (current.length > 0) return { status: 'unavailable' };
  const [ended] = await db
    .select({ id: tenantSubscriptions.id })
    .from(tenantSubscriptions)
    .where(and(eq(tenantSubscriptions.tenantId, tenantId), lte(tenantSubscriptions.endsAt, now)))
    .limit(1);
  return ended ? { status: 'expired' } : { status: 'unavailable' };
}

/**
 * Throws 400 40000029 (expired licence) or 40000030 (unavailable licence, catalogues §8) unless
 * the tenant's current service pack unlocks `module`.
 */
export async function checkLicence(
  db: Db,
  tenantId: string,
  module: ApplicationModule,
  now: Date = new Date(),
): Promise<void> {
  refuseUnlicensed(await licenceState(db, tenantId, module, now), module);
}

/** Throws what checkLicence throws for a state read before (a kept one: actor-cache.ts). */
export function refuseUnlicensed(state: LicenceState, module: ApplicationModule): void {
  if (state.status === 'expired') throw licenceExpired();
  if (state.status === 'unavailable') throw licenceUnavailable(module);
}
