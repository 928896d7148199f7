import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPaths, DataEnvelope, Headers, ResetPasswordBody } from '@hcm/contracts';
import Type from 'typebox';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { callerScope, requireActor } from '../../../http/caller-scope.ts';
import { actionContextOf } from '../../../resources/caller.ts';
import type { IamDeps } from '../deps.ts';
import { resetMyPassword } from './reset-my-password.ts';

const ResetPasswordHeaders = Type.Object({
  // `<prefix>:<nonce>` (a solved proof of work) once wrong current passwords have asked for it.
  [Headers.captcha]: Type.Optional(Type.String({ maxLength: 100 })),
});

/** The signed-in user's own password. */
export const passwordRoutes: FastifyPluginAsyncTypebox<{ deps: IamDeps }> = async (app, { deps }) => {
  app.post(
    ApiPaths.iam.resetPassword,
    {
      config: { auth: 'user', permission: [] },
      schema: {
        headers: ResetPasswordHeaders,
        body: ResetPasswordBody,
        response: { 200: DataEnvelope(Type.Null()), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId } = requireActor(request);
      const outcome = await resetMyPassword(
        deps,
        {
          userId,
          clientIp: request.ip,
          captchaHeader: request.headers[Headers.captcha],
          context: actionContextOf(request, callerScope(request)),
        },
        request.body,
      );
      if (!outcome.ok) {
        if (outcome.captchaRequired) reply.header(Headers.captchaRequired, 'true');
        request.log.info({ clientIp: request.ip, code: outcome.error.code }, 'password change refused');
        throw outcome.error;
      }
      return envelope(null);
    },
  );
};
