import { FieldErrorKeys, type FieldError } from '@hcm/contracts';
import { and, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { validationFailed } from '../../http/errors.ts';
import type { ResourceScope } from '../caller.ts';
import type { ReferenceSpec, ResourceDefinition } from '../types.ts';

type Row = Record<string, unknown>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The reference fields of the definition with what they point at. */
const referencesOf = (definition: ResourceDefinition) =>
  Object.entries(definition.fields).flatMap(([name, spec]) =>
    spec.reference ? [{ name, reference: spec.reference }] : [],
  );

/** The ids among `ids` that exist in the target, in the caller's tenant when it is tenant-owned. */
async function existing(tx: Tx, reference: ReferenceSpec, scope: ResourceScope, ids: string[]) {
  const inTenant =
    reference.tenantId && scope.tenantId !== null ? eq(reference.tenantId, scope.tenantId) : undefined;
  const rows = (await tx
    .select({ id: reference.id })
    .from(reference.table)
    .where(and(inTenant, inArray(reference.id, ids)))) as { id: string }[];
  return new Set(rows.map((row) => row.id));
}

/** Whether making `parentId` the parent of `id` would make `id` its own ancestor. */
async function makesCycle(
  tx: Tx,
  definition: ResourceDefinition,
  column: string,
  id: string,
  parentId: string,
) {
  if (parentId === id) return true;
  const table = sql.identifier(getTableName(definition.table));
  const idName = sql.identifier(definition.columns.id.name);
  const parentName = sql.identifier(definition.column(column).name);
  // Row-level security keeps the walk inside the caller's tenant.
  const result = (await tx.execute(sql`
    with recursive ancestors(id, parent) as (
      select ${idName}, ${parentName} from ${table} where ${idName} = ${parentId}
      union
      select t.${idName}, t.${parentName} from ${table} t join ancestors a on t.${idName} = a.parent
    )
    select 1 from ancestors where id = ${id} limit 1`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/**
 * Refuses references to records that do not exist for the caller (deleted, never made, or
 * another tenant's, which row-level security hides): 400 with a field error on each, instead of
 * the foreign key's 500. A tree parent must also not be the record itself or one below it.
 * `values`: what is written (a create's values and lists, an update's changes); `id`: the
 * record updated. The items of references lists are checked the same way.
 */
export async function refuseBrokenReferences(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  values: Row,
  id?: string,
): Promise<void> {
  const errors: FieldError[] = [];
  for (const { name, reference } of referencesOf(definition)) {
    const value = values[name];
    if (typeof value !== 'string') continue;
    if (!(await existing(tx, reference, scope, [value])).has(value))
      errors.push({ field: name, code: FieldErrorKeys.invalidValue, message: 'refers to no record' });
    else if (reference.tree && id !== undefined && (await makesCycle(tx, definition, name, id, value)))
      errors.push({
        field: name,
        code: FieldErrorKeys.invalidValue,
        message: 'would make the record its own ancestor',
      });
  }
  errors.push(...(await brokenListItems(tx, definition, scope, values)));
  if (errors.length > 0) throw validationFailed(errors);
}

/**
 * The items of the given references lists that name no record the caller reaches, each on
 * `<list>[<index>]` (its place in the list as kept: repeats dropped), with one query per list.
 */
async function brokenListItems(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  values: Row,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const [name, spec] of Object.entries(definition.lists)) {
    const ids = values[name];
    if (!spec.reference || !Array.isArray(ids) || ids.length === 0) continue;
    const found = await existing(tx, spec.reference, scope, ids as string[]);
    ids.forEach((id, index) => {
      if (!found.has(id as string))
        errors.push({
          field: `${name}[${index}]`,
          code: FieldErrorKeys.invalidValue,
          message: `refers to no record (${String(id)})`,
        });
    });
  }
  return errors;
}

/** For an import: the row numbers (with messages) whose references point at no record. */
export async function brokenReferencesOfRows(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  rows: readonly { rowNumber: number; values: Row }[],
): Promise<Map<number, string[]>> {
  const problems = new Map<number, string[]>();
  for (const { name, reference } of referencesOf(definition)) {
    // a value that is no id at all is the row checks' to report (and would fail the query)
    const isId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
    const ids = [...new Set(rows.flatMap((row) => (isId(row.values[name]) ? [row.values[name]] : [])))];
    if (ids.length === 0) continue;
    const found = await existing(tx, reference, scope, ids);
    for (const row of rows) {
      const value = row.values[name];
      if (isId(value) && !found.has(value))
        problems.set(row.rowNumber, [...(problems.get(row.rowNumber) ?? []), name]);
    }
  }
  return problems;
}
