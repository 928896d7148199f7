import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPaths, DataEnvelope, ResetPasswordBody } from '@hcm/contracts';
import Type from 'typebox';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { requireActor, runAsCaller } from '../authorization/caller-scope.ts';
import type { IamDeps } from '../deps.ts';
import { resetMyPassword } from './reset-my-password.ts';

/** The signed-in user's own password. */
export const passwordRoutes: FastifyPluginAsyncTypebox<{ deps: IamDeps }> = async (app, { deps }) => {
  app.post(
    ApiPaths.iam.resetPassword,
    {
      config: { auth: 'user', permission: [] },
      schema: { body: ResetPasswordBody, response: { 200: DataEnvelope(Type.Null()), ...errorResponses } },
    },
    async (request) => {
      const { userId } = requireActor(request);
      await runAsCaller(deps.db, request, (tx) =>
        resetMyPassword({ db: tx, passwords: deps.passwords }, userId, request.body),
      );
      return envelope(null);
    },
  );
};
