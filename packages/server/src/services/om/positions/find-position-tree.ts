import type { PositionNode } from '@hcm/contracts/categories';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { positions } from '../tables/categories.ts';

interface Row {
  id: string;
  code: string;
  name: string;
  parentId: string | null;
}

/**
 * The caller's active positions as a tree, each level in list order (priority, then name). A
 * position whose parent is inactive stands at the top, so that deactivating a director does
 * not hide the deputies from the pickers that read this tree.
 */
export async function findPositionTree(tx: Tx): Promise<PositionNode[]> {
  const rows: Row[] = await tx
    .select({ id: positions.id, code: positions.code, name: positions.name, parentId: positions.parentId })
    .from(positions)
    .where(and(eq(positions.status, 'ACTIVE')))
    .orderBy(asc(positions.priority), asc(positions.name), asc(positions.id));
  const active = new Set(rows.map((row) => row.id));
  const childrenOf = new Map<string | null, Row[]>();
  for (const row of rows) {
    const parent = row.parentId !== null && active.has(row.parentId) ? row.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), row]);
  }
  const build = (parent: string | null): PositionNode[] =>
    (childrenOf.get(parent) ?? []).map(({ id, code, name }) => ({ id, code, name, children: build(id) }));
  return build(null);
}
