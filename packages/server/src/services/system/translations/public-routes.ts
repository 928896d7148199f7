import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPaths, DataEnvelope, PublicMessage, PublicMessagesQuery } from '@hcm/contracts';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { listPublicMessages } from './list-public-messages.ts';

/** Browsers may reuse the list for a minute: an administrator's change shows on the next page load after that. */
const CACHE_SECONDS = 60;

/** GET /api/system/public/messages?language=vi: no sign-in, read by every page before it renders. */
export const publicMessageRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    ApiPaths.translations.publicMessages,
    {
      config: { auth: 'public' },
      schema: {
        summary: 'The active message texts in one language (they override the built-in dictionaries)',
        tags: ['system/languages'],
        querystring: PublicMessagesQuery,
        response: { 200: DataEnvelope(Type.Array(PublicMessage)), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', `public, max-age=${CACHE_SECONDS}`);
      const messages = await inScope(db, { tenantId: null, userId: null }, (tx) =>
        listPublicMessages(tx, request.query.language),
      );
      return envelope(messages);
    },
  );
};
