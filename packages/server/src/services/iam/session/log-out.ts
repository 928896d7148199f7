import { eq } from 'drizzle-orm';
import { refreshTokens } from '../../../db/schema.ts';
import type { IamDeps } from '../deps.ts';
import { sha256 } from '../tokens/opaque-token.ts';
import { revokeTokenFamily } from './revoke-token-family.ts';

/**
 * Ends the sign-in the refresh token belongs to. Only the caller's own tokens can be revoked;
 * an unknown or foreign token changes nothing and still answers success, so logout cannot be
 * used to probe tokens.
 */
export async function logOut(
  deps: Pick<IamDeps, 'db'>,
  input: { userId: string; refreshToken: string },
): Promise<void> {
  const [row] = await deps.db
    .select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(input.refreshToken)));
  if (row && row.userId === input.userId) await revokeTokenFamily(deps.db, row.familyId);
}
