import type { ApiClient } from '@hcm/contracts/system';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { apiClients, type ApiClientRow } from '../tables/api-clients.ts';
import { notFound } from '../../../http/errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A client as the API shows it: never a secret, which this table does not even hold. */
export function presentClient(row: ApiClientRow): ApiClient {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    clientId: row.clientId,
    scopes: [...row.scopes].sort(),
    status: row.status,
    expiresOn: row.expiresOn,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** The tenant's clients, newest first (`tx` in the caller's scope: row-level security confines it). */
export async function listClients(tx: Db): Promise<ApiClient[]> {
  const rows = await tx.select().from(apiClients).orderBy(desc(apiClients.createdAt), apiClients.id);
  return rows.map(presentClient);
}

/** One client of the scope's tenant, or 404 (another tenant's id is as unknown as a made-up one). */
export async function findClient(tx: Db, tenantId: string, id: string): Promise<ApiClientRow> {
  if (!UUID.test(id)) throw notFound('No such client');
  const [row] = await tx
    .select()
    .from(apiClients)
    .where(and(eq(apiClients.tenantId, tenantId), eq(apiClients.id, id)));
  if (!row) throw notFound('No such client');
  return row;
}
