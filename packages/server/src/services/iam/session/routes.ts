import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiPaths,
  AuthenticateBody,
  DataEnvelope,
  LogoutBody,
  RefreshTokenBody,
  TokenSet,
} from '@hcm/contracts';
import Type from 'typebox';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { requireUser } from '../authentication/authentication.ts';
import type { IamDeps } from '../deps.ts';
import { authenticateUser } from './authenticate-user.ts';
import { logOut } from './log-out.ts';
import { rotateRefreshToken } from './rotate-refresh-token.ts';

const TransactionHeaders = Type.Object({
  // Optional correlation id from the caller (core §7); logged with the request.
  'x-transaction-id': Type.Optional(Type.String({ maxLength: 100 })),
});

/** Sign-in, token refresh and logout: the session resource of IAM. */
export const sessionRoutes: FastifyPluginAsyncTypebox<{ deps: IamDeps }> = async (app, { deps }) => {
  app.post(
    ApiPaths.iam.authenticate,
    {
      config: { auth: 'public' },
      schema: {
        headers: TransactionHeaders,
        body: AuthenticateBody,
        response: { 200: DataEnvelope(TokenSet), ...errorResponses },
      },
    },
    async (request) => envelope(await authenticateUser(deps, request.body)),
  );

  app.post(
    ApiPaths.iam.refreshToken,
    {
      config: { auth: 'public' },
      schema: { body: RefreshTokenBody, response: { 200: DataEnvelope(TokenSet), ...errorResponses } },
    },
    async (request) => envelope(await rotateRefreshToken(deps, request.body.refreshToken)),
  );

  app.post(
    ApiPaths.iam.logout,
    {
      config: { auth: 'user' },
      schema: { body: LogoutBody, response: { 200: DataEnvelope(Type.Null()), ...errorResponses } },
    },
    async (request) => {
      await logOut(deps, { userId: requireUser(request).userId, refreshToken: request.body.refreshToken });
      return envelope(null);
    },
  );
};
