import { eq } from 'drizzle-orm';
import { refreshTokens } from '../../../db/schema.ts';
import type { IamDeps } from '../deps.ts';
import { sha256 } from '../tokens/opaque-token.ts';
import { revokeTokenFamily } from './revoke-token-family.ts';

/**
 * Ends the sign-in the refresh token belongs to (its whole family). The refresh token is the
 * credential: whoever holds it could refresh and act as that session anyway, so no access token
 * is needed — which matters because users sign out after their 15-minute access token has
 * expired, and the session must end on the server then too. An unknown token changes nothing and
 * still answers success, so logout cannot be used to probe tokens.
 */
export async function logOut(deps: Pick<IamDeps, 'db'>, input: { refreshToken: string }): Promise<void> {
  const [row] = await deps.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(input.refreshToken)));
  if (row) await revokeTokenFamily(deps.db, row.familyId);
}
