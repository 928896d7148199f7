import { inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { workShifts } from '../work-shifts/tables.ts';

/*
 * The one place this part reads the work shifts (Timekeeping › Work shift, migration 0057): the
 * table a calendar's shift refers to, which shifts exist, and the codes the summary and the
 * explanation show. Row-level security keeps every read to the caller's tenant.
 */
export const workShiftTable = workShifts;

/** Which of these ids are shifts of the caller's tenant (one query). */
export async function workShiftIds(tx: Tx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: workShifts.id })
    .from(workShifts)
    .where(inArray(workShifts.id, [...ids]));
  return rows.map((row) => row.id);
}

/** The code of each shift named (one query). */
export async function workShiftCodes(tx: Tx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: workShifts.id, code: workShifts.code })
    .from(workShifts)
    .where(inArray(workShifts.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.code]));
}
