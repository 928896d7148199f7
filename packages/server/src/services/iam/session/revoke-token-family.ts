import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { refreshTokens, sessions } from '../../../db/schema.ts';
import { inSessionTenant } from './session-tenant.ts';

/**
 * Ends a sign-in: its session is revoked, so its access tokens are refused at the next request
 * (authorization/load-actor.ts), and every refresh token issued from it stops working, their
 * sealed successors wiped. `db` is a transaction of the owner.
 */
export async function revokeTokenFamily(
  db: Db,
  family: { familyId: string; tenantId: string | null },
  now: Date,
): Promise<void> {
  await inSessionTenant(db, family.tenantId, () =>
    db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, family.familyId), isNull(sessions.revokedAt))),
  );
  await db
    .update(refreshTokens)
    .set({ revokedAt: now, successorSealed: null })
    .where(and(eq(refreshTokens.familyId, family.familyId), isNull(refreshTokens.revokedAt)));
}
