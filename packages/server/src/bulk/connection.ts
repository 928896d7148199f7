import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { Tx } from '../db/database.ts';

/**
 * The connection under a drizzle transaction, for what drizzle does not offer: COPY, and the
 * count of rows a statement changed without returning them. Statements sent here run in that same
 * transaction, with its tenant and role (db/tenant-scope.ts).
 */
export interface BulkConnection {
  query<T = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<{ rows: T[]; count: number }>;
  /**
   * `COPY <target> (<columns>) FROM …` of the text-format lines `chunks` yields, each ending in a
   * newline. On PostgreSQL a stream (COPY FROM STDIN: the batch is never whole in memory); on
   * PGlite one Blob read as '/dev/blob' (its only way in).
   */
  copyIn(
    target: string,
    columns: readonly string[],
    chunks: AsyncIterable<string> | Iterable<string>,
  ): Promise<void>;
}

interface PgliteTransaction {
  query<T>(
    text: string,
    params?: unknown[],
    options?: { blob?: Blob },
  ): Promise<{ rows: T[]; affectedRows?: number }>;
  exec(text: string): Promise<unknown>;
  rollback(): Promise<void>;
}

interface PgClient {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number | null }>;
  query<S extends NodeJS.WritableStream>(stream: S): S;
  release?: unknown;
}

const isPglite = (client: unknown): client is PgliteTransaction =>
  typeof (client as PgliteTransaction).exec === 'function' &&
  typeof (client as PgliteTransaction).rollback === 'function';

/**
 * drizzle keeps the driver's transaction client in its session, a field its types call private:
 * node-postgres's checked-out PoolClient, or PGlite's Transaction. The bulk tests run on both
 * engines, so a drizzle release that moves it fails them rather than production.
 */
export function connectionOf(tx: Tx): BulkConnection {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client) throw new Error('bulk path: no driver client under this transaction');
  return isPglite(client) ? pgliteConnection(client) : postgresConnection(client as PgClient);
}

function postgresConnection(client: PgClient): BulkConnection {
  return {
    async query<T>(text: string, params: readonly unknown[] = []) {
      const result = await client.query<T>(text, [...params]);
      return { rows: result.rows, count: result.rowCount ?? 0 };
    },
    async copyIn(target, columns, chunks) {
      const stream = client.query(copyFrom(`COPY ${target} (${columns.join(', ')}) FROM STDIN`));
      await pipeline(Readable.from(chunks), stream);
    },
  };
}

function pgliteConnection(client: PgliteTransaction): BulkConnection {
  const query = async <T>(text: string, params: readonly unknown[] = []) => {
    const result = await client.query<T>(text, [...params]);
    return { rows: result.rows, count: result.affectedRows ?? 0 };
  };
  return {
    query,
    async copyIn(target, columns, chunks) {
      const parts: string[] = [];
      for await (const chunk of chunks) parts.push(chunk);
      // COPY FROM a file is the owner's privilege (pg_read_server_files), and '/dev/blob' is a
      // file to PGlite: the request's role (hcm_app) is lifted for this one statement, which
      // only fills the transaction's own temporary staging table with what the writer encoded.
      // The rows reach the tenant's table afterwards, as hcm_app again, through its policy.
      const [role] = (await query<{ role: string }>('SELECT current_user AS role')).rows;
      await query(`SELECT set_config('role', 'none', true)`);
      // A failed COPY aborts the transaction, which ends the lifted role with it: nothing to restore.
      await client.query(`COPY ${target} (${columns.join(', ')}) FROM '/dev/blob'`, [], {
        blob: new Blob(parts),
      });
      await query(`SELECT set_config('role', $1, true)`, [role?.role ?? 'none']);
    },
  };
}
