import type { FastifyPluginAsync } from 'fastify';
import { registerResources, type ResourceDefinition, type ResourceDeps } from '../../resources/index.ts';
import { bankResources } from './banks/resources.ts';
import { categoryResources } from './categories/category-resources.ts';
import { leaveCategoryResources } from './leave-categories/resources.ts';
import { scaleGroupResources } from './scale-groups/resources.ts';
import { wageCategoryResources } from './wage-categories/resources.ts';

/** The resources of the organisation service. */
export const omResources: readonly ResourceDefinition[] = [
  ...categoryResources,
  ...wageCategoryResources,
  ...leaveCategoryResources,
  ...scaleGroupResources,
  ...bankResources,
];

/** The organisation service: /api/om/... */
export const omService: FastifyPluginAsync<{ deps: ResourceDeps }> = async (app, { deps }) => {
  await registerResources(app, omResources, deps);
};
