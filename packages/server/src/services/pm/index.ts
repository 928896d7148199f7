import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { registerResources, type ResourceDefinition, type ResourceDeps } from '../../resources/index.ts';
import { salaryComponentResource } from './components/resource.ts';
import { positionCoefficientResource } from './position-coefficients/resource.ts';
import { exportMatrixRoute } from './position-coefficients/export-matrix.ts';
import { importMatrixRoute } from './position-coefficients/import-matrix.ts';
import { positionCoefficientRoutes } from './position-coefficients/routes.ts';
import { payPeriodPart, payPeriodResource } from './pay-periods/index.ts';
import { salaryPeriodResource } from './salary-periods/resource.ts';
import { salaryPeriodSummaryRoute } from './salary-periods/summary-route.ts';
import { lookupTableRoutes } from './lookup-tables/routes.ts';
import { payrollVariableRoutes } from './variables/routes.ts';
import { CompiledTemplateCache } from './templates/compiled-cache.ts';
import { payrollTemplateResource } from './templates/resource.ts';
import { payrollTemplateRoutes } from './templates/routes.ts';

/**
 * What a part of the payroll service is given: the record engine's deps (`db` is the ORM), the
 * whole database (`database`: LISTEN/NOTIFY signals, raw pools for the bulk path), the job queue
 * and the server's clock (tests move it; the wall's when absent).
 */
export interface PmServiceDeps extends ResourceDeps {
  readonly database: Database;
  readonly queue: JobQueue;
  readonly clock?: Clock;
}

/** What each part's routes get: the service's deps and what the service keeps for all parts. */
export interface PmDeps extends PmServiceDeps {
  /** the payroll templates checked and compiled, kept until the tenant's change (templates/compiled-cache.ts) */
  readonly templates: CompiledTemplateCache;
}

/** A part's own routes (beyond the record engine's), registered under the service. */
export type PmRoutes = FastifyPluginAsync<{ deps: PmDeps }>;

/** Compiled templates a process keeps at most (a tenant has a few; one is tens of KiB). */
const TEMPLATES_KEPT = 2_000;

/** The resources of the payroll service. */
export const pmResources: readonly ResourceDefinition[] = [
  positionCoefficientResource,
  salaryPeriodResource,
  salaryComponentResource,
  payrollTemplateResource,
  payPeriodResource,
];

/** The payroll parts' own routes (each a plugin given PmDeps): a part adds its line here. */
export const pmRoutes: readonly PmRoutes[] = [payrollTemplateRoutes, payPeriodPart];

/** The payroll service: /api/pm/... */
export const pmService: FastifyPluginAsync<{ deps: PmServiceDeps }> = async (app, { deps }) => {
  // listening before the first request, stopped with the server
  const templates = new CompiledTemplateCache({ maxEntries: TEMPLATES_KEPT });
  const stopWatching = await templates.watch(deps.database);
  app.addHook('onClose', stopWatching);
  const parts: PmDeps = { ...deps, templates };
  await registerResources(app, pmResources, deps);
  await app.register(positionCoefficientRoutes, { db: deps.db });
  await app.register(exportMatrixRoute, { db: deps.db });
  await app.register(importMatrixRoute, { db: deps.db });
  await app.register(salaryPeriodSummaryRoute, { db: deps.db });
  await app.register(lookupTableRoutes, { db: deps.db });
  await app.register(payrollVariableRoutes, { db: deps.db });
  for (const routes of pmRoutes) await app.register(routes, { deps: parts });
};
