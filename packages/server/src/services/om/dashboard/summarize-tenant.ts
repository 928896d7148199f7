import { hasAuthority } from '@hcm/contracts';
import {
  DASHBOARD_PEOPLE_MAX,
  PROBATION_CONTRACT_TYPE_CODE,
  type DashboardPerson,
  type DashboardRecordKind,
  type TenantDashboard,
} from '@hcm/contracts/dashboard';
import { and, count, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import type { Actor } from '../../../http/caller-scope.ts';
import { recordTypeOf } from '../../../resources/approval/approval-spec.ts';
import { ownRows, resolveDataScope, type ResourceScope } from '../../../resources/caller.ts';
import { whereOf, type ListQuery } from '../../../resources/search/list-query.ts';
import type { Language, ResourceDefinition } from '../../../resources/types.ts';
import { expiryNoticeDays } from '../labor-contracts/expiring.ts';
import { laborContractResource } from '../labor-contracts/resources.ts';
import { resignationResource } from '../personnel-changes/resources.ts';
import { workerResource } from '../workers/resources.ts';
import { workerReachOf } from '../workers/worker-reach.ts';
import { dashboardDates, type DashboardDates } from './dashboard-dates.ts';
import { reachKey, type WorkforceCache } from './workforce-cache.ts';
import { workforceStatistics } from '../worker-statistics/workforce-statistics.ts';

export interface TenantDashboardInput {
  /** a tenant user (the route answers a system user 403 first) */
  readonly actor: Actor & { readonly tenantId: string };
  readonly language: Language;
  /** the server's today in Vietnam (yyyy-MM-dd), from its injected clock */
  readonly today: string;
  /** the approvable resources: the kinds of record that can await someone */
  readonly approvable: readonly ResourceDefinition[];
  /** the figures kept across requests (none: each is computed) */
  readonly kept?: WorkforceCache;
}

type Rows<T> = { rows: T[] };

/**
 * A tenant user's dashboard, in one transaction of the caller's tenant (RLS), each section
 * only when the caller's rights allow its list, each count through the same data scope and
 * list conditions (whereOf) as the list a card links to, so the two always agree. What is the
 * tenant's and the scope's (every section but what awaits the caller and their own requests)
 * comes from `kept` when it holds it for this reach and day (workforce-cache.ts).
 */
export async function summarizeTenant(tx: Tx, input: TenantDashboardInput): Promise<TenantDashboard> {
  const { actor, language, today } = input;
  // the contract cards look as far ahead as the tenant's expiry notices
  const dates = dashboardDates(today, await expiryNoticeDays(tx, actor.tenantId));
  const base: ResourceScope = { tenantId: actor.tenantId, userId: actor.userId };
  // The employees, contracts and resignations all narrow by the caller's reach over employees
  // (worker-reach.ts): figures are shared by callers of one reach, never across reaches.
  const reach = reachKey(await workerReachOf(tx, base));
  const keptFor = <T>(key: string, compute: () => Promise<T>): Promise<T> =>
    input.kept ? input.kept.get(actor.tenantId, `${reach}|${key}`, compute) : compute();
  const may = (definition: ResourceDefinition) =>
    hasAuthority(actor.permissions, definition.permissionFor('view'), actor.isRoot);
  const scoped = async (definition: ResourceDefinition): Promise<ResourceScope> => ({
    ...base,
    data: await resolveDataScope(tx, definition, base),
  });
  // a card's count: its list's conditions, given as the list reads its link's `?q=` (filters,
  // and a date range as the filter's From/To bounds)
  const countList = async (
    definition: ResourceDefinition,
    scope: ResourceScope,
    query: Pick<ListQuery, 'filters' | 'ranges'>,
  ) => {
    const [row] = await tx
      .select({ n: count() })
      .from(definition.table)
      .where(whereOf(definition, scope, query));
    return Number(row?.n ?? 0);
  };
  const kindOf = (recordType: string) =>
    input.approvable.find((definition) => recordTypeOf(definition.declaration) === recordType);
  const title = (definition: ResourceDefinition | undefined, recordType: string) =>
    definition?.contract?.title[language] ?? recordType;

  // one look at the waiting steps' index, then the exact list count for each kind that has some
  const waiting = (await tx.execute(sql`
    select record_type, count(*)::int as n from approval_steps
    where assignee_user_id = ${actor.userId} and started_at is not null and acted_at is null
    group by record_type`)) as unknown as Rows<{ record_type: string; n: number }>;
  const awaitingMe: DashboardRecordKind[] = [];
  for (const { record_type: recordType } of waiting.rows) {
    const definition = kindOf(recordType);
    if (!definition?.approval || !definition.contract || !may(definition)) continue;
    const field = definition.approval.statusField ?? 'approvalStatus';
    const n = await countList(definition, await scoped(definition), {
      filters: { [field]: ['WAIT_MY_APPROVE'] },
    });
    if (n > 0)
      awaitingMe.push({
        recordType,
        route: definition.contract.route,
        title: title(definition, recordType),
        count: n,
      });
  }

  const requested = (await tx.execute(sql`
    select record_type, count(*)::int as n from approval_requests
    where requested_by = ${actor.userId} and state = 'OPEN'
    group by record_type order by 1`)) as unknown as Rows<{ record_type: string; n: number }>;
  const myRequests = requested.rows.map(({ record_type: recordType, n }) => {
    const definition = kindOf(recordType);
    return {
      recordType,
      route: definition?.contract && may(definition) ? definition.contract.route : null,
      title: title(definition, recordType),
      count: Number(n),
    };
  });

  let contracts: TenantDashboard['contracts'] = null;
  if (may(laborContractResource))
    contracts = await keptFor(`contracts|${dates.today}|${dates.horizon}`, async () => {
      const scope = await scoped(laborContractResource);
      // what the expiry notices tell HR of (renewal-due.ts): signed main contracts not yet followed
      // by another. A probation followed by its main contract is no longer ending for HR either,
      // so the probation card narrows the same count to the probation type.
      const ending = {
        filters: { renewalDue: [true] },
        ranges: { expiryDate: { from: dates.today, to: dates.horizon } },
      };
      const probation = (await tx.execute(sql`
      select id from contract_types where lower(code) = lower(${PROBATION_CONTRACT_TYPE_CODE}) limit 1`)) as unknown as Rows<{
        id: string;
      }>;
      const probationTypeId = probation.rows[0]?.id ?? null;
      return {
        expiring: await countList(laborContractResource, scope, ending),
        probationEnding: probationTypeId
          ? await countList(laborContractResource, scope, {
              ...ending,
              filters: { ...ending.filters, contractTypeId: [probationTypeId] },
            })
          : 0,
        probationTypeId,
      };
    });

  let workforce: TenantDashboard['workforce'] = null;
  let statistics: TenantDashboard['statistics'] = null;
  if (may(workerResource)) {
    const reached = async () => ownRows(workerResource, await scoped(workerResource));
    statistics = await workforceStatistics(
      tx,
      { reached, language, today, year: dates.year, organizationUnitId: null },
      (key, compute) => keptFor(key, compute),
    );
    const people = await keptFor(`people|${dates.today}`, async () =>
      monthsPeople(tx, await reached(), dates),
    );
    // the head count by unit is the statistics' organization bars: not carried twice
    workforce = { headCount: statistics.headCount, ...people };
  }

  // the resignation list's count (its own right and data scope), as the card's link filters it
  const leavers = may(resignationResource)
    ? await keptFor(`leavers|${dates.monthStart}|${dates.monthEnd}`, async () =>
        countList(resignationResource, await scoped(resignationResource), {
          filters: { approvalStatus: ['APPROVED'] },
          ranges: { effectiveDate: { from: dates.monthStart, to: dates.monthEnd } },
        }),
      )
    : null;

  return {
    today: dates.today,
    horizonDays: dates.horizonDays,
    horizon: dates.horizon,
    monthStart: dates.monthStart,
    monthEnd: dates.monthEnd,
    awaitingMe,
    myRequests,
    contracts,
    workforce,
    leavers,
    statistics,
  };
}

/**
 * The month's people cards of the employees `reach` covers (undefined: the whole tenant): those
 * who joined this month, and those at work whose birthday or joining anniversary (of past
 * years) falls in it, the first DASHBOARD_PEOPLE_MAX by day with how many there are.
 */
export async function monthsPeople(
  tx: Tx,
  reach: SQL | undefined,
  dates: DashboardDates,
): Promise<Pick<NonNullable<TenantDashboard['workforce']>, 'joiners' | 'birthdays' | 'anniversaries'>> {
  const inReach: SQL = reach ?? sql`true`;
  const [joined] = (
    (await tx.execute(sql`
    select count(*)::int as n from workers
    where ${inReach} and joined_date between ${dates.monthStart}::date and ${dates.monthEnd}::date`)) as unknown as Rows<{
      n: number;
    }>
  ).rows;
  const listed = async (column: 'date_of_birth' | 'joined_date', onlyPastYears: boolean) => {
    const where = and(
      inReach,
      sql`workers.working_status = 'WORKING'`,
      sql`extract(month from ${sql.raw(`workers.${column}`)}) = ${dates.month}`,
      onlyPastYears ? sql`extract(year from workers.joined_date) < ${dates.year}` : undefined,
    );
    const found = (await tx.execute(sql`
    select workers.id, workers.code, workers.full_name,
           extract(day from ${sql.raw(`workers.${column}`)})::int as day,
           (${dates.year} - extract(year from ${sql.raw(`workers.${column}`)}))::int as years,
           count(*) over ()::int as total
    from workers where ${where}
    order by 4, workers.full_name, workers.id
    limit ${DASHBOARD_PEOPLE_MAX}`)) as unknown as Rows<{
      id: string;
      code: string;
      full_name: string;
      day: number;
      years: number;
      total: number;
    }>;
    const month = String(dates.month).padStart(2, '0');
    return {
      total: Number(found.rows[0]?.total ?? 0),
      people: found.rows.map((row): DashboardPerson => ({
        id: row.id,
        code: row.code,
        fullName: row.full_name,
        day: `${dates.year}-${month}-${String(row.day).padStart(2, '0')}`,
        years: Math.max(0, Number(row.years)),
      })),
    };
  };
  return {
    joiners: Number(joined?.n ?? 0),
    birthdays: await listed('date_of_birth', false),
    anniversaries: await listed('joined_date', true),
  };
}
