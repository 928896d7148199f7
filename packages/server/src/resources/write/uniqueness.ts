import { and, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { ownRows, type ResourceScope } from '../caller.ts';
import type { ResourceDefinition } from '../types.ts';

/** The unique fields of the definition. */
export const uniqueFieldsOf = (definition: ResourceDefinition) =>
  Object.entries(definition.fields)
    .filter(([, spec]) => spec.unique)
    .map(([name]) => name);

/** The key a unique value is compared by: text in lower case (the indexes use lower()). */
export const uniqueKey = (definition: ResourceDefinition, name: string, value: unknown) =>
  definition.fields[name]?.kind === 'text' ? String(value).toLowerCase() : String(value);

const keyExpression = (definition: ResourceDefinition, name: string): SQL => {
  const column = definition.column(name);
  return definition.fields[name]?.kind === 'text' ? sql`lower(${column})` : sql`${column}`;
};

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
    const { columns } = definition;
    const [row] = await tx
      .select({ id: columns.id })
      .from(definition.table)
      .where(
        and(
          ownRows(definition, scope),
          sql`${keyExpression(definition, name)} = ${uniqueKey(definition, name, values[name])}`,
          exceptId ? ne(columns.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (row) taken.push(name);
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
      const expression = keyExpression(definition, name);
      const rows = await tx
        .select({ key: sql<string>`${expression}` })
        .from(definition.table)
        .where(and(ownRows(definition, scope), inArray(expression, chunk)));
      for (const row of rows) found[name].add(String(row.key));
    }
  }
  return found;
}
