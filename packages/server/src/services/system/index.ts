import type { FastifyPluginAsync } from 'fastify';
import type { ExportConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { registerResources, type ResourceDefinition } from '../../resources/index.ts';
import { systemCatalogueResources } from './catalogues/resources.ts';
import { settingResources } from './settings/resources.ts';
import { parameterRoutes } from './settings/routes.ts';
import { actionLogRoutes } from './action-logs/routes.ts';
import { outboundLogRoutes } from './outbound-logs/routes.ts';
import { servicePackResource } from './service-packs/service-packs.ts';
import { tenantRoutes } from './tenants/routes.ts';
import { systemDashboardRoutes } from './dashboard/routes.ts';
import { tenantResource } from './tenants/tenants.ts';
import type { ThemeConfig } from './theme/theme-config.ts';
import { themeRoutes } from './theme/routes.ts';
import { translationResource } from './translations/translations.ts';
import { publicMessageRoutes } from './translations/public-routes.ts';
import { documentTemplateResources } from './document-templates/resources.ts';
import { userManualRoutes } from './document-templates/routes.ts';
import { workflowTemplateResources } from './workflow-templates/resources.ts';
import { workflowTemplateRoutes } from './workflow-templates/routes.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { scheduleActionLogRetention } from './action-logs/schedule-retention.ts';

/** The resources of the system service, declared with the resource framework. */
export const systemResources: readonly ResourceDefinition[] = [
  servicePackResource,
  tenantResource,
  translationResource,
  ...systemCatalogueResources,
  ...settingResources,
  ...documentTemplateResources,
  ...workflowTemplateResources,
];

/** The system service: /api/system/... */
export const systemService: FastifyPluginAsync<{
  deps: { db: Db; theme: ThemeConfig; exports?: ExportConfig; queue?: JobQueue };
}> = async (app, { deps }) => {
  // the action log's nightly purge past each tenant's retention (a schedule: run once a night)
  if (deps.queue) await scheduleActionLogRetention(deps.queue, deps.db, app.log);
  await app.register(actionLogRoutes, { db: deps.db });
  await app.register(outboundLogRoutes, { db: deps.db });
  await app.register(tenantRoutes, { db: deps.db });
  await app.register(systemDashboardRoutes, { db: deps.db });
  await app.register(themeRoutes, { theme: deps.theme });
  await app.register(publicMessageRoutes, { db: deps.db });
  await app.register(parameterRoutes, { db: deps.db });
  await app.register(userManualRoutes, { db: deps.db });
  await app.register(workflowTemplateRoutes, { db: deps.db });
  await registerResources(app, systemResources, deps);
};
