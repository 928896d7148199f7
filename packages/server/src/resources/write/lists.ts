import type { Tx } from '../../db/database.ts';
import type { ResourceDefinition } from '../types.ts';

type Row = Record<string, unknown>;

/** A list as stored and compared: distinct values, sorted. */
export const normaliseList = (values: readonly unknown[]): string[] =>
  [...new Set(values.map(String))].sort();

/** Sets each child list of the definition on the rows (by record id), in `tx`. */
export async function attachLists<R extends Row>(
  tx: Tx,
  definition: ResourceDefinition,
  rows: R[],
): Promise<R[]> {
  if (rows.length === 0) return rows;
  const ids = rows.map((row) => String(row.id));
  for (const [name, spec] of Object.entries(definition.lists)) {
    const byId = await spec.load(tx, ids);
    for (const row of rows) (row as Row)[name] = byId.get(String(row.id)) ?? [];
  }
  return rows;
}

/** The lists a body gives (normalised); lists it leaves out are absent. */
export function listsOf(definition: ResourceDefinition, body: Row): Row {
  const given: Row = {};
  for (const name of Object.keys(definition.lists))
    if (Array.isArray(body[name])) given[name] = normaliseList(body[name] as unknown[]);
  return given;
}

/** Saves the given lists of record `id`. */
export async function saveLists(
  tx: Tx,
  definition: ResourceDefinition,
  id: string,
  lists: Row,
): Promise<void> {
  for (const [name, values] of Object.entries(lists))
    await definition.lists[name]?.save(tx, id, values as string[]);
}
