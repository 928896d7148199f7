import type { FastifyPluginAsync } from 'fastify';
import { registerResources, type ResourceDefinition, type ResourceDeps } from '../../resources/index.ts';
import { categoryResources } from './categories/category-resources.ts';

/** The resources of the organisation service. */
export const omResources: readonly ResourceDefinition[] = [...categoryResources];

/** The organisation service: /api/om/... */
export const omService: FastifyPluginAsync<{ deps: ResourceDeps }> = async (app, { deps }) => {
  await registerResources(app, omResources, deps);
};
