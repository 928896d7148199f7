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
   * Runs raw SQL outside any transaction of the application, as the owner (pg-boss's own
   * statements: several separated by semicolons when no values are given).
   */
  raw(text: string, values?: readonly unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** `SHOW server_version`; also the health check's proof that the database answers. */
  serverVersion(): Promise<string>;
  close(): Promise<void>;
}
