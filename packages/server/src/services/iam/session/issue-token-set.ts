import type { TokenSet } from '@hcm/contracts';
import type { Db } from '../../../db/database.ts';
import { refreshTokens } from '../../../db/schema.ts';
import type { IamDeps } from '../deps.ts';
import { randomToken, sha256 } from '../tokens/opaque-token.ts';
import type { UserWithTenant } from '../users/find-user.ts';

export interface IssueTokenSetInput extends UserWithTenant {
  familyId: string;
  rememberMe: boolean;
}

export interface IssuedTokenSet {
  tokenSet: TokenSet;
  refreshTokenId: string;
}

/**
 * Mints the four sign-in values and stores the refresh token and secret key as hashes only:
 * a copy of the database is not a copy of anyone's session. `db` may be a transaction.
 */
export async function issueTokenSet(
  deps: Pick<IamDeps, 'tokens' | 'tokenConfig'> & { db: Db },
  input: IssueTokenSetInput,
): Promise<IssuedTokenSet> {
  const { user, tenant, familyId, rememberMe } = input;
  const refreshToken = randomToken();
  const secretKey = randomToken();
  const ttl = rememberMe ? deps.tokenConfig.rememberMeRefreshTtlSeconds : deps.tokenConfig.refreshTtlSeconds;

  const [row] = await deps.db
    .insert(refreshTokens)
    .values({
      userId: user.id,
      tenantId: user.tenantId,
      familyId,
      tokenHash: sha256(refreshToken),
      secretKeyHash: sha256(secretKey),
      rememberMe,
      expiresAt: new Date(Date.now() + ttl * 1000),
    })
    .returning({ id: refreshTokens.id });
  if (!row) throw new Error('refresh token insert returned nothing');

  const [accessToken, idToken] = await Promise.all([
    deps.tokens.signAccessToken({ userId: user.id, tenantId: user.tenantId, sessionId: familyId }),
    deps.tokens.signIdToken({
      userId: user.id,
      name: user.fullName,
      preferredUsername: user.username,
      tenantId: user.tenantId,
      tenantCode: tenant?.code ?? null,
      language: user.language,
    }),
  ]);
  return { tokenSet: { accessToken, refreshToken, idToken, secretKey }, refreshTokenId: row.id };
}
