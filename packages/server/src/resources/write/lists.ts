import type { FieldError } from '@hcm/contracts';
import type { Tx } from '../../db/database.ts';
import { validationFailed } from '../../http/errors.ts';
import type { ResourceDefinition } from '../types.ts';
import { attachAreaNames } from './area-fields.ts';
import { attachFileInfo } from './file-fields.ts';

type Row = Record<string, unknown>;

/** A list as stored and compared: distinct values, sorted. */
export const normaliseList = (values: readonly unknown[]): string[] =>
  [...new Set(values.map(String))].sort();

/**
 * Sets what a record answers beside its columns: its files' info and its areas' names, in `tx`;
 * with `only` (a list row's fields), those of the fields named there.
 */
export async function attachDerived<R extends Row>(
  tx: Tx,
  definition: ResourceDefinition,
  rows: R[],
  only?: readonly string[],
): Promise<R[]> {
  await attachFileInfo(tx, definition, rows, only);
  return attachAreaNames(tx, definition, rows, only);
}

/**
 * Sets each child list of the definition on the rows (by record id: one statement per list for
 * all the rows), and what they derive (attachDerived), in `tx`; with `only` (a list row's
 * fields), the lists named there and what those fields derive.
 */
export async function attachLists<R extends Row>(
  tx: Tx,
  definition: ResourceDefinition,
  rows: R[],
  only?: readonly string[],
): Promise<R[]> {
  if (rows.length === 0) return rows;
  const ids = rows.map((row) => String(row.id));
  for (const [name, spec] of Object.entries(definition.lists)) {
    if (only && !only.includes(name)) continue;
    const byId = await spec.load(tx, ids);
    for (const row of rows) (row as Row)[name] = byId.get(String(row.id)) ?? [];
  }
  return attachDerived(tx, definition, rows, only);
}

/**
 * The lists a body gives (normalised); lists it leaves out are absent. A list whose own check
 * fails (a value used twice within one record's rows) answers 400 on `<list>[<row>].<field>`.
 */
export function listsOf(definition: ResourceDefinition, body: Row): Row {
  const given: Row = {};
  const errors: FieldError[] = [];
  for (const [name, spec] of Object.entries(definition.lists)) {
    const values = body[name];
    if (!Array.isArray(values)) continue;
    errors.push(...(spec.check?.(values) ?? []));
    given[name] = spec.normalise ? spec.normalise(values) : normaliseList(values);
  }
  if (errors.length > 0) throw validationFailed(errors);
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
    await definition.lists[name]?.save(tx, id, values as unknown[]);
}
