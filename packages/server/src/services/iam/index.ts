import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { IamDeps } from './deps.ts';
import { meRoutes } from './me/routes.ts';
import { sessionRoutes } from './session/routes.ts';

/** The identity and access service: /api/iam/... (paths from @hcm/contracts ApiPaths.iam). */
export const iamService: FastifyPluginAsyncTypebox<{ deps: IamDeps }> = async (app, { deps }) => {
  await app.register(sessionRoutes, { deps });
  await app.register(meRoutes, { deps });
};
