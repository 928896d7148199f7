import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { resolveShifts } from '../work-calendars/resolve-shifts.ts';
import { readShiftPlans } from '../work-shifts/read-plans.ts';
import type { ShiftPlanCache } from '../work-shifts/shift-plan-cache.ts';
import type { AppliedShift, ShiftSource } from './inputs.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The work calendars (services/tm/work-calendars, helper H4) and the work shifts
 * (services/tm/work-shifts, helper H2) as the day computation's ShiftSource: the approved
 * calendars decide each (worker, day)'s shift — the more specific assignment wins — and the
 * shift's plan is read once per batch (through the process's plan cache when given). A day a
 * calendar makes a day off is answered with no plan and the calendar's id; a day no calendar
 * covers is absent (no shift).
 */
export function workCalendarShifts(cache?: ShiftPlanCache): ShiftSource {
  return {
    async shifts(tx: Tx, workerIds, from, to) {
      if (workerIds.length === 0) return new Map();
      const resolution = await resolveShifts(tx, { workers: { workerIds }, from, to });
      const ids = new Set<string>();
      for (const days of resolution.days.values())
        for (const day of days) if (day.workShiftId) ids.add(day.workShiftId);
      const plans = cache
        ? await cache.plans(await tenantOf(tx), [...ids], (missing) => readShiftPlans(tx, missing))
        : await readShiftPlans(tx, [...ids]);
      const answer = new Map<string, Map<string, AppliedShift>>();
      for (const [workerId, days] of resolution.days) {
        const mine = new Map<string, AppliedShift>();
        for (const day of days) {
          const plan = day.workShiftId ? plans.get(day.workShiftId) : undefined;
          if (plan) mine.set(day.date, { plan, assignmentId: day.calendarId });
          else if (day.off) mine.set(day.date, { plan: null, assignmentId: day.calendarId });
        }
        answer.set(workerId, mine);
      }
      return answer;
    },
  };
}

async function tenantOf(tx: Tx): Promise<string> {
  const [row] = rowsOf<{ tenant: string | null }>(
    await tx.execute(sql`select current_setting('app.tenant_id', true) as tenant`),
  );
  if (!row?.tenant) throw new Error('work calendar shifts: no tenant in scope');
  return row.tenant;
}
