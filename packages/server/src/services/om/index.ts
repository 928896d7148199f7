import type { FastifyPluginAsync } from 'fastify';
import { registerResources, type ResourceDefinition, type ResourceDeps } from '../../resources/index.ts';
import { areaRoutes } from './areas/routes.ts';
import { bankResources } from './banks/resources.ts';
import { contactRoutes } from './contacts/routes.ts';
import { categoryResources } from './categories/category-resources.ts';
import { positionResource } from './positions/position-resource.ts';
import { positionTreeRoutes } from './positions/routes.ts';
import { organizationUnitResource, workingGroupResource } from './organization-units/resources.ts';
import { organizationUnitRoutes } from './organization-units/routes.ts';
import { leaveCategoryResources } from './leave-categories/resources.ts';
import { scaleGroupResources } from './scale-groups/resources.ts';
import { scaleGroupRoutes } from './scale-groups/routes.ts';
import { wageCategoryResources } from './wage-categories/resources.ts';
import { wageCategoryRoutes } from './wage-categories/routes.ts';
import { workerResource } from './workers/resources.ts';
import { laborContractResource } from './labor-contracts/resources.ts';
import { laborContractRoutes } from './labor-contracts/routes.ts';
import { scheduleDateSweep } from './date-sweep.ts';
import { personnelChangeResources } from './personnel-changes/resources.ts';
import { workerHistoryRoutes } from './personnel-changes/routes.ts';
import { documentRoutes, printablesOf } from './documents/routes.ts';
import { workerStatisticsRoutes } from './worker-statistics/routes.ts';
import { tenantDashboardRoutes } from './dashboard/routes.ts';
import { WorkforceCache } from './dashboard/workforce-cache.ts';
import type { Database } from '../../db/database.ts';
import type { FileStore } from '../storage/stores/store.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';

/** The resources of the organisation service. */
export const omResources: readonly ResourceDefinition[] = [
  ...categoryResources,
  positionResource,
  organizationUnitResource,
  workingGroupResource,
  ...wageCategoryResources,
  ...leaveCategoryResources,
  ...scaleGroupResources,
  ...bankResources,
  workerResource,
  laborContractResource,
  ...personnelChangeResources,
];

/** How the dashboard's workforce figures are kept (dashboard/workforce-cache.ts). */
export interface WorkforceKeeping {
  /** where the workforce signal is heard (migrations/0054) */
  signals: Pick<Database, 'watchSignal'>;
  /** DASHBOARD_CACHE_SECONDS: the longest a figure serves (0: none is kept) */
  seconds: number;
  /** DASHBOARD_CACHE_ENTRIES: figures kept at most */
  entries: number;
}

/**
 * The organisation service: /api/om/... With `validitySweepMinutes` above 0 it schedules, in
 * the job queue, what keeps the date's changes current: the contracts' validity, and approved
 * decisions applied to their employees on their effective dates (date-sweep.ts); 0 removes the
 * schedule. With `workforce`, the dashboard's figures are kept until the signal says they changed.
 * `approvable` is every module's resources (the application's declared list): the dashboard
 * counts what awaits the caller of each approvable kind, the timekeeping documents as much as
 * this module's contracts and decisions.
 */
export const omService: FastifyPluginAsync<{
  deps: ResourceDeps & { files: FileStore; queue: JobQueue };
  approvable: readonly ResourceDefinition[];
  validitySweepMinutes?: number;
  workforce?: WorkforceKeeping;
}> = async (app, { deps, approvable, validitySweepMinutes = 0, workforce }) => {
  // The dashboard's figures, this module's own cache: listening before the first request, stopped
  // with the server.
  let kept: WorkforceCache | undefined;
  if (workforce && workforce.seconds > 0) {
    kept = new WorkforceCache({ ttlMs: workforce.seconds * 1000, maxEntries: workforce.entries });
    const stop = await kept.watch(workforce.signals);
    app.addHook('onClose', stop);
  }
  await app.register(laborContractRoutes, { db: deps.db });
  await app.register(positionTreeRoutes, { db: deps.db });
  await app.register(organizationUnitRoutes, { db: deps.db });
  await registerResources(app, omResources, deps);
  await app.register(wageCategoryRoutes, { db: deps.db });
  await app.register(scaleGroupRoutes, { deps });
  await app.register(areaRoutes, { db: deps.db });
  await app.register(contactRoutes, { db: deps.db });
  await app.register(workerHistoryRoutes, { db: deps.db });
  await app.register(workerStatisticsRoutes, { db: deps.db, ...(kept ? { kept } : {}) });
  await app.register(tenantDashboardRoutes, {
    db: deps.db,
    approvable,
    ...(kept ? { kept } : {}),
  });
  await app.register(documentRoutes, {
    db: deps.db,
    store: deps.files,
    printables: printablesOf(omResources, workerResource),
    lookups: omResources,
  });
  await scheduleDateSweep(deps.queue, deps.db, app.log, validitySweepMinutes);
};
