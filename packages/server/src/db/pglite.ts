import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { DEFAULT_FAIRNESS, PGLITE_SHARED_BUFFERS_MIB, type TenantFairnessConfig } from '../config.ts';
import type { Database } from './database.ts';
import { schema } from './schema.ts';
import { TenantTurns, giveTurns } from './tenant-turns.ts';

// The contrib extensions the migrations create (0003: trigram keyword indexes).
const extensions = { pg_trgm, btree_gin };

/**
 * Embedded PostgreSQL (WASM) in this process, one connection: a transaction left open stops
 * every other statement of the process, so nothing may hold one while it waits for a client
 * (exports read in short keyset pages, resources/export). statement_timeout and
 * idle_in_transaction_session_timeout are not set here: PGlite has no timer to enforce them
 * (a pg_sleep(1) under statement_timeout = 200 ms runs to its end) and, with the idle
 * timeout set, the next statement after an idle transaction never returns (checked on 0.5). `dataDir` keeps its files across restarts;
 * undefined gives a throw-away in-memory database, started from `image` when given (a tarball of
 * another database's files: `migratedPgliteImage`). One process at a time may open a dataDir. `fairness`: scope
 * transactions take turns round-robin across tenants (db/tenant-turns.ts).
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { image?: Blob; fairness?: TenantFairnessConfig; sharedBuffersMiB?: number } = {},
): Promise<Database> {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const startParams = startParamsWith(options.sharedBuffersMiB ?? PGLITE_SHARED_BUFFERS_MIB);
  const client = await PGlite.create(
    dataDir !== undefined
      ? { dataDir, extensions, startParams }
      : { extensions, startParams, ...(options.image ? { loadDataDir: options.image } : {}) },
  );
  const orm = drizzle({ client, schema });
  const fairness = options.fairness ?? DEFAULT_FAIRNESS;
  if (fairness.enabled) giveTurns(orm, new TenantTurns(fairness));
  return {
    engine: 'pglite',
    orm,
    migrate: (migrationsFolder) => migrate(orm, { migrationsFolder }),
    // PGlite delivers a committed NOTIFY to the listeners of its own process: the only process.
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    // The NOTIFY is enough here: PGlite hands it to its listeners (queued microtasks) while it
    // reads the COMMIT's answer, before the transaction returns to its caller; and no other
    // process shares the database.
    async watchSignal(channel, watcher) {
      const stop = await client.listen(channel, (payload) => watcher.changed(payload));
      // stopped after the database closed (a shutdown that closed it first): nothing to undo
      return () => (client.closed ? Promise.resolve() : stop());
    },
    async raw(text, values) {
      // PGlite's query takes one statement; exec several, without parameters
      if (values && values.length > 0) return client.query<Record<string, unknown>>(text, [...values]);
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    async serverVersion() {
      const result = await client.query<{ server_version: string }>('SHOW server_version');
      return result.rows[0]?.server_version ?? 'unknown';
    },
    close: () => client.close(),
  };
}

/** PGlite's own start parameters (they are replaced, not added to), with our shared_buffers. */
const startParamsWith = (sharedBuffersMiB: number): string[] => [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${sharedBuffersMiB}MB`,
];

/**
 * The files of a new in-memory database migrated to the newest version, as a tarball that
 * `openPglite(undefined, { image })` starts from: about 0.7 s instead of 2.6 s to create the
 * database and 1.5 s to migrate it (the test suites open hundreds).
 */
export async function migratedPgliteImage(migrationsFolder: string): Promise<Blob> {
  const client = await PGlite.create({ extensions, startParams: startParamsWith(PGLITE_SHARED_BUFFERS_MIB) });
  try {
    await migrate(drizzle({ client, schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
