import type { FastifyPluginAsync } from 'fastify';
import { registerResources, type ResourceDefinition, type ResourceDeps } from '../../resources/index.ts';
import { ethnicityResource } from './categories/ethnicities.ts';
import { jobTitleResource } from './categories/job-titles.ts';
import { religionResource } from './categories/religions.ts';

/** The resources of the organisation service, each declared once with the resource framework. */
export const omResources: readonly ResourceDefinition[] = [
  jobTitleResource,
  ethnicityResource,
  religionResource,
];

/** The organisation service: /api/om/... */
export const omService: FastifyPluginAsync<{ deps: ResourceDeps }> = async (app, { deps }) => {
  await registerResources(app, omResources, deps);
};
