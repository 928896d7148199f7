import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { refreshTokens } from '../../../db/schema.ts';

/**
 * Ends every sign-in of a user (after a password change), except the family `keepFamilyId` when
 * given: the session that made the change goes on. Access tokens already issued stay valid
 * until they expire (ACCESS_TOKEN_TTL_SECONDS); no refresh will renew them.
 */
export async function revokeUserSessions(db: Db, userId: string, keepFamilyId?: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId === undefined ? undefined : ne(refreshTokens.familyId, keepFamilyId),
      ),
    );
}
