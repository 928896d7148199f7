import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPaths, DataEnvelope } from '@hcm/contracts';
import Type from 'typebox';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { requireUser } from '../authentication/authentication.ts';
import type { IamDeps } from '../deps.ts';
import { getMyProfile } from './get-my-profile.ts';
import { listMyAuthorities } from './list-my-authorities.ts';
import { ProfileResponse, UpdateProfileBody } from './schemas.ts';
import { updateMyProfile } from './update-my-profile.ts';

/** The signed-in user's own profile and authorities. */
export const meRoutes: FastifyPluginAsyncTypebox<{ deps: IamDeps }> = async (app, { deps }) => {
  const profileResponse = { 200: DataEnvelope(ProfileResponse), ...errorResponses };

  app.get(
    ApiPaths.iam.meProfile,
    { config: { auth: 'user' }, schema: { response: profileResponse } },
    async (request) => envelope(await getMyProfile(deps.db, requireUser(request).userId)),
  );

  app.post(
    ApiPaths.iam.meProfile,
    { config: { auth: 'user' }, schema: { body: UpdateProfileBody, response: profileResponse } },
    async (request) => envelope(await updateMyProfile(deps.db, requireUser(request).userId, request.body)),
  );

  app.get(
    ApiPaths.iam.meAuthorities,
    {
      config: { auth: 'user' },
      schema: { response: { 200: DataEnvelope(Type.Array(Type.String())), ...errorResponses } },
    },
    async (request) => envelope(await listMyAuthorities(deps.db, requireUser(request).userId)),
  );
};
