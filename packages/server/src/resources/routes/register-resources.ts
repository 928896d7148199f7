import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ExportConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { ResourceDefinition } from '../types.ts';
import { registerFileRoutes } from './file-routes.ts';
import { registerHistoryRoutes } from './history-routes.ts';
import { registerSubImportRoutes } from './sub-import-routes.ts';
import { registerReadRoutes } from './read-routes.ts';
import { registerWriteRoutes } from './write-routes.ts';

export interface ResourceDeps {
  db: Db;
  /** the send timeout of streamed exports (default 30 s) */
  exports?: ExportConfig;
}

/**
 * Serves every generic sub-path of each resource under its /api/{service}/{path}. Call it from
 * a service plugin; multipart parsing (for /import) is registered once in that plugin's scope.
 */
export async function registerResources(
  app: FastifyInstance,
  resources: readonly ResourceDefinition[],
  deps: ResourceDeps,
): Promise<void> {
  await app.register(multipart);
  for (const definition of resources) {
    await app.register(
      async (scoped) => {
        registerReadRoutes(scoped, definition, deps.db);
        registerWriteRoutes(scoped, definition, deps.db);
        registerFileRoutes(scoped, definition, deps.db, deps.exports);
        registerSubImportRoutes(scoped, definition, deps.db);
        registerHistoryRoutes(scoped, definition, deps.db);
      },
      { prefix: definition.basePath },
    );
  }
}
