import { randomBytes, randomUUID } from 'node:crypto';
import { ConflictReasons, ErrorCodes, FieldErrorKeys, ForbiddenReasons } from '@hcm/contracts';
import type {
  ApiClient,
  ApiClientWithSecret,
  CreateClientBody,
  UpdateClientBody,
} from '@hcm/contracts/system';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/database.ts';
import { apiClients, apiClientSecrets } from '../tables/api-clients.ts';
import type { Actor } from '../../../http/caller-scope.ts';
import { AppError, conflictBecause, forbiddenBecause, validationFailed } from '../../../http/errors.ts';
import {
  diffRecords,
  recordActions,
  type ActionContext,
  type ActionLogAction,
  type Changes,
} from '../../../resources/action-log/record-actions.ts';
import { randomToken, sha256 } from '../tokens/opaque-token.ts';
import { checkClientScopes } from './client-scopes.ts';
import { findClient, presentClient } from './client-store.ts';

/** What a client write needs: the owner connection (the secrets are out of hcm_app's reach). */
export interface ClientWriter {
  db: Db;
  actor: Actor;
  context: ActionContext;
}

/** A public, unguessable client id: `hcm_` and 24 hex digits. */
const newClientId = () => `hcm_${randomBytes(12).toString('hex')}`;

const staleVersion = () =>
  new AppError(
    409,
    ErrorCodes.conflict,
    'The client was changed by someone else since it was read: reload it',
  );
const notActive = () =>
  conflictBecause(
    ConflictReasons.clientRevoked,
    'The client is revoked: its secret can no longer be changed',
  );
const revokedUnchangeable = () =>
  conflictBecause(ConflictReasons.clientRevoked, 'The client is revoked: it can no longer be changed');

const todayInUtc = () => new Date().toISOString().slice(0, 10);

function refusePastExpiry(expiresOn: string | null | undefined): void {
  if (expiresOn && expiresOn < todayInUtc())
    throw validationFailed([
      { field: 'expiresOn', code: FieldErrorKeys.min, message: 'must not be in the past' },
    ]);
}

/**
 * Runs `work` in one owner transaction confined to the actor's tenant (app.tenant_id LOCAL):
 * the tenant policies of api_clients and the action log hold, and api_client_secrets, which
 * hcm_app cannot reach, is written in the same transaction as the client.
 */
async function asTenantOwner<T>(
  writer: ClientWriter,
  work: (tx: Tx, tenantId: string) => Promise<T>,
): Promise<T> {
  const tenantId = writer.actor.tenantId;
  if (tenantId === null)
    throw forbiddenBecause(ForbiddenReasons.tenantOnly, 'API clients belong to a tenant');
  return writer.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
    return work(tx, tenantId);
  });
}

const log = (tx: Tx, writer: ClientWriter, id: string, action: ActionLogAction, changes: Changes) =>
  recordActions(tx, writer.context, [{ resource: 'client', recordId: id, action, changes }]);

const FIELDS = ['name', 'description', 'scopes', 'expiresOn', 'status'];

/** Creates an ACTIVE client with a new secret: the answer is the only place the secret appears. */
export async function createClient(
  writer: ClientWriter,
  body: CreateClientBody,
): Promise<ApiClientWithSecret> {
  refusePastExpiry(body.expiresOn);
  return asTenantOwner(writer, async (tx, tenantId) => {
    await checkClientScopes(tx, writer.actor, body.scopes);
    const secret = randomToken();
    const clientId = newClientId();
    const [row] = await tx
      .insert(apiClients)
      .values({
        tenantId,
        clientId,
        name: body.name,
        description: body.description ?? null,
        scopes: [...new Set(body.scopes)],
        expiresOn: body.expiresOn ?? null,
        secretGeneration: randomUUID(),
        createdBy: writer.actor.userId,
        lastModifiedBy: writer.actor.userId,
      })
      .returning();
    if (!row) throw new Error('api client insert returned nothing');
    await tx
      .insert(apiClientSecrets)
      .values({ clientId, tenantId, apiClientId: row.id, secretHash: sha256(secret) });
    const client = presentClient(row);
    await log(tx, writer, row.id, 'CREATE', diffRecords(null, client, FIELDS));
    return { client, clientSecret: secret };
  });
}

/**
 * Changes name, description, scopes and expiry at the version read (409 otherwise). A revoked
 * client is 409 too: revoking is for good, and new scopes on it would only mislead the list.
 * Its tokens carry the new scopes from their next request (load-client-actor.ts reads them).
 */
export async function updateClient(
  writer: ClientWriter,
  id: string,
  body: UpdateClientBody,
): Promise<ApiClient> {
  refusePastExpiry(body.expiresOn);
  return asTenantOwner(writer, async (tx, tenantId) => {
    const current = await findClient(tx, tenantId, id);
    if (current.status !== 'ACTIVE') throw revokedUnchangeable();
    const before = presentClient(current);
    await checkClientScopes(tx, writer.actor, body.scopes);
    const [row] = await tx
      .update(apiClients)
      .set({
        name: body.name,
        ...(body.description !== undefined ? { description: body.description } : {}),
        scopes: [...new Set(body.scopes)],
        ...(body.expiresOn !== undefined ? { expiresOn: body.expiresOn } : {}),
        version: body.version + 1,
        lastModifiedAt: new Date(),
        lastModifiedBy: writer.actor.userId,
      })
      .where(
        and(eq(apiClients.tenantId, tenantId), eq(apiClients.id, id), eq(apiClients.version, body.version)),
      )
      .returning();
    if (!row) throw staleVersion();
    const after = presentClient(row);
    await log(tx, writer, id, 'UPDATE', diffRecords(before, after, FIELDS));
    return after;
  });
}

/**
 * A new secret for an ACTIVE client, shown once. The secret's generation changes with it, so
 * every token issued under the old secret is refused from its next request on.
 */
export async function rotateClientSecret(writer: ClientWriter, id: string): Promise<ApiClientWithSecret> {
  return asTenantOwner(writer, async (tx, tenantId) => {
    const current = await findClient(tx, tenantId, id);
    if (current.status !== 'ACTIVE') throw notActive();
    const secret = randomToken();
    const [row] = await tx
      .update(apiClients)
      .set({
        secretGeneration: randomUUID(),
        version: current.version + 1,
        lastModifiedAt: new Date(),
        lastModifiedBy: writer.actor.userId,
      })
      .where(and(eq(apiClients.tenantId, tenantId), eq(apiClients.id, id)))
      .returning();
    if (!row) throw staleVersion();
    await tx
      .update(apiClientSecrets)
      .set({ secretHash: sha256(secret), createdAt: new Date() })
      .where(eq(apiClientSecrets.clientId, current.clientId));
    // The log says that the secret changed, never what it is.
    await log(tx, writer, id, 'UPDATE', { secret: { before: '***', after: '***' } });
    return { client: presentClient(row), clientSecret: secret };
  });
}

/** Revokes a client for good: no new token, and its tokens are refused from their next request. */
export async function revokeClient(writer: ClientWriter, id: string): Promise<ApiClient> {
  return asTenantOwner(writer, async (tx, tenantId) => {
    const current = await findClient(tx, tenantId, id);
    if (current.status === 'REVOKED') return presentClient(current);
    const [row] = await tx
      .update(apiClients)
      .set({
        status: 'REVOKED',
        secretGeneration: randomUUID(),
        version: current.version + 1,
        lastModifiedAt: new Date(),
        lastModifiedBy: writer.actor.userId,
      })
      .where(and(eq(apiClients.tenantId, tenantId), eq(apiClients.id, id)))
      .returning();
    if (!row) throw staleVersion();
    await tx.delete(apiClientSecrets).where(eq(apiClientSecrets.clientId, current.clientId));
    const after = presentClient(row);
    await log(tx, writer, id, 'INACTIVE', diffRecords(presentClient(current), after, FIELDS));
    return after;
  });
}
