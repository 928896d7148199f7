import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { PostgresLimits } from '../config.ts';
import { SIGNAL_NOTICE_PREFIX, type Database, type SignalWatcher } from './database.ts';
import { schema } from './schema.ts';

export interface PostgresOptions {
  url: string;
  /**
   * Called for errors of pooled connections outside a query (an idle connection dropped, a
   * session ended by idle_in_transaction_session_timeout), which would otherwise crash the process.
   */
  onIdleError?: (error: Error) => void;
  /** the pool's size when limits.poolSize is not given */
  maxConnections?: number;
  limits?: Partial<PostgresLimits>;
}

/** README, "Slow clients and exports": what one request may hold, and for how long. */
export const DEFAULT_POSTGRES_LIMITS: PostgresLimits = {
  poolSize: 10,
  connectTimeoutMs: 5000,
  statementTimeoutMs: 30_000,
  idleInTransactionTimeoutMs: 60_000,
};

export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const limits = {
    ...DEFAULT_POSTGRES_LIMITS,
    ...(options.maxConnections === undefined ? {} : { poolSize: options.maxConnections }),
    ...options.limits,
  };
  const pool = new pg.Pool({
    connectionString: options.url,
    max: limits.poolSize,
    // A request that finds every connection busy fails after this (503) instead of queueing forever.
    connectionTimeoutMillis: limits.connectTimeoutMs,
    // Sent in the start-up message, so every pooled session has them from its first statement.
    // 0 leaves the server's own setting.
    ...(limits.statementTimeoutMs > 0 ? { statement_timeout: limits.statementTimeoutMs } : {}),
    ...(limits.idleInTransactionTimeoutMs > 0
      ? { idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs }
      : {}),
  });
  const onError = (error: Error) => options.onIdleError?.(error);
  pool.on('error', onError);
  // pg-pool listens for errors of idle connections only. A session the server ends while it is
  // checked out and idle in a transaction (idle_in_transaction_session_timeout) reports its
  // error on the client, and an 'error' event nobody listens to would end the process. The
  // pool drops such a client when it is released (it is no longer queryable).
  pool.on('connect', (client) => {
    client.on('error', onError);
    client.on('notice', (notice) => signals.noticed(client, notice.message));
  });
  const signals = new SignalsOfPool();
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => signals.released(client));
  // Fail at start, with the driver's message, rather than on the first request.
  await pool.query('SELECT 1').catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  const orm = drizzle({ client: pool, schema });
  return {
    engine: 'postgresql',
    orm,
    async migrate(migrationsFolder) {
      // Migrations may run long (an index on a big table): their own connection, without the
      // pool's statement and idle timeouts. Several API nodes may start together: a
      // session-level advisory lock lets one migrate while the others wait, then find nothing
      // left to do. drizzle's migrator has no lock.
      const client = new pg.Client({
        connectionString: options.url,
        options: '-c statement_timeout=0 -c idle_in_transaction_session_timeout=0',
      });
      await client.connect();
      client.on('error', onError);
      try {
        await client.query(`SELECT pg_advisory_lock(hashtext('hcm.migrations'))`);
        await migrate(drizzle({ client, schema }), { migrationsFolder });
      } finally {
        await client.query(`SELECT pg_advisory_unlock(hashtext('hcm.migrations'))`).catch(() => undefined);
        await client.end().catch(() => undefined);
      }
    },
    listen: (channel, onMessage) => listenOn(options.url, channel, onMessage, onError),
    async watchSignal(channel, watcher) {
      const forget = signals.watch(channel, watcher);
      const stop = await listenOn(
        options.url,
        channel,
        (payload) => watcher.changed(payload),
        onError,
        (listening) => {
          // what changed while nobody listened is unknown: all of it, once listening again
          watcher.changed();
          watcher.deaf(!listening);
        },
      ).catch((error: unknown) => {
        forget();
        throw error;
      });
      return async () => {
        forget();
        await stop();
      };
    },
    async raw(text, values) {
      const result = (await pool.query(text, values ? [...values] : undefined)) as
        pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
    async serverVersion() {
      const result = await pool.query<{ server_version: string }>('SHOW server_version');
      return result.rows[0]?.server_version ?? 'unknown';
    },
    close: () => pool.end(),
  };
}

/**
 * The signals this process's own pooled connections raise (Database.watchSignal): a watcher hears
 * of one when the trigger's NOTICE arrives, during the writing statement, and again when the
 * connection goes back to the pool, after its COMMIT or ROLLBACK and before the transaction
 * returns to its caller; so nothing the process does next can rely on what it has just changed.
 * The NOTIFY of the same transaction reaches the process later, through its listening connection.
 */
class SignalsOfPool {
  private readonly watchers = new Map<string, Set<SignalWatcher>>();
  /** per connection, the channels it raised and the payloads of each */
  private readonly raised = new WeakMap<pg.PoolClient, Map<string, Set<string>>>();

  watch(channel: string, watcher: SignalWatcher): () => void {
    const watchers = this.watchers.get(channel) ?? new Set<SignalWatcher>();
    this.watchers.set(channel, watchers);
    watchers.add(watcher);
    return () => watchers.delete(watcher);
  }

  /** `hcm-signal:<channel>` or `hcm-signal:<channel>:<payload>` (a channel name has no colon) */
  noticed(client: pg.PoolClient, message: string | undefined): void {
    if (!message?.startsWith(SIGNAL_NOTICE_PREFIX)) return;
    const said = message.slice(SIGNAL_NOTICE_PREFIX.length);
    const colon = said.indexOf(':');
    const channel = colon < 0 ? said : said.slice(0, colon);
    const payload = colon < 0 ? '' : said.slice(colon + 1);
    const raised = this.raised.get(client) ?? new Map<string, Set<string>>();
    this.raised.set(client, raised);
    const payloads = raised.get(channel) ?? new Set<string>();
    raised.set(channel, payloads);
    payloads.add(payload);
    this.announce(channel, payload);
  }

  released(client: pg.PoolClient): void {
    const raised = this.raised.get(client);
    if (!raised) return;
    this.raised.delete(client);
    for (const [channel, payloads] of raised) for (const payload of payloads) this.announce(channel, payload);
  }

  private announce(channel: string, payload: string): void {
    for (const watcher of this.watchers.get(channel) ?? []) watcher.changed(payload);
  }
}

/** How long a lost listening connection waits before it connects again, doubling up to the last. */
const RELISTEN_DELAYS_MS = [250, 1000, 5000, 15_000];

/**
 * LISTEN on a connection of its own, outside the pool (a pooled one would be handed to requests):
 * when the server drops it, it connects again and listens again, so a database restart costs the
 * notifications sent while it was away, never the listener.
 */
async function listenOn(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onError: (error: Error) => void,
  /** told false when the listening connection is lost, true when listening again */
  onListening?: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({
      connectionString: url,
      options: '-c idle_in_transaction_session_timeout=0',
    });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', (error) => {
      onError(error);
      lose(next);
    });
    next.on('end', () => lose(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    const again = attempt > 0;
    client = next;
    attempt = 0;
    if (again) onListening?.(true);
  };
  const reconnectLater = () => {
    if (stopped) return;
    const delay = RELISTEN_DELAYS_MS[Math.min(attempt++, RELISTEN_DELAYS_MS.length - 1)];
    retry = setTimeout(() => {
      connect().catch((error: Error) => {
        onError(error);
        reconnectLater();
      });
    }, delay);
  };
  /** The listening connection ended or failed: connect again (a client not yet listening is ignored). */
  const lose = (lost: pg.Client) => {
    if (stopped || client !== lost) return;
    client = null;
    onListening?.(false);
    void lost.end().catch(() => undefined);
    reconnectLater();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}
