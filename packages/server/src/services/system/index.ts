import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.ts';
import { registerResources, type ResourceDefinition } from '../../resources/index.ts';
import { actionLogRoutes } from './action-logs/routes.ts';
import { servicePackResource } from './service-packs/service-packs.ts';
import { tenantRoutes } from './tenants/routes.ts';

/** The resources of the system service, declared with the resource framework. */
export const systemResources: readonly ResourceDefinition[] = [servicePackResource];

/** The system service: /api/system/... */
export const systemService: FastifyPluginAsync<{ deps: { db: Db } }> = async (app, { deps }) => {
  await app.register(actionLogRoutes, { db: deps.db });
  await app.register(tenantRoutes, { db: deps.db });
  await registerResources(app, systemResources, deps);
};
