import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiPaths,
  AuthenticateBody,
  DataEnvelope,
  Headers,
  LogoutBody,
  RefreshTokenBody,
  TokenSet,
} from '@hcm/contracts';
import Type from 'typebox';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { identifyInLog } from '../../../http/request-context.ts';
import type { IamDeps } from '../deps.ts';
import { authenticateUser } from './authenticate-user.ts';
import { logOut } from './log-out.ts';
import { rotateRefreshToken } from './rotate-refresh-token.ts';

const SignInHeaders = Type.Object({
  // Optional correlation id from the caller (core §7); logged with the request.
  [Headers.transactionId]: Type.Optional(Type.String({ maxLength: 100 })),
  // `<prefix>:<nonce>` (a solved proof of work), required after CAPTCHA_AFTER_FAILURES failures
  // of the user name from the client's address.
  [Headers.captcha]: Type.Optional(Type.String({ maxLength: 100 })),
});

/** Sign-in, token refresh and logout: the session resource of IAM. */
export const sessionRoutes: FastifyPluginAsyncTypebox<{ deps: IamDeps }> = async (app, { deps }) => {
  // Answers that carry tokens must never be kept by a browser or proxy cache (RFC 6749 §5.1);
  // this plugin's routes only (Fastify encapsulation), errors included.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    ApiPaths.iam.authenticate,
    {
      config: { auth: 'public', throttle: 'sign-in' },
      schema: {
        headers: SignInHeaders,
        body: AuthenticateBody,
        response: { 200: DataEnvelope(TokenSet), ...errorResponses },
      },
    },
    async (request, reply) => {
      const outcome = await authenticateUser(
        deps,
        request.body,
        request.headers[Headers.captcha],
        request.ip,
      );
      if (!outcome.ok) {
        if (outcome.captchaRequired) reply.header(Headers.captchaRequired, 'true');
        request.log.info(
          { username: request.body.username, clientIp: request.ip, code: outcome.error.code },
          'sign-in refused',
        );
        throw outcome.error;
      }
      identifyInLog(request, outcome);
      return envelope(outcome.tokenSet);
    },
  );

  app.post(
    ApiPaths.iam.refreshToken,
    {
      config: { auth: 'public', throttle: 'refresh-token' },
      schema: { body: RefreshTokenBody, response: { 200: DataEnvelope(TokenSet), ...errorResponses } },
    },
    async (request) => envelope(await rotateRefreshToken(deps, request.body.refreshToken)),
  );

  app.post(
    ApiPaths.iam.logout,
    {
      // The refresh token is the credential (log-out.ts): an expired access token must not keep
      // the session alive on the server. Throttled like the refresh call, which it resembles.
      config: { auth: 'public', throttle: 'refresh-token' },
      schema: { body: LogoutBody, response: { 200: DataEnvelope(Type.Null()), ...errorResponses } },
    },
    async (request) => {
      await logOut(deps, { refreshToken: request.body.refreshToken });
      return envelope(null);
    },
  );
};
