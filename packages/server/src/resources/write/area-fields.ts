import { FieldErrorKeys, type FieldError } from '@hcm/contracts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/database.ts';
import { areas } from '../../db/tables/areas.ts';
import { validationFailed } from '../../http/errors.ts';
import type { ResourceDefinition } from '../types.ts';

/*
 * Area fields (contract kind `area`): the code of a province, or of a ward of the province
 * another field holds, among the areas in force (table `areas`, generation CURRENT, loaded at
 * start-up: services/om/areas). The engine reads that national table directly (db/tables is
 * engine). A record answers `<field>Name` beside the code, or null for a code no longer listed.
 */

type Row = Record<string, unknown>;
const CURRENT = 'CURRENT';

/** The key of an area field's name in an answer. */
export const areaNameKey = (name: string) => `${name}Name`;

/** The area fields of the definition, each with its level and (a ward) its province field. */
export const areaFieldsOf = (definition: ResourceDefinition) =>
  Object.entries(definition.fields).flatMap(([name, spec]) => (spec.area ? [{ name, ...spec.area }] : []));

/** The areas in force among `codes`, by code. */
async function areasByCode(tx: Tx, codes: readonly string[]) {
  if (codes.length === 0) return new Map<string, { type: string; parentCode: string | null; name: string }>();
  const rows = await tx
    .select({ code: areas.code, type: areas.type, parentCode: areas.parentCode, name: areas.name })
    .from(areas)
    .where(and(eq(areas.generation, CURRENT), inArray(areas.code, [...new Set(codes)])));
  return new Map(rows.map(({ code, ...area }) => [code, area]));
}

/**
 * Refuses an area that is not one in force at its level, and a ward outside the province the
 * record will have (its own or the one given with it): 400 on the field, before anything is
 * written. `values`: what is written; `before`: the record updated, null on create.
 */
export async function refuseBadAreas(
  tx: Tx,
  definition: ResourceDefinition,
  values: Row,
  before: Row | null,
): Promise<void> {
  const fields = areaFieldsOf(definition);
  if (fields.length === 0) return;
  const valueOf = (name: string) => (name in values ? values[name] : before?.[name]);
  // a ward is checked when it or its province changes
  const checked = fields.filter(
    ({ name, parent }) => name in values || (parent !== undefined && parent in values),
  );
  const codes = checked.flatMap(({ name, parent }) =>
    [valueOf(name), parent ? valueOf(parent) : null].filter(
      (code): code is string => typeof code === 'string',
    ),
  );
  if (checked.length === 0) return;
  const found = await areasByCode(tx, codes);
  const errors: FieldError[] = [];
  const refuse = (field: string, message: string) =>
    errors.push({ field, code: FieldErrorKeys.invalidValue, message });
  for (const { name, level, parent } of checked) {
    const code = valueOf(name);
    if (typeof code !== 'string') continue;
    const area = found.get(code);
    if (!area || area.type !== (level === 'province' ? 'PROVINCE' : 'WARD')) {
      refuse(name, `is not a ${level} in force (${code})`);
      continue;
    }
    if (!parent) continue;
    const province = valueOf(parent);
    if (typeof province !== 'string') refuse(name, `needs its province (${parent})`);
    else if (area.parentCode !== province) refuse(name, `is not a ward of the province ${province}`);
  }
  if (errors.length > 0) throw validationFailed(errors, 'An address names an area that is not in force');
}

/**
 * Sets `<field>Name` on each row for each area field (null without a code or for an unknown one),
 * in `tx`; `only`: of these fields alone (a list row's).
 */
export async function attachAreaNames<R extends Row>(
  tx: Tx,
  definition: ResourceDefinition,
  rows: R[],
  only?: readonly string[],
): Promise<R[]> {
  const fields = areaFieldsOf(definition).filter(({ name }) => !only || only.includes(name));
  if (fields.length === 0 || rows.length === 0) return rows;
  const codes = rows.flatMap((row) =>
    fields.map(({ name }) => row[name]).filter((code): code is string => typeof code === 'string'),
  );
  const found = await areasByCode(tx, codes);
  for (const row of rows)
    for (const { name } of fields) {
      const code = row[name];
      (row as Row)[areaNameKey(name)] = typeof code === 'string' ? (found.get(code)?.name ?? null) : null;
    }
  return rows;
}

/** The export's cell of an area field: the area's name ("Phường Bến Thành"). */
export const areaNameCell = (column: PgColumn): SQL =>
  sql`(select ${areas.name} from ${areas} where ${areas.generation} = ${CURRENT} and ${areas.code} = ${column})`;
