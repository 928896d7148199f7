import type { TokenSet } from '@hcm/contracts';
import type { Db } from '../../../db/database.ts';
import { refreshTokens, sessions } from '../../../db/schema.ts';
import type { IamDeps } from '../deps.ts';
import { randomToken, sha256 } from '../tokens/opaque-token.ts';
import type { UserWithTenant } from '../users/find-user.ts';
import { inSessionTenant } from './session-tenant.ts';
import { tenantTokenConfig } from './tenant-lifetimes.ts';

export interface IssueTokenSetInput extends UserWithTenant {
  familyId: string;
  rememberMe: boolean;
  /**
   * The absolute end of the session the tokens continue (a refresh). Absent at sign-in: the
   * session `familyId` is opened here, ending SESSION_MAX_SECONDS (remember me:
   * REMEMBER_ME_SESSION_MAX_SECONDS) from now.
   */
  sessionExpiresAt?: Date;
}

export interface IssuedTokenSet {
  tokenSet: TokenSet;
  refreshTokenId: string;
}

/**
 * Mints the four sign-in values and stores the refresh token and secret key as hashes only:
 * a copy of the database is not a copy of anyone's session. At sign-in it also opens the
 * session (`sessions`, the access token's `sid`) that every request is checked against. The
 * refresh token never outlives its session. `db` must be a transaction of the owner.
 */
export async function issueTokenSet(
  deps: Pick<IamDeps, 'tokens' | 'tokenConfig' | 'clock'> & { db: Db },
  input: IssueTokenSetInput,
  now = deps.clock(),
): Promise<IssuedTokenSet> {
  const { user, tenant, familyId, rememberMe } = input;
  // The tenant's own lifetimes (System › Configuration), never longer than the server's.
  const config = await tenantTokenConfig(deps.db, user.tenantId, deps.tokenConfig);
  const after = (seconds: number) => new Date(now.getTime() + seconds * 1000);
  let sessionExpiresAt = input.sessionExpiresAt;
  if (!sessionExpiresAt) {
    const expiresAt = after(rememberMe ? config.rememberMeSessionMaxAgeSeconds : config.sessionMaxAgeSeconds);
    await inSessionTenant(deps.db, user.tenantId, () =>
      deps.db.insert(sessions).values({
        id: familyId,
        userId: user.id,
        tenantId: user.tenantId,
        rememberMe,
        createdAt: now,
        expiresAt,
      }),
    );
    sessionExpiresAt = expiresAt;
  }

  const refreshToken = randomToken();
  const secretKey = randomToken();
  const ttl = after(rememberMe ? config.rememberMeRefreshTtlSeconds : config.refreshTtlSeconds);
  const [row] = await deps.db
    .insert(refreshTokens)
    .values({
      userId: user.id,
      tenantId: user.tenantId,
      familyId,
      tokenHash: sha256(refreshToken),
      secretKeyHash: sha256(secretKey),
      rememberMe,
      expiresAt: ttl < sessionExpiresAt ? ttl : sessionExpiresAt,
      createdAt: now,
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
