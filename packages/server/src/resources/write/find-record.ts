import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { ownRows, type ResourceScope } from '../caller.ts';
import type { ResourceDefinition } from '../types.ts';

type Row = Record<string, unknown>;

/**
 * The caller's record `id`, locked for update when asked; 404 when there is none — also when
 * it belongs to another tenant, which row-level security makes invisible.
 */
export async function findRecord(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<Row> {
  const { columns } = definition;
  const query = tx
    .select()
    .from(definition.table)
    .where(and(ownRows(definition, scope), eq(columns.id, id)))
    .limit(1);
  const [row] = (await (options.forUpdate ? query.for('update') : query)) as Row[];
  if (!row) throw notFound(`No ${definition.name} with id ${id}`);
  return row;
}
