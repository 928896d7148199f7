import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPaths, Captcha, DataEnvelope } from '@hcm/contracts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import type { IamDeps } from '../deps.ts';
import { createCaptcha } from './create-captcha.ts';

/** GET /api/iam/public/captcha: a proof-of-work challenge for the attempt that needs one (README, "Sign-in protection"). */
export const captchaRoutes: FastifyPluginAsyncTypebox<{ deps: IamDeps }> = async (app, { deps }) => {
  app.get(
    ApiPaths.iam.captcha,
    {
      config: { auth: 'public', throttle: 'captcha' },
      schema: { response: { 200: DataEnvelope(Captcha), ...errorResponses } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return envelope(await createCaptcha(deps));
    },
  );
};
