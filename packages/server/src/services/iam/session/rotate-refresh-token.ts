import type { TokenSet } from '@hcm/contracts';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import { refreshTokens, sessions } from '../../../db/schema.ts';
import { unauthorized } from '../../../http/errors.ts';
import type { IamDeps } from '../deps.ts';
import { sha256 } from '../tokens/opaque-token.ts';
import { openSuccessor, sealSuccessor } from '../tokens/successor-seal.ts';
import { findUserById } from '../users/find-user.ts';
import { issueTokenSet } from './issue-token-set.ts';
import { revokeTokenFamily } from './revoke-token-family.ts';
import { inSessionTenant } from './session-tenant.ts';
import { sessionEndNow } from './tenant-lifetimes.ts';

type Outcome = { ok: true; tokenSet: TokenSet } | { ok: false; message: string };

/**
 * Trades a refresh token for a new token set in the same family (rotation).
 *
 * - A rotated token presented again within REFRESH_REUSE_GRACE_SECONDS of its rotation gets
 *   the very token set it was rotated into (kept sealed under a key only that token opens,
 *   tokens/successor-seal.ts): the other tabs of a browser that refreshed at the same moment
 *   carry on with the winner's tokens instead of ending the session for everyone.
 * - Presented again later, it has been copied: the whole family is revoked, so neither the
 *   thief nor the owner can continue, and the owner signs in again.
 * - A session past its absolute end (SESSION_MAX_SECONDS, remember me
 *   REMEMBER_ME_SESSION_MAX_SECONDS from sign-in) or revoked is refused.
 */
export async function rotateRefreshToken(
  deps: IamDeps,
  refreshToken: string,
  now = deps.clock(),
): Promise<TokenSet> {
  const graceMs = deps.tokenConfig.refreshReuseGraceSeconds * 1000;
  // The transaction decides and returns an outcome rather than throwing, so that a revocation
  // it performed is committed, not rolled back with the error.
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    // FOR UPDATE: refreshes racing with one token are serialised; the later ones find it
    // rotated, with its successor sealed, and are answered from the seal.
    const [current] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
      .for('update');
    if (!current) return { ok: false, message: 'The refresh token is not valid' };
    const [session] = await inSessionTenant(tx, current.tenantId, () =>
      tx.select().from(sessions).where(eq(sessions.id, current.familyId)),
    );
    if (!session || session.revokedAt !== null || current.revokedAt !== null)
      return { ok: false, message: 'The session has ended' };

    if (current.replacedBy !== null) {
      const inGrace = current.replacedAt !== null && now.getTime() - current.replacedAt.getTime() <= graceMs;
      const successor =
        inGrace && current.successorSealed ? openSuccessor(refreshToken, current.successorSealed) : null;
      if (successor) return { ok: true, tokenSet: successor };
      await revokeTokenFamily(tx, current, now);
      return { ok: false, message: 'The refresh token was already used; the session has been ended' };
    }
    const sessionEnd = await sessionEndNow(tx, session, deps.tokenConfig);
    if (sessionEnd.getTime() <= now.getTime())
      return { ok: false, message: 'The session has reached its longest life: sign in again' };
    if (current.expiresAt.getTime() <= now.getTime())
      return { ok: false, message: 'The refresh token has expired' };

    const found = await findUserById(tx, current.userId);
    if (!found || found.user.status !== 'ACTIVE' || (found.tenant && found.tenant.status !== 'ACTIVE')) {
      await revokeTokenFamily(tx, current, now);
      return { ok: false, message: 'The session has ended' };
    }

    const issued = await issueTokenSet(
      { ...deps, db: tx },
      {
        ...found,
        familyId: current.familyId,
        rememberMe: current.rememberMe,
        sessionExpiresAt: sessionEnd,
      },
      now,
    );
    await tx
      .update(refreshTokens)
      .set({
        replacedBy: issued.refreshTokenId,
        replacedAt: now,
        successorSealed: sealSuccessor(refreshToken, issued.tokenSet),
      })
      .where(eq(refreshTokens.id, current.id));
    // Seals whose window has passed open nothing any more: wipe them.
    await tx
      .update(refreshTokens)
      .set({ successorSealed: null })
      .where(
        and(
          eq(refreshTokens.familyId, current.familyId),
          isNotNull(refreshTokens.successorSealed),
          lt(refreshTokens.replacedAt, new Date(now.getTime() - graceMs)),
        ),
      );
    return { ok: true, tokenSet: issued.tokenSet };
  });
  if (!outcome.ok) throw unauthorized(outcome.message);
  return outcome.tokenSet;
}
