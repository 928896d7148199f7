import { eq } from 'drizzle-orm';
import { refreshTokens } from '../../../db/schema.ts';
import type { IamDeps } from '../deps.ts';
import { sha256 } from '../tokens/opaque-token.ts';
import { revokeTokenFamily } from './revoke-token-family.ts';

/**
 * Ends the sign-in the refresh token belongs to (its session and whole family): its access
 * tokens are refused from the next request on. The refresh token is the credential: whoever
 * holds it could refresh and act as that session anyway, so no access token is needed — which
 * matters because users sign out after their 15-minute access token has expired, and the
 * session must end on the server then too. An unknown token changes nothing and still answers
 * success, so logout cannot be used to probe tokens.
 */
export async function logOut(
  deps: Pick<IamDeps, 'db' | 'clock'>,
  input: { refreshToken: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ familyId: refreshTokens.familyId, tenantId: refreshTokens.tenantId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(input.refreshToken)));
    if (row) await revokeTokenFamily(tx, row, deps.clock());
  });
}
