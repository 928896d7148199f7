import { workShiftContract, nightMinutesOf } from '@hcm/contracts/work-shifts';
import { eq } from 'drizzle-orm';
import { bindResource } from '../../../resources/index.ts';
import type { HookContext } from '../../../resources/types.ts';
import { nightWindowInForce, type NightWindowSource } from './night-window.ts';
import { workShiftBreaks, workShifts } from './tables.ts';
import { checkShift } from './validate-shift.ts';

/** Night minutes as the record's hours (numeric(5, 3)): 480 → "8.000". */
const hoursOf = (minutes: number) => (minutes / 60).toFixed(3);

/**
 * Timekeeping › Work shift bound to migration 0057's tables. Each write is checked as the shift it
 * would make (validate-shift.ts) and its night hours derived from the night window in force
 * (`nightWindow`): never typed, always the stored shift's. The breaks live in work_shift_breaks, in
 * the form's order.
 */
export function workShiftResourceWith(nightWindow: NightWindowSource) {
  const nightHoursOf = async ({ tx }: HookContext, shift: Record<string, unknown>) =>
    hoursOf(nightMinutesOf(checkShift(shift), await nightWindow(tx)));
  return bindResource(workShiftContract, {
    table: workShifts,
    children: {
      breaks: { table: workShiftBreaks, parent: workShiftBreaks.shiftId, order: workShiftBreaks.position },
    },
    hooks: {
      validate: (_context, changes, before) => {
        checkShift(before ? { ...before, ...changes } : changes);
      },
      // the breaks are saved with the row: a create derives its night hours once they are there
      afterCreate: async (context, record) => {
        const nightHours = await nightHoursOf(context, record);
        await context.tx
          .update(workShifts)
          .set({ nightHours })
          .where(eq(workShifts.id, String(record.id)));
        record.nightHours = nightHours;
      },
      beforeUpdate: async (context, before, changes) => {
        changes.nightHours = await nightHoursOf(context, { ...before, ...changes });
      },
    },
  });
}

export const workShiftResource = workShiftResourceWith(nightWindowInForce);
