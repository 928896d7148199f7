import { DataEnvelope, ForbiddenReasons } from '@hcm/contracts';
import { TENANT_DASHBOARD_PATH, TenantDashboard } from '@hcm/contracts/dashboard';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../db/database.ts';
import { requireActor, runAsCaller } from '../../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { forbiddenBecause } from '../../../http/errors.ts';
import { languageOf } from '../../../resources/caller.ts';
import { todayInVietnam } from '../../../resources/documents/vietnamese-format.ts';
import type { ResourceDefinition } from '../../../resources/types.ts';
import { summarizeTenant } from './summarize-tenant.ts';
import type { WorkforceCache } from './workforce-cache.ts';

/**
 * GET /api/om/dashboard (docs: packages/shell/README.md "Dashboards"): any signed-in tenant
 * user; what it counts follows the caller's rights (a section per list they may read) and data
 * scope; the whole page, statistics included, in one answer, its tenant- and scope-wide figures
 * from `kept` (workforce-cache.ts). "Today" comes from `now`, the server's clock (tests pass
 * their own).
 */
export const tenantDashboardRoutes: FastifyPluginAsync<{
  db: Db;
  approvable: readonly ResourceDefinition[];
  kept?: WorkforceCache;
  now?: () => Date;
}> = async (app, { db, approvable, kept, now = () => new Date() }) => {
  app.get(
    TENANT_DASHBOARD_PATH,
    {
      config: { auth: 'user' as const, permission: [] },
      schema: {
        summary:
          "The tenant user's dashboard: what awaits them, contracts and probations ending, the month's people, the workforce statistics",
        tags: ['om/dashboard'],
        operationId: 'om.dashboard.summary',
        response: { 200: DataEnvelope(TenantDashboard), ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      if (actor.tenantId === null)
        throw forbiddenBecause(
          ForbiddenReasons.tenantOnly,
          'A system user has the system dashboard: sign in as a tenant user',
        );
      const input = {
        actor: { ...actor, tenantId: actor.tenantId },
        language: languageOf(request),
        today: todayInVietnam(now()),
        approvable: approvable.filter((definition) => definition.approval),
        ...(kept ? { kept } : {}),
      };
      return envelope(await runAsCaller(db, request, (tx) => summarizeTenant(tx, input)));
    },
  );
};
