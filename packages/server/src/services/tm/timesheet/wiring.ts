import type { ShiftPlanCache } from '../work-shifts/shift-plan-cache.ts';
import { labourCalendarDayTypes } from './calendar-day-types.ts';
import { noDocuments, noLocks, seededSettings, type TimesheetInputs } from './inputs.ts';
import { workCalendarShifts } from './work-calendar-shifts.ts';

/**
 * What the timesheet engine's jobs read in the running product (docs/timesheet-engine.md, "What
 * is wired"):
 * - shifts: the approved work calendars and the work shifts' plans (real);
 * - day types and rules: the labour calendar (real);
 * - documents: none yet (issue 31's leave, overtime, business-trip, conference and shift-change
 *   documents plug in here as a DocumentSource);
 * - locked months: none yet (item 8's approvable timesheets plug in as a MonthLockSource);
 * - settings: the seeded symbols, REGISTERED overtime, Vietnam's +07 (until tenants store theirs).
 */
export function timesheetInputs(plans?: ShiftPlanCache): TimesheetInputs {
  return {
    shifts: workCalendarShifts(plans),
    dayTypes: labourCalendarDayTypes,
    documents: noDocuments,
    locks: noLocks,
    settings: seededSettings,
  };
}
