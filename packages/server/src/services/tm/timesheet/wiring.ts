import type { ShiftPlanCache } from '../work-shifts/shift-plan-cache.ts';
import { labourCalendarDayTypes } from './calendar-day-types.ts';
import { workUpdateRequestDocuments } from '../work-update-requests/document-source.ts';
import { leaveApplicationDocuments } from '../leave/applications/document-source.ts';
import { overtimeRegistrationDocuments } from '../overtime/document-source.ts';
import { presenceRequestDocuments } from '../presence-requests/document-source.ts';
import { shiftChangeDocuments } from '../shift-changes/document-source.ts';
import { allDocuments } from './document-sources.ts';
import { approvedTimesheetLocks } from '../timesheets/month-locks.ts';
import type { TimesheetInputs } from './inputs.ts';
import { storedTimekeepingSettings } from '../config/settings-in-force.ts';
import { workCalendarShifts } from './work-calendar-shifts.ts';

/**
 * What the timesheet engine's jobs read in the running product (docs/timesheet-engine.md, "What
 * is wired"):
 * - shifts: the approved work calendars and the work shifts' plans (real);
 * - day types and rules: the labour calendar (real);
 * - documents: the approved work update requests (PUNCHES); issue 31's leave, overtime,
 *   business-trip, conference and shift-change documents join them in allDocuments;
 * - locked months: the approved timesheets (timesheets/month-locks.ts: the nearest timesheet up the
 *   worker's unit chain decides);
 * - settings: the tenant's version in force in the day's month (Timekeeping › General config,
 *   services/tm/config), else the seeded symbols and REGISTERED overtime; Vietnam's +07.
 */
export function timesheetInputs(plans?: ShiftPlanCache): TimesheetInputs {
  return {
    shifts: workCalendarShifts(plans),
    dayTypes: labourCalendarDayTypes,
    documents: allDocuments(
      workUpdateRequestDocuments,
      leaveApplicationDocuments,
      overtimeRegistrationDocuments,
      presenceRequestDocuments,
      shiftChangeDocuments(plans),
    ),
    locks: approvedTimesheetLocks,
    settings: storedTimekeepingSettings,
  };
}
