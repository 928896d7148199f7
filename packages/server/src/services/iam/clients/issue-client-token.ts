import { timingSafeEqual } from 'node:crypto';
import { ErrorCodes } from '@hcm/contracts';
import type { ClientTokenResponse } from '@hcm/contracts/system';
import { and, eq, sql } from 'drizzle-orm';
import { tenants } from '../../../db/schema.ts';
import { apiClients, apiClientSecrets } from '../tables/api-clients.ts';
import { AppError } from '../../../http/errors.ts';
import type { IamDeps } from '../deps.ts';
import { accountLocked } from '../session/authenticate-user.ts';
import { clearSignInFailuresOf, readSignInState, recordSignInFailure } from '../session/sign-in-failures.ts';
import { sha256 } from '../tokens/opaque-token.ts';
import { grantableScopes } from './client-scopes.ts';

/** RFC 6749 §5.2: the client could not be authenticated. The same answer whatever was wrong. */
export const invalidClient = () =>
  new AppError(
    401,
    ErrorCodes.invalidCredentials,
    'Wrong client id or secret, or the client may not get a token',
  );

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const todayInUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The client_credentials grant (RFC 6749 §4.4): a short-lived access token (ACCESS_TTL_SECONDS)
 * whose authorities are exactly the client's scopes. Guarded like a sign-in, per (client id,
 * address): a locked pair is refused whatever it sends, each failure counts and the one that
 * reaches SIGN_IN_MAX_FAILURES locks it (no captcha: a device cannot solve one). An unknown
 * client, a wrong secret, a revoked or expired client and an INACTIVE tenant all answer the
 * same 401. A success records the client's last use.
 */
export async function issueClientToken(
  deps: IamDeps,
  credentials: ClientCredentials,
  clientIp: string,
): Promise<ClientTokenResponse> {
  const attempt = { username: `client:${credentials.clientId}`, clientIp };
  const before = await readSignInState(deps.db, deps.signIn, attempt);
  if (before.lockedUntil) throw accountLocked(before.lockedUntil);

  const outcome = await deps.db.transaction(async (tx) => {
    const [secret] = await tx
      .select()
      .from(apiClientSecrets)
      .where(eq(apiClientSecrets.clientId, credentials.clientId));
    if (!secret || !sameHash(secret.secretHash, sha256(credentials.clientSecret))) return null;
    await tx.execute(sql`select set_config('app.tenant_id', ${secret.tenantId}, true)`);
    const [found] = await tx
      .select({ client: apiClients, tenantStatus: tenants.status })
      .from(apiClients)
      .innerJoin(tenants, eq(tenants.id, apiClients.tenantId))
      .where(and(eq(apiClients.tenantId, secret.tenantId), eq(apiClients.id, secret.apiClientId)));
    if (!found) return null;
    const { client } = found;
    const expired = client.expiresOn !== null && client.expiresOn < todayInUtc();
    if (client.status !== 'ACTIVE' || expired || found.tenantStatus !== 'ACTIVE') return null;
    await tx
      .update(apiClients)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(apiClients.tenantId, client.tenantId), eq(apiClients.id, client.id)));
    return client;
  });
  if (!outcome) {
    const after = await recordSignInFailure(deps.db, deps.signIn, attempt);
    throw after.lockedUntil ? accountLocked(after.lockedUntil) : invalidClient();
  }
  await clearSignInFailuresOf(deps.db, attempt);
  const accessToken = await deps.tokens.signClientAccessToken({
    userId: outcome.id,
    tenantId: outcome.tenantId,
    sessionId: outcome.secretGeneration,
  });
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: deps.tokenConfig.accessTtlSeconds,
    scope: grantableScopes(outcome.scopes).join(' '),
  };
}
