import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import type { ResourceScope } from '../caller.ts';
import type { ReferenceSpec, ResourceDefinition } from '../types.ts';
import { resolveAreaCells } from './area-cells.ts';
import type { Sheet } from './read-sheet.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const folded = (text: string) => text.trim().toLocaleLowerCase('vi');

/** The ids of the texts that name exactly one record: by code first, then by name. */
async function idsOf(
  tx: Tx,
  reference: ReferenceSpec,
  scope: ResourceScope,
  texts: readonly string[],
): Promise<Map<string, string>> {
  const matches: SQL[] = [];
  const keys = texts.map(folded);
  if (reference.code) matches.push(inArray(sql`lower(${reference.code})`, keys));
  if (reference.name) matches.push(inArray(sql`lower(${reference.name})`, keys));
  if (matches.length === 0) return new Map();
  const inTenant =
    reference.tenantId && scope.tenantId !== null ? eq(reference.tenantId, scope.tenantId) : undefined;
  const rows = (await tx
    .select({
      id: reference.id,
      code: reference.code ? sql<string | null>`lower(${reference.code})` : sql<null>`null`,
      name: reference.name ? sql<string | null>`lower(${reference.name})` : sql<null>`null`,
    })
    .from(reference.table)
    .where(and(inTenant, sql.join(matches, sql` or `)))) as {
    id: string;
    code: string | null;
    name: string | null;
  }[];
  const found = new Map<string, string>();
  for (const key of keys) {
    const byCode = rows.filter((row) => row.code === key);
    const byName = rows.filter((row) => row.name === key);
    // a name two records share names neither: the cell stays as typed and is refused
    const only =
      byCode.length === 1 ? byCode[0] : byCode.length === 0 && byName.length === 1 ? byName[0] : undefined;
    if (only) found.set(key, only.id);
  }
  return found;
}

/**
 * Import cells of reference columns may name the record by its code or its name (what HR types
 * in a spreadsheet: "PHONG_KD", "Phòng Kinh doanh") instead of its id: each such cell becomes
 * the id of the one record of the caller's tenant it names (code before name, case ignored). A
 * text naming none, or a name two records share, is left as typed and refused by the row checks.
 * One query per reference column, in the caller's scope. Area cells likewise become codes
 * (area-cells.ts: a province by its code or name, a ward by its code or name in its row's
 * province), with one read of the areas in force.
 */
export async function resolveReferenceCells(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  sheet: Sheet,
): Promise<void> {
  for (const [index, column] of sheet.columns.entries()) {
    const reference = definition.fields[column.name]?.reference;
    if (!reference || (!reference.code && !reference.name)) continue;
    const texts = new Set<string>();
    for (const row of sheet.rows) {
      const cell = row.cells[index];
      if (typeof cell === 'string' && cell.trim() !== '' && !UUID.test(cell.trim())) texts.add(cell);
    }
    if (texts.size === 0) continue;
    const ids = await idsOf(tx, reference, scope, [...texts]);
    for (const row of sheet.rows) {
      const cell = row.cells[index];
      if (typeof cell !== 'string') continue;
      const id = ids.get(folded(cell));
      if (id) row.cells[index] = id;
    }
  }
  await resolveAreaCells(tx, definition, sheet);
}
