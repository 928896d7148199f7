import type { DatabaseConfig } from '../config.ts';
import type { Database } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** `pgliteImage`: the files an in-memory PGlite starts from (db/pglite.ts, tests). */
export function openDatabase(
  config: DatabaseConfig,
  onIdleError?: (error: Error) => void,
  pgliteImage?: Blob,
): Promise<Database> {
  return config.engine === 'postgresql'
    ? openPostgres({ url: config.url, onIdleError, ...(config.limits ? { limits: config.limits } : {}) })
    : openPglite(config.dataDir, {
        ...(pgliteImage ? { image: pgliteImage } : {}),
        ...(config.fairness ? { fairness: config.fairness } : {}),
        ...(config.sharedBuffersMiB ? { sharedBuffersMiB: config.sharedBuffersMiB } : {}),
      });
}
