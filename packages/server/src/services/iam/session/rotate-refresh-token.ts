import type { TokenSet } from '@hcm/contracts';
import { eq } from 'drizzle-orm';
import { refreshTokens } from '../../../db/schema.ts';
import { unauthorized } from '../../../http/errors.ts';
import type { IamDeps } from '../deps.ts';
import { sha256 } from '../tokens/opaque-token.ts';
import { findUserById } from '../users/find-user.ts';
import { issueTokenSet } from './issue-token-set.ts';
import { revokeTokenFamily } from './revoke-token-family.ts';

type Outcome = { ok: true; tokenSet: TokenSet } | { ok: false; message: string };

/**
 * Trades a refresh token for a new token set in the same family (rotation). A token that was
 * already rotated and comes back has been copied: the whole family is revoked, so neither the
 * thief nor the owner can continue, and the owner signs in again.
 */
export async function rotateRefreshToken(deps: IamDeps, refreshToken: string): Promise<TokenSet> {
  // The transaction decides and returns an outcome rather than throwing, so that a revocation
  // it performed is committed, not rolled back with the error.
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    // FOR UPDATE: two refreshes racing with one token are serialised; the second sees a
    // rotated token and is treated as reuse.
    const [current] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
      .for('update');
    if (!current) return { ok: false, message: 'The refresh token is not valid' };
    if (current.replacedBy !== null) {
      await revokeTokenFamily(tx, current.familyId);
      return { ok: false, message: 'The refresh token was already used; the session has been ended' };
    }
    if (current.revokedAt !== null) return { ok: false, message: 'The session has ended' };
    if (current.expiresAt.getTime() <= Date.now())
      return { ok: false, message: 'The refresh token has expired' };

    const found = await findUserById(tx, current.userId);
    if (!found || found.user.status !== 'ACTIVE' || (found.tenant && found.tenant.status !== 'ACTIVE')) {
      await revokeTokenFamily(tx, current.familyId);
      return { ok: false, message: 'The session has ended' };
    }

    const issued = await issueTokenSet(
      { ...deps, db: tx },
      { ...found, familyId: current.familyId, rememberMe: current.rememberMe },
    );
    await tx
      .update(refreshTokens)
      .set({ replacedBy: issued.refreshTokenId })
      .where(eq(refreshTokens.id, current.id));
    return { ok: true, tokenSet: issued.tokenSet };
  });
  if (!outcome.ok) throw unauthorized(outcome.message);
  return outcome.tokenSet;
}
