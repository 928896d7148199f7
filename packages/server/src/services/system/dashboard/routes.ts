import { DataEnvelope, ForbiddenReasons } from '@hcm/contracts';
import { DASHBOARD_HORIZON_DAYS, SYSTEM_DASHBOARD_PATH, SystemDashboard } from '@hcm/contracts/dashboard';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db, Tx } from '../../../db/database.ts';
import { requireActor, runAsCaller } from '../../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { forbiddenBecause } from '../../../http/errors.ts';
import { todayInVietnam } from '../../../resources/documents/vietnamese-format.ts';

type TenantRow = { id: string; code: string; name: string; ends_at: Date | string | null };
const DAY_MS = 86_400_000;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const shown = (rows: TenantRow[]) =>
  rows.map((row) => ({ id: row.id, code: row.code, name: row.name, endsAt: iso(row.ends_at) }));

/**
 * The system administrator's numbers in three statements over the global tables: tenants by
 * status, subscriptions in force that end within 30 days, and active tenants with none in force.
 */
export async function summarizeSystem(tx: Tx, now: Date): Promise<SystemDashboard> {
  const horizon = new Date(now.getTime() + DASHBOARD_HORIZON_DAYS * DAY_MS);
  const counted = (await tx.execute(sql`
    select status, count(*)::int as n from tenants group by status`)) as unknown as {
    rows: { status: string; n: number }[];
  };
  const tenants = { total: 0, active: 0, suspended: 0, inactive: 0 };
  for (const { status, n } of counted.rows) {
    tenants.total += Number(n);
    if (status === 'ACTIVE') tenants.active += Number(n);
    else if (status === 'SUSPENDED') tenants.suspended += Number(n);
    else tenants.inactive += Number(n);
  }
  // a tenant renewed in advance has a later subscription: it is not ending
  const ending = (await tx.execute(sql`
    select t.id, t.code, t.name, max(s.ends_at) as ends_at
    from tenants t join tenant_subscriptions s on s.tenant_id = t.id
    where t.status = 'ACTIVE' and s.starts_at <= ${now} and s.ends_at > ${now}
    group by t.id, t.code, t.name
    having max(s.ends_at) <= ${horizon}
       and not exists (select 1 from tenant_subscriptions later
                       where later.tenant_id = t.id and later.starts_at >= max(s.ends_at))
    order by 4, t.name`)) as unknown as { rows: TenantRow[] };
  const unlicensed = (await tx.execute(sql`
    select t.id, t.code, t.name,
           (select max(s.ends_at) from tenant_subscriptions s where s.tenant_id = t.id) as ends_at
    from tenants t
    where t.status = 'ACTIVE' and not exists (
      select 1 from tenant_subscriptions s where s.tenant_id = t.id and s.starts_at <= ${now} and s.ends_at > ${now})
    order by t.name`)) as unknown as { rows: TenantRow[] };
  return {
    today: todayInVietnam(now),
    horizon: todayInVietnam(horizon),
    tenants,
    licencesEnding: shown(ending.rows),
    unlicensed: shown(unlicensed.rows),
  };
}

/** GET /api/system/dashboard: for a system user who may see the tenants (tenant.view). */
export const systemDashboardRoutes: FastifyPluginAsync<{ db: Db; now?: () => Date }> = async (
  app,
  { db, now = () => new Date() },
) => {
  app.get(
    SYSTEM_DASHBOARD_PATH,
    {
      config: { auth: 'user' as const, permission: 'tenant.view' },
      schema: {
        summary: "The system administrator's dashboard: tenants, licences ending, tenants without one",
        tags: ['system/dashboard'],
        operationId: 'system.dashboard.summary',
        response: { 200: DataEnvelope(SystemDashboard), ...errorResponses },
      },
    },
    async (request) => {
      if (requireActor(request).tenantId !== null)
        throw forbiddenBecause(ForbiddenReasons.systemOnly, 'The system dashboard is for system users');
      const at = now();
      return envelope(await runAsCaller(db, request, (tx) => summarizeSystem(tx, at)));
    },
  );
};
