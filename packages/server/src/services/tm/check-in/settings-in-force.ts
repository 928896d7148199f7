import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import type { SettingsInForce } from './judge.ts';

/** Units walked up at most (a chart deeper than this is a loop, not an organisation). */
const MAX_DEPTH = 50;

/**
 * The check-in settings that apply to a unit: its own ACTIVE row, else the nearest ancestor's
 * (organization_units.parent_id); null when no unit up to the root has any. Two queries.
 */
export async function settingsInForce(tx: Tx, unitId: string): Promise<SettingsInForce | null> {
  const found = (await tx.execute(sql`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from organization_units where id = ${unitId}
      union all
      select u.id, u.parent_id, up.depth + 1
        from organization_units u join up on u.id = up.parent_id
       where up.depth < ${MAX_DEPTH}
    )
    select s.id, s.organization_unit_id as unit_id, u.name as unit_name, s.allow_location,
           s.allow_network, s.allow_self_declared, s.max_accuracy_metres
      from up
      join tm_check_in_settings s on s.organization_unit_id = up.id and s.status = 'ACTIVE'
      join organization_units u on u.id = up.id
     order by up.depth
     limit 1`)) as unknown as {
    rows: {
      id: string;
      unit_id: string;
      unit_name: string;
      allow_location: boolean;
      allow_network: boolean;
      allow_self_declared: boolean;
      max_accuracy_metres: number;
    }[];
  };
  const row = found.rows[0];
  if (!row) return null;
  const children = (await tx.execute(sql`
    select 'L' as kind, name, latitude::float8 as latitude, longitude::float8 as longitude,
           radius_metres, null as address, position
      from tm_check_in_locations where settings_id = ${row.id}
    union all
    select 'N', name, null, null, null, address, position
      from tm_check_in_networks where settings_id = ${row.id}
    order by 1, 7`)) as unknown as {
    rows: {
      kind: 'L' | 'N';
      name: string;
      latitude: number | null;
      longitude: number | null;
      radius_metres: number | null;
      address: string | null;
    }[];
  };
  return {
    unitId: row.unit_id,
    unitName: row.unit_name,
    allowLocation: row.allow_location,
    allowNetwork: row.allow_network,
    allowSelfDeclared: row.allow_self_declared,
    maxAccuracyMetres: Number(row.max_accuracy_metres),
    locations: children.rows
      .filter((child) => child.kind === 'L')
      .map((child) => ({
        name: child.name,
        latitude: Number(child.latitude),
        longitude: Number(child.longitude),
        radiusMetres: Number(child.radius_metres),
      })),
    networks: children.rows
      .filter((child) => child.kind === 'N')
      .map((child) => ({ name: child.name, address: child.address ?? '' })),
  };
}
