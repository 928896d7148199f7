import type { ShiftPlanCache } from '../work-shifts/shift-plan-cache.ts';
import { labourCalendarDayTypes } from './calendar-day-types.ts';
import { approvedTimesheetLocks } from '../timesheets/month-locks.ts';
import { noDocuments, seededSettings, type TimesheetInputs } from './inputs.ts';
import { workCalendarShifts } from './work-calendar-shifts.ts';

/**
 * What the timesheet engine's jobs read in the running product (docs/timesheet-engine.md, "What
 * is wired"):
 * - shifts: the approved work calendars and the work shifts' plans (real);
 * - day types and rules: the labour calendar (real);
 * - documents: none yet (issue 31's leave, overtime, business-trip, conference and shift-change
 *   documents plug in here as a DocumentSource);
 * - locked months: the approved timesheets (timesheets/month-locks.ts: the nearest timesheet up the
 *   worker's unit chain decides);
 * - settings: the seeded symbols, REGISTERED overtime, Vietnam's +07 (until tenants store theirs).
 */
export function timesheetInputs(plans?: ShiftPlanCache): TimesheetInputs {
  return {
    shifts: workCalendarShifts(plans),
    dayTypes: labourCalendarDayTypes,
    documents: noDocuments,
    locks: approvedTimesheetLocks,
    settings: seededSettings,
  };
}
