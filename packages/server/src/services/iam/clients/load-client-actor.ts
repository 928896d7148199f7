import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { Actor } from '../../../http/caller-scope.ts';
import { unauthorized } from '../../../http/errors.ts';
import type { VerifiedAccessToken } from '../tokens/token-signer.ts';
import { grantableScopes } from './client-scopes.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ClientRow extends Record<string, unknown> {
  id: string;
  tenant_id: string;
  scopes: string[];
  live: boolean;
}

/**
 * The caller behind an API client's token (issue-client-token.ts), checked on every request in
 * one statement like a user's (load-actor.ts): the client must still be ACTIVE, unexpired, of
 * an ACTIVE tenant, and the token's `sid` must be its current secret generation, so revoking
 * the client or rotating its secret refuses its tokens (401) from the next request on. Its
 * authorities are its scopes and nothing else; the route's module is still checked against the
 * tenant's service pack by the caller. `tx` is the token's tenant scope.
 */
export async function loadClientActor(
  tx: Db,
  token: VerifiedAccessToken,
): Promise<Actor & { passwordChangeRequired: boolean }> {
  if (!token.tenantId || !UUID.test(token.userId) || !UUID.test(token.sessionId))
    throw unauthorized('The access token is not valid');
  const result = (await tx.execute(sql`
    select c.id, c.tenant_id, c.scopes,
      (c.status = 'ACTIVE'
        and c.secret_generation = ${token.sessionId}::uuid
        and (c.expires_on is null or c.expires_on >= (now() at time zone 'UTC')::date)
        and exists (select 1 from tenants t where t.id = c.tenant_id and t.status = 'ACTIVE')
      ) as live
    from api_clients c
    where c.tenant_id = ${token.tenantId}::uuid and c.id = ${token.userId}::uuid`)) as unknown as {
    rows: ClientRow[];
  };
  const [client] = result.rows;
  if (!client?.live) throw unauthorized('The client has been revoked or its secret changed: get a new token');
  return {
    userId: client.id,
    tenantId: client.tenant_id,
    isRoot: false,
    userLevel: 'TENANT',
    permissions: new Set(grantableScopes(client.scopes)),
    passwordChangeRequired: false,
  };
}
