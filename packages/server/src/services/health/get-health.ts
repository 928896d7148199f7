import { ErrorCodes, type Health } from '@hcm/contracts';
import type { Database } from '../../db/database.ts';
import { currentMigration, type MigrationInfo } from '../../db/migrations.ts';
import { AppError } from '../../http/errors.ts';

export interface HealthDeps {
  db: Database;
  journal: readonly MigrationInfo[];
  startedAt: number;
}

/**
 * Asks the database itself (version and applied migration): a 200 proves it answers. When it
 * does not, 503 tells a load balancer to take this node out, unlike a 500.
 */
export async function getHealth(deps: HealthDeps): Promise<Health> {
  let serverVersion: string;
  let migration: MigrationInfo | undefined;
  try {
    [serverVersion, migration] = await Promise.all([
      deps.db.serverVersion(),
      currentMigration(deps.db.orm, deps.journal),
    ]);
  } catch (error) {
    throw new AppError(503, ErrorCodes.databaseUnavailable, 'The database does not answer', undefined, error);
  }
  return {
    status: 'ok',
    database: { engine: deps.db.engine, serverVersion },
    migration: migration
      ? { version: migration.version, name: migration.name }
      : { version: 0, name: 'none' },
    uptimeSeconds: Math.floor((Date.now() - deps.startedAt) / 1000),
  };
}
