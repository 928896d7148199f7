import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiPaths,
  ChangeUserPasswordBody,
  DataEnvelope,
  UnlockUsersBody,
  UnlockUsersResult,
} from '@hcm/contracts';
import Type from 'typebox';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { requireActor, runAsCaller } from '../authorization/caller-scope.ts';
import type { IamDeps } from '../deps.ts';
import { changeUserPassword } from './change-user-password.ts';
import { unlockUsers } from './unlock-users.ts';

/** Administrators' operations on users' sign-in: unlock, set a password (permission user.update). */
export const userAdminRoutes: FastifyPluginAsyncTypebox<{ deps: IamDeps }> = async (app, { deps }) => {
  app.post(
    ApiPaths.iam.unlockUsers,
    {
      config: { auth: 'user', permission: 'user.update' },
      schema: {
        body: UnlockUsersBody,
        response: { 200: DataEnvelope(UnlockUsersResult), ...errorResponses },
      },
    },
    async (request) => {
      const caller = requireActor(request);
      const unlocked = await runAsCaller(deps.db, request, (tx) =>
        unlockUsers(tx, caller, request.body.usernames),
      );
      return envelope({ unlocked });
    },
  );

  app.post(
    ApiPaths.iam.changeUserPassword,
    {
      config: { auth: 'user', permission: 'user.update' },
      schema: {
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        body: ChangeUserPasswordBody,
        response: { 200: DataEnvelope(Type.Null()), ...errorResponses },
      },
    },
    async (request) => {
      const caller = requireActor(request);
      await runAsCaller(deps.db, request, (tx) =>
        changeUserPassword(
          { db: tx, passwords: deps.passwords },
          caller,
          request.params.id,
          request.body.newPassword,
        ),
      );
      return envelope(null);
    },
  );
};
