import type { DataScopeValue } from '@hcm/contracts/users-roles';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/database.ts';
import { workers } from '../tables/workers.ts';
import type { Scope } from '../../../db/tenant-scope.ts';
import type { DataScope, ResourceDefinition } from '../../../resources/index.ts';

/**
 * Which employees a caller reaches (issue 11 "data scope"): every one of the tenant ('all'), or
 * those of some units and their own record. Read inside the request's transaction, afresh on
 * every request, so a change of role or of position counts at the next one.
 */
export type WorkerReach =
  | { readonly all: true }
  | {
      readonly all: false;
      /** the units they lead and every unit below them (empty for SELF) */
      readonly unitIds: readonly string[];
      /** their own employee record, and its unit, when their account is linked to one */
      readonly self: { readonly id: string; readonly unitId: string } | null;
    };

const WIDTH: Record<DataScopeValue, number> = { TENANT: 3, UNITS: 2, SELF: 1 };
const ALL: WorkerReach = { all: true };

/**
 * The caller's reach. The whole tenant for work with no user (the date sweep), for root, for an
 * API client (its scopes are the tenant's) and for a user with any TENANT role. Otherwise the
 * widest of their active roles: UNITS reaches the units a position they hold directly manages
 * (the chart's leaders) with the units below them, and their own record; SELF their own record
 * only; no active role at all, the same as SELF.
 */
export function workerReachOf(tx: Tx, caller: Scope): Promise<WorkerReach> {
  if (caller.userId === null) return Promise.resolve(ALL);
  // Once per transaction and caller: a request resolving several employee-owned resources (the
  // files of employees, contracts and decisions) asks the same question of each.
  const known = reachesOf.get(tx) ?? new Map<string, Promise<WorkerReach>>();
  reachesOf.set(tx, known);
  const key = `${caller.tenantId ?? ''}/${caller.userId}`;
  const found = known.get(key);
  if (found) return found;
  const reach = readWorkerReach(tx, caller.userId);
  known.set(key, reach);
  // a failed read is not kept: the transaction is failing anyway, and nothing should reuse it
  reach.catch(() => known.delete(key));
  return reach;
}

/** The reaches read in each transaction (a transaction object lives as long as its work). */
const reachesOf = new WeakMap<object, Map<string, Promise<WorkerReach>>>();

async function readWorkerReach(tx: Tx, userId: string): Promise<WorkerReach> {
  const caller = { userId };
  const account = (await tx.execute(sql`
    select u.is_root,
      (select max(case r.data_scope when 'TENANT' then ${WIDTH.TENANT} when 'UNITS' then ${WIDTH.UNITS}
                                    else ${WIDTH.SELF} end)
         from user_roles ur join roles r on r.id = ur.role_id and r.status = 'ACTIVE'
        where ur.user_id = u.id) as widest
    from users u where u.id = ${caller.userId}`)) as unknown as {
    rows: { is_root: boolean; widest: number | null }[];
  };
  const row = account.rows[0];
  if (!row || row.is_root || Number(row.widest) === WIDTH.TENANT) return ALL;
  const selfRows = (await tx.execute(sql`
    select id, organization_unit_id as unit_id from workers where user_id = ${caller.userId}`)) as unknown as {
    rows: { id: string; unit_id: string }[];
  };
  const mine = selfRows.rows[0];
  const self = mine ? { id: mine.id, unitId: mine.unit_id } : null;
  if (Number(row.widest) !== WIDTH.UNITS || !self) return { all: false, unitIds: [], self };
  const led = (await tx.execute(sql`
    with recursive reached(id) as (
      select d.organization_unit_id from position_direct_units d
        join workers w on w.job_position_id = d.position_id
       where w.id = ${self.id} and w.working_status = 'WORKING'
      union
      select u.id from organization_units u join reached r on u.parent_id = r.id
    )
    select id from reached`)) as unknown as { rows: { id: string }[] };
  return { all: false, unitIds: led.rows.map((unit) => unit.id), self };
}

/**
 * The employees' own data scope: the rows of the units reached and the caller's own; a record
 * written (created, or moved) only into a unit reached, or their own unit (so that saving their
 * own record unchanged stays possible where they may edit it at all).
 */
export const workerDataScope: DataScope = {
  kind: 'reach',
  column: 'organizationUnitId',
  async reachOf(tx, caller, definition) {
    const reach = await workerReachOf(tx, caller);
    if (reach.all) return { rows: undefined };
    const unit = definition.column('organizationUnitId');
    const conditions: SQL[] = [];
    if (reach.unitIds.length > 0) conditions.push(inArray(unit, [...reach.unitIds]));
    if (reach.self) conditions.push(sql`${definition.columns.id} = ${reach.self.id}`);
    if (conditions.length === 0)
      return { rows: sql`false`, column: { name: 'organizationUnitId', allowed: [] } };
    const allowed = [...new Set([...reach.unitIds, ...(reach.self ? [reach.self.unitId] : [])])];
    return { rows: or(...conditions), column: { name: 'organizationUnitId', allowed } };
  },
};

/** The employees the caller reaches, as a condition on the workers table. */
function reachedWorkers(reach: Exclude<WorkerReach, { all: true }>): SQL {
  const conditions: SQL[] = [];
  if (reach.unitIds.length > 0) conditions.push(inArray(workers.organizationUnitId, [...reach.unitIds]));
  if (reach.self) conditions.push(eq(workers.id, reach.self.id));
  return conditions.length === 0 ? sql`false` : (or(...conditions) ?? sql`false`);
}

/**
 * The data scope of an employee's records (contracts, decisions): those of the employees the
 * caller reaches, by the record's `column` (its employee); one is written only for them. The
 * rows are a sub-query, not a list of ids: a branch manager may reach tens of thousands of
 * employees (bench/employee-search.ts), and a record written is checked on its own.
 */
export function byWorkerDataScope(column = 'workerId'): DataScope {
  return {
    kind: 'reach',
    column,
    async reachOf(tx, caller, definition: ResourceDefinition) {
      const reach = await workerReachOf(tx, caller);
      if (reach.all) return { rows: undefined };
      const reached = reachedWorkers(reach);
      return {
        rows: sql`${definition.column(column)} in (select ${workers.id} from ${workers} where ${reached})`,
        column: {
          name: column,
          allowed: reach.self ? [reach.self.id] : [],
          async admits(scoped: Tx, value: string) {
            const found = await scoped
              .select({ id: workers.id })
              .from(workers)
              .where(and(eq(workers.id, value), reached))
              .limit(1);
            return found.length > 0;
          },
        },
      };
    },
  };
}

/**
 * Which of these accounts are linked to an employee the caller reaches ('all' when it reaches the
 * whole tenant): what IAM's escalation rule asks before a user administrator limited to some
 * units acts on an account (services/iam/authorization/escalation.ts). An account no employee
 * record is linked to is outside every limited reach.
 */
export async function accountsOfReachedWorkers(
  tx: Db,
  caller: Scope,
  userIds: readonly string[],
): Promise<'all' | ReadonlySet<string>> {
  const reach = await workerReachOf(tx as Tx, caller);
  if (reach.all) return 'all';
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .select({ userId: workers.userId })
    .from(workers)
    .where(and(inArray(workers.userId, [...userIds]), reachedWorkers(reach)));
  return new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])));
}
