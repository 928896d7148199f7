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
import { actionContextOf } from '../../../resources/caller.ts';
import { callerScope, requireActor } from '../../../http/caller-scope.ts';
import type { IamDeps } from '../deps.ts';
import { changeUserPassword } from './change-user-password.ts';
import { unlockUsers } from './unlock-users.ts';

/**
 * Administrators' operations on users' sign-in: unlock, set a password (permission user.update).
 * They run on the owner connection with an explicit reach check (unlock-users.ts reachableBy):
 * a system administrator acts on users of any tenant, a tenant administrator on its own.
 */
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
      const context = actionContextOf(request, callerScope(request));
      const unlocked = await unlockUsers(deps.db, caller, request.body.usernames, context);
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
      await changeUserPassword(
        deps,
        caller,
        request.params.id,
        request.body.newPassword,
        actionContextOf(request, callerScope(request)),
      );
      return envelope(null);
    },
  );
};
