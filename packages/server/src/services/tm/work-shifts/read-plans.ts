import { asc, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { shiftPlanOf, type ShiftPlan } from './shift-plan.ts';
import { workShiftBreaks, workShifts } from './tables.ts';

/**
 * The plans of the caller's work shifts among `ids` (row-level security keeps to the caller's
 * tenant), by id; an id of no shift is absent. Two statements, however many ids.
 */
export async function readShiftPlans(tx: Tx, ids: readonly string[]): Promise<Map<string, ShiftPlan>> {
  const plans = new Map<string, ShiftPlan>();
  if (ids.length === 0) return plans;
  const rows = await tx
    .select()
    .from(workShifts)
    .where(inArray(workShifts.id, [...ids]));
  if (rows.length === 0) return plans;
  const breaks = await tx
    .select()
    .from(workShiftBreaks)
    .where(
      inArray(
        workShiftBreaks.shiftId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(workShiftBreaks.shiftId), asc(workShiftBreaks.position));
  for (const row of rows)
    plans.set(row.id, shiftPlanOf({ ...row, breaks: breaks.filter((b) => b.shiftId === row.id) }));
  return plans;
}
