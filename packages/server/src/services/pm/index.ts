import type { FastifyPluginAsync } from 'fastify';
import { registerResources, type ResourceDefinition, type ResourceDeps } from '../../resources/index.ts';
import { positionCoefficientResource } from './position-coefficients/resource.ts';
import { exportMatrixRoute } from './position-coefficients/export-matrix.ts';
import { importMatrixRoute } from './position-coefficients/import-matrix.ts';
import { positionCoefficientRoutes } from './position-coefficients/routes.ts';
import { salaryPeriodResource } from './salary-periods/resource.ts';
import { salaryPeriodSummaryRoute } from './salary-periods/summary-route.ts';

/** The resources of the payroll service. */
export const pmResources: readonly ResourceDefinition[] = [positionCoefficientResource, salaryPeriodResource];

/** The payroll service: /api/pm/... */
export const pmService: FastifyPluginAsync<{ deps: ResourceDeps }> = async (app, { deps }) => {
  await registerResources(app, pmResources, deps);
  await app.register(positionCoefficientRoutes, { db: deps.db });
  await app.register(exportMatrixRoute, { db: deps.db });
  await app.register(importMatrixRoute, { db: deps.db });
  await app.register(salaryPeriodSummaryRoute, { db: deps.db });
};
