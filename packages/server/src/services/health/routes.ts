import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPaths, DataEnvelope, Health } from '@hcm/contracts';
import { envelope, errorResponses } from '../../http/envelope.ts';
import { getHealth, type HealthDeps } from './get-health.ts';

export const healthService: FastifyPluginAsyncTypebox<{ deps: HealthDeps }> = async (app, { deps }) => {
  app.get(
    ApiPaths.health,
    { config: { auth: 'public' }, schema: { response: { 200: DataEnvelope(Health), ...errorResponses } } },
    async () => envelope(await getHealth(deps)),
  );
};
