import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPaths, DataEnvelope } from '@hcm/contracts';
import Type from 'typebox';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { requireActor, runAsCaller } from '../../../http/caller-scope.ts';
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
    { config: { auth: 'user', permission: [] }, schema: { response: profileResponse } },
    async (request) => {
      const actor = requireActor(request);
      const granted = listMyAuthorities(actor);
      return envelope(await runAsCaller(deps.db, request, (tx) => getMyProfile(tx, actor.userId, granted)));
    },
  );

  app.post(
    ApiPaths.iam.meProfile,
    {
      config: { auth: 'user', permission: [] },
      schema: { body: UpdateProfileBody, response: profileResponse },
    },
    async (request) => {
      const actor = requireActor(request);
      const granted = listMyAuthorities(actor);
      return envelope(
        await runAsCaller(deps.db, request, (tx) => updateMyProfile(tx, actor.userId, request.body, granted)),
      );
    },
  );

  app.get(
    ApiPaths.iam.meAuthorities,
    {
      config: { auth: 'user', permission: [] },
      schema: { response: { 200: DataEnvelope(Type.Array(Type.String())), ...errorResponses } },
    },
    async (request) => envelope(listMyAuthorities(requireActor(request))),
  );
};
