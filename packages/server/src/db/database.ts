import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { schema } from './schema.ts';

export type Schema = typeof schema;
export type Engine = 'pglite' | 'postgresql';

/**
 * The drizzle handle operations receive. Both drivers (PGlite, node-postgres) and their
 * transactions are PgDatabase instances, so an operation written against this type runs on
 * either engine and inside or outside a transaction. The next issue runs each request in a
 * transaction that sets the tenant for row-level security and hands that transaction down.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** Who is told of a change signal (Database.watchSignal). */
export interface SignalWatcher {
  /**
   * Something the channel watches may have changed: `payload` is what the trigger said (its
   * NOTIFY payload, e.g. the tenant of the statement; '' when it says nothing), undefined when
   * anything may have changed (the listening connection came back after a loss).
   */
  changed(payload?: string): void;
  deaf(deaf: boolean): void;
}

/** What a signalling trigger's NOTICE says, before the channel's name. */
export const SIGNAL_NOTICE_PREFIX = 'hcm-signal:';

/** An open database of either engine, with what differs between engines behind methods. */
export interface Database {
  readonly engine: Engine;
  readonly orm: Db;
  /** Applies the migrations of `migrationsDir` that this database has not seen yet. */
  migrate(migrationsDir: string): Promise<void>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel` that a committed transaction
   * of any process sharing this database sends (PostgreSQL LISTEN/NOTIFY: the fan-out between
   * API nodes). Resolves once listening; the function it gives stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Watches a change signal: a trigger that raises `NOTICE 'hcm-signal:<channel>'` (or
   * `'hcm-signal:<channel>:<payload>'`) and sends `NOTIFY <channel>` with that payload
   * (migrations/0053, 0054). `changed` is called for a transaction of this process
   * that raised it as soon as the notice arrives and again when the transaction ends, before it
   * returns to its caller; for another process's, when its NOTIFY arrives after the commit.
   * `deaf(true)` while another process's signals could go unseen (the listening connection is
   * lost), `deaf(false)` once listening again. Resolves once listening.
   */
  watchSignal(channel: string, watcher: SignalWatcher): Promise<() => Promise<void>>;
  /**
   * Runs raw SQL outside any transaction of the application, as the owner (pg-boss's own
   * statements: several separated by semicolons when no values are given).
   */
  raw(text: string, values?: readonly unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** `SHOW server_version`; also the health check's proof that the database answers. */
  serverVersion(): Promise<string>;
  close(): Promise<void>;
}
