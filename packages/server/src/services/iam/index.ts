import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EscalationRefused } from './authorization/escalation.ts';
import { recordDenial } from './authorization/record-denial.ts';
import { captchaRoutes } from './captcha/routes.ts';
import { clientRoutes } from './clients/routes.ts';
import type { IamDeps } from './deps.ts';
import { directoryRoutes } from './directory/routes.ts';
import { listViewRoutes } from './list-views/routes.ts';
import { meRoutes } from './me/routes.ts';
import { passwordRoutes } from './passwords/routes.ts';
import { roleRoutes } from './roles/routes.ts';
import { sessionRoutes } from './session/routes.ts';
import { userAdminRoutes } from './users/routes.ts';

/** The identity and access service: /api/iam/... (paths from @hcm/contracts ApiPaths.iam). */
export const iamService: FastifyPluginAsyncTypebox<{ deps: IamDeps }> = async (app, { deps }) => {
  // A refused escalation is kept in the action log once its transaction has rolled back.
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof EscalationRefused) await recordDenial(deps.db, request, error);
  });
  await app.register(sessionRoutes, { deps });
  await app.register(meRoutes, { deps });
  await app.register(listViewRoutes, { db: deps.db });
  await app.register(captchaRoutes, { deps });
  await app.register(passwordRoutes, { deps });
  await app.register(userAdminRoutes, { deps });
  await app.register(roleRoutes, { deps });
  await app.register(clientRoutes, { deps });
  await app.register(directoryRoutes, { db: deps.db, accountsInReach: deps.accountsInReach });
};
