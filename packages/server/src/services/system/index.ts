import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.ts';
import { actionLogRoutes } from './action-logs/routes.ts';

/** The system service: /api/system/... */
export const systemService: FastifyPluginAsync<{ deps: { db: Db } }> = async (app, { deps }) => {
  await app.register(actionLogRoutes, { db: deps.db });
};
