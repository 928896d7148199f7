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
 * How many levels a tree (organisation units, positions: `treeParent` fields) may have. Deeper
 * than any real organisation (a group, its corporations, companies, branches, departments,
 * teams: about eight), and far from what the walks over a tree can take: the chart, the
 * pickers and their answers are built level by level, recursively, from stored rows that every
 * user with the create permission adds to. A hostile chain of thousands of levels would
 * otherwise break its tenant's tree pages.
 */
export const MAX_TREE_DEPTH = 30;

/**
 * The levels from `parentId` up to its root (1 for a root) plus those below `id` (0 for a
 * record with no children, or a new one): how deep the tree is with `id` under `parentId`.
 * Each walk stops past the limit, so a deep tree costs no more than the limit's rows.
 */
async function depthUnder(
  tx: Tx,
  definition: ResourceDefinition,
  column: string,
  parentId: string,
  id: string | undefined,
): Promise<number> {
  const table = sql.identifier(getTableName(definition.table));
  const idName = sql.identifier(definition.columns.id.name);
  const parentName = sql.identifier(definition.column(column).name);
  const above = (await tx.execute(sql`
    with recursive ancestors(id, parent, level) as (
      select ${idName}, ${parentName}, 1 from ${table} where ${idName} = ${parentId}
      union all
      select t.${idName}, t.${parentName}, a.level + 1 from ${table} t join ancestors a on t.${idName} = a.parent
       where a.level <= ${MAX_TREE_DEPTH}
    )
    select max(level) as levels from ancestors`)) as unknown as { rows: { levels: number | null }[] };
  const below =
    id === undefined
      ? { rows: [{ levels: 0 }] }
      : ((await tx.execute(sql`
    with recursive descendants(id, level) as (
      select ${idName}, 0 from ${table} where ${idName} = ${id}
      union all
      select t.${idName}, d.level + 1 from ${table} t join descendants d on t.${parentName} = d.id
       where d.level <= ${MAX_TREE_DEPTH}
    )
    select max(level) as levels from descendants`)) as unknown as { rows: { levels: number | null }[] });
  return Number(above.rows[0]?.levels ?? 0) + 1 + Number(below.rows[0]?.levels ?? 0);
}

const tooDeep = (field: string): FieldError => ({
  field,
  code: FieldErrorKeys.invalidValue,
  message: `would make the tree deeper than ${MAX_TREE_DEPTH} levels`,
});

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
    else if (reference.tree && (await depthUnder(tx, definition, name, value, id)) > MAX_TREE_DEPTH)
      errors.push(tooDeep(name));
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

/** A reference of an import row that cannot be written: to no record, or under a tree already full. */
export interface BrokenReference {
  readonly name: string;
  readonly problem: 'missing' | 'too-deep';
}

/** For an import: the row numbers whose references point at no record, or too deep into a tree. */
export async function brokenReferencesOfRows(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  rows: readonly { rowNumber: number; values: Row }[],
): Promise<Map<number, BrokenReference[]>> {
  const problems = new Map<number, BrokenReference[]>();
  for (const { name, reference } of referencesOf(definition)) {
    // a value that is no id at all is the row checks' to report (and would fail the query)
    const isId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
    const ids = [...new Set(rows.flatMap((row) => (isId(row.values[name]) ? [row.values[name]] : [])))];
    if (ids.length === 0) continue;
    const found = await existing(tx, reference, scope, ids);
    // an imported record is new: it goes one level below its parent, which must leave room
    const full = new Set<string>();
    if (reference.tree)
      for (const parent of ids)
        if (found.has(parent) && (await depthUnder(tx, definition, name, parent, undefined)) > MAX_TREE_DEPTH)
          full.add(parent);
    for (const row of rows) {
      const value = row.values[name];
      if (!isId(value) || (found.has(value) && !full.has(value))) continue;
      const problem = found.has(value) ? 'too-deep' : 'missing';
      problems.set(row.rowNumber, [...(problems.get(row.rowNumber) ?? []), { name, problem }]);
    }
  }
  return problems;
}
