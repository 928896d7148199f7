import type { OrganizationUnitNode, UnitLeader, UnitTypeCode, WageRegion } from '@hcm/contracts/organization';
import { FieldErrorKeys } from '@hcm/contracts';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { organizationUnits } from '../tables/organization-units.ts';
import { validationFailed } from '../../../http/errors.ts';

/*
 * Walks of the unit tree. Each runs in the caller's transaction, where row-level security keeps
 * it inside the caller's tenant, so none names the tenant.
 */

/** How many leaders a unit's box names at most: a chart box has room for a few avatars. */
export const LEADERS_PER_UNIT = 3;

/** The ids of a unit and of every unit below it, as a sub-query (`… in ${unitBranch(id)}`). */
export function unitBranch(unitId: string): SQL {
  return sql`(
      with recursive branch(id) as (
        select id from organization_units where id = ${unitId}::uuid
        union
        select u.id from organization_units u join branch b on u.parent_id = b.id
      ) select id from branch)`;
}

/**
 * The caller's active units flat, each with its parent, in list order (priority, then name): the
 * chart builds the tree in the browser. A unit whose parent is inactive stands at the top, so
 * that deactivating a division does not hide its departments. Each unit comes with its head
 * count (the workers working in it, not in the units below: the chart adds those up) and its
 * leaders: working holders of a position that directly manages it, first by the position's
 * order of units, then by worker code (names sort by bytes in the C collation, where "Đ" comes
 * after "V"), at most LEADERS_PER_UNIT of them, with how many there are.
 */
export async function findUnitTree(tx: Tx): Promise<OrganizationUnitNode[]> {
  const units = organizationUnits;
  // one after another: the statements share the transaction's one connection
  const rows = await tx
    .select({
      id: units.id,
      code: units.code,
      name: units.name,
      typeCode: units.typeCode,
      parentId: units.parentId,
      priority: units.priority,
    })
    .from(units)
    .where(eq(units.status, 'ACTIVE'))
    .orderBy(asc(units.priority), asc(units.name), asc(units.id));
  const counts = await headCounts(tx);
  const leaders = await unitLeaders(tx);
  const active = new Set(rows.map((row) => row.id));
  return rows.map((row) => ({
    ...row,
    typeCode: row.typeCode as UnitTypeCode,
    parentId: row.parentId !== null && active.has(row.parentId) ? row.parentId : null,
    workerQuantity: counts.get(row.id) ?? 0,
    leaderCount: leaders.get(row.id)?.count ?? 0,
    leaders: leaders.get(row.id)?.shown ?? [],
  }));
}

/** The workers working in each unit that has any (its own, not the units below). */
async function headCounts(tx: Tx): Promise<Map<string, number>> {
  const result = (await tx.execute(sql`
    select organization_unit_id as unit, count(*)::int as n from workers
    where working_status = 'WORKING' group by organization_unit_id`)) as unknown as {
    rows: { unit: string; n: number }[];
  };
  return new Map(result.rows.map((row) => [row.unit, Number(row.n)]));
}

/** The first LEADERS_PER_UNIT leaders of each unit that has any, and how many it has. */
async function unitLeaders(tx: Tx): Promise<Map<string, { count: number; shown: UnitLeader[] }>> {
  const result = (await tx.execute(sql`
    select unit, worker_id, full_name, gender, avatar_id, position_name, total from (
      select d.organization_unit_id as unit, w.id as worker_id, w.full_name, w.gender, w.avatar_id,
             p.name as position_name,
             row_number() over (partition by d.organization_unit_id
                                order by d.ordinal, w.code, w.id) as n,
             count(*) over (partition by d.organization_unit_id) as total
      from position_direct_units d
      join workers w on w.job_position_id = d.position_id and w.working_status = 'WORKING'
      join positions p on p.id = d.position_id
    ) ranked where n <= ${LEADERS_PER_UNIT} order by unit, n`)) as unknown as {
    rows: {
      unit: string;
      worker_id: string;
      full_name: string;
      gender: string | null;
      avatar_id: string | null;
      position_name: string;
      total: number | string;
    }[];
  };
  const byUnit = new Map<string, { count: number; shown: UnitLeader[] }>();
  for (const row of result.rows) {
    const entry = byUnit.get(row.unit) ?? { count: Number(row.total), shown: [] };
    entry.shown.push({
      workerId: row.worker_id,
      fullName: row.full_name,
      gender: row.gender,
      avatarId: row.avatar_id,
      positionName: row.position_name,
    });
    byUnit.set(row.unit, entry);
  }
  return byUnit;
}

/** 400 on parentId when `parentId` is the unit `id` itself or one of the units below it. */
export async function refuseUnitBelowItself(tx: Tx, id: string, parentId: string): Promise<void> {
  const result = (await tx.execute(sql`
    with recursive ancestors(id, parent) as (
      select id, parent_id from organization_units where id = ${parentId}
      union
      select u.id, u.parent_id from organization_units u join ancestors a on u.id = a.parent
    )
    select 1 from ancestors where id = ${id} limit 1`)) as unknown as { rows: unknown[] };
  if (result.rows.length > 0)
    throw validationFailed([
      {
        field: 'parentId',
        code: FieldErrorKeys.invalidValue,
        message: 'would make the unit its own ancestor',
      },
    ]);
}

/** A unit and the minimum wage region it works in: its own, else its nearest ancestor's. */
export interface UnitRegion {
  readonly organizationUnitId: string;
  readonly region: WageRegion | null;
}

/**
 * The wage region of each of `ids` that is a unit of the caller's tenant (others are left out):
 * the unit's own, or the nearest ancestor's that has one, or null when none up to the top does.
 */
export async function regionsOfUnits(tx: Tx, ids: readonly string[]): Promise<UnitRegion[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    with recursive chain(start_id, id, parent, region, depth) as (
      select id, id, parent_id, wage_region, 0 from organization_units where id in (${list})
      union all
      select c.start_id, u.id, u.parent_id, u.wage_region, c.depth + 1
      from chain c join organization_units u on u.id = c.parent
      where c.region is null and c.depth < 1000
    )
    select distinct on (start_id) start_id as "organizationUnitId", region
    from chain
    order by start_id, (region is null), depth`)) as unknown as { rows: UnitRegion[] };
  const byId = new Map(result.rows.map((row) => [row.organizationUnitId, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
