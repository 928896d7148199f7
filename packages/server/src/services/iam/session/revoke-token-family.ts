import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { refreshTokens } from '../../../db/schema.ts';

/** Ends a sign-in: every refresh token issued from it stops working. */
export async function revokeTokenFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
