import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { refreshTokens, sessions, users } from '../../../db/schema.ts';
import { inSessionTenant } from './session-tenant.ts';

/**
 * Ends every sign-in of a user (after a password change), except the family `keepFamilyId` when
 * given: the session that made the change goes on. The sessions are revoked, so the access
 * tokens already issued are refused at their next request, and no refresh renews them. `db` is
 * a transaction of the owner (refresh_tokens is out of the application role's reach).
 */
export async function revokeUserSessions(db: Db, userId: string, keepFamilyId?: string): Promise<void> {
  const now = new Date();
  const [user] = await db.select({ tenantId: users.tenantId }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const others = keepFamilyId === undefined ? undefined : ne(sessions.id, keepFamilyId);
  await inSessionTenant(db, user.tenantId, () =>
    db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), others)),
  );
  await db
    .update(refreshTokens)
    .set({ revokedAt: now, successorSealed: null })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId === undefined ? undefined : ne(refreshTokens.familyId, keepFamilyId),
      ),
    );
}
