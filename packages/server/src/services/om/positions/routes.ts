import { DataEnvelope, PermissionResources } from '@hcm/contracts';
import { positionContract } from '@hcm/contracts/categories';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { runAsCaller } from '../../../http/caller-scope.ts';
import { findPositionTree } from './find-position-tree.ts';

const PositionNode = Type.Object({
  id: Type.String({ format: 'uuid' }),
  code: Type.String(),
  name: Type.String(),
  children: Type.Array(Type.Unknown(), { description: 'the positions under this one, of the same shape' }),
});

/** GET /api/om/positions/find-all-tree (catalogues §7.4 "Position: GET find all tree"): position.view. */
export const positionTreeRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(
    `${positionContract.apiPath}/find-all-tree`,
    {
      config: { auth: 'user', permission: 'position.view', module: PermissionResources.position.module },
      schema: {
        summary: 'The active positions as a tree, each under its parent',
        tags: ['om/positions'],
        response: { 200: DataEnvelope(Type.Array(PositionNode)), ...errorResponses },
      },
    },
    async (request) => envelope(await runAsCaller(db, request, findPositionTree)),
  );
};
