import { and, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { tenantRows, type ResourceScope } from '../caller.ts';
import { isTextKind, type ResourceDefinition } from '../types.ts';

/** The unique fields of the definition. */
export const uniqueFieldsOf = (definition: ResourceDefinition) =>
  Object.entries(definition.fields)
    .filter(([, spec]) => spec.unique)
    .map(([name]) => name);

/** The key a unique value is compared by: text in lower case (the indexes use lower()). */
export const uniqueKey = (definition: ResourceDefinition, name: string, value: unknown) =>
  isTextKind(definition.fields[name]?.kind) ? String(value).toLowerCase() : String(value);

const keyExpression = (definition: ResourceDefinition, name: string): SQL => {
  const column = definition.column(name);
  return isTextKind(definition.fields[name]?.kind) ? sql`lower(${column})` : sql`${column}`;
};

/**
 * The ids and keys of the tenant's rows whose `name` is one of `keys`. A text key on a tenant
 * resource is looked up through hcm_key_matches (migration 0006), which reaches the
 * (tenant_id, lower(code)) index: under row-level security `lower(code) = ...` could not.
 */
function rowsWithKeys(
  definition: ResourceDefinition,
  scope: ResourceScope,
  name: string,
  keys: string[],
): SQL {
  const column = definition.column(name);
  if (definition.scope === 'tenant' && isTextKind(definition.fields[name]?.kind))
    return sql`select id, key from hcm_key_matches(${getTableName(definition.table)}::regclass, ${column.name}, ${sql.param(keys)}::text[])`;
  const expression = keyExpression(definition, name);
  return sql`select ${definition.columns.id} as id, (${expression})::text as key from ${definition.table} where ${and(tenantRows(definition, scope), inArray(expression, keys))}`;
}

/**
 * Which of the unique fields in `values` another of the tenant's records already holds
 * (`exceptId`: the record being updated). Empty when all are free.
 */
export async function takenFields(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  values: Record<string, unknown>,
  exceptId?: string,
): Promise<string[]> {
  const names = uniqueFieldsOf(definition).filter((n) => values[n] !== undefined && values[n] !== null);
  const taken: string[] = [];
  for (const name of names) {
    const key = uniqueKey(definition, name, values[name]);
    const result = (await tx.execute(
      sql`select id from (${rowsWithKeys(definition, scope, name, [key])}) as found where key = ${key}${exceptId ? sql` and id <> ${exceptId}` : sql``} limit 1`,
    )) as unknown as { rows: unknown[] };
    if (result.rows.length > 0) taken.push(name);
  }
  return taken;
}

/** For an import: the keys of each unique field that already exist among the given ones. */
export async function existingKeys(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  keysByField: Record<string, string[]>,
): Promise<Record<string, Set<string>>> {
  const found: Record<string, Set<string>> = {};
  for (const [name, keys] of Object.entries(keysByField)) {
    found[name] = new Set();
    for (let start = 0; start < keys.length; start += 1000) {
      const chunk = keys.slice(start, start + 1000);
      const { rows } = (await tx.execute(rowsWithKeys(definition, scope, name, chunk))) as unknown as {
        rows: { key: string }[];
      };
      for (const row of rows) found[name].add(String(row.key));
    }
  }
  return found;
}

/** For a syncing import: the id of the record each of `keys` names (keys as uniqueKey makes them). */
export async function idsByKey(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  name: string,
  keys: string[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (let start = 0; start < keys.length; start += 1000) {
    const { rows } = (await tx.execute(
      rowsWithKeys(definition, scope, name, keys.slice(start, start + 1000)),
    )) as unknown as { rows: { id: string; key: string }[] };
    for (const row of rows) ids.set(String(row.key), String(row.id));
  }
  return ids;
}
