import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The routes the app draws with pages of its own (a grid, a chart, a report: no record's generic
 * pages), each its own lazy chunk. The page gets the whole route and every path below it, and
 * reports a path it has no page for (`ReportNotFound` of @hcm/ui). One line each (`lazy` of React):
 *
 *   '/tm/summary-of-shift': lazy(() => import('./summary/SummaryOfShiftPage.tsx')),
 *
 * and the route in TIMEKEEPING_APP (@hcm/contracts micro-apps.ts).
 */
export const HAND_MADE_PAGES: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  // the calendars' generic pages with the approval engine's, and /explain below them
  '/tm/work-calendar': lazy(() => import('./work-calendars/WorkCalendarPages.tsx')),
  '/tm/summary-of-shift': lazy(() => import('./work-calendars/SummaryOfShiftPage.tsx')),
  // the devices' raw punches, and their setup: commands, quarantine, pending serials
  '/tm/search-data': lazy(() => import('./devices/PunchSearchPage.tsx')),
  '/tm/setup-devices': lazy(() => import('./devices/DeviceSetupPage.tsx')),
  // each worker's own check-in from a phone, and the manager's pending ones (docs/check-in.md)
  '/tm/check-in': lazy(() => import('./check-in/CheckInPage.tsx')),
  // each employee's own month, leave balance and requests on a phone (docs/my-timekeeping.md)
  '/tm/my-timekeeping': lazy(() => import('./my-timekeeping/MyTimekeepingPage.tsx')),
  // a unit's month as workers × days with totals, and HR's corrections (docs/general-timesheet.md)
  '/tm/general-timesheet': lazy(() => import('./general-timesheet/GeneralTimesheetPage.tsx')),
  // the work update requests' pages with the approval engine's, and cancel after approval
  '/tm/work-update-suggestive': lazy(() => import('./work-update-requests/WorkUpdateRequestPages.tsx')),
  // leave applications with the employee's balance beside the form (docs/leave.md)
  '/tm/application-leave': lazy(() => import('./leave/LeaveApplicationPages.tsx')),
  // overtime registrations, refused past the caps; cancel after approval (docs/overtime-registrations.md)
  '/tm/overtime': lazy(() => import('./overtime/OvertimeRegistrationPages.tsx')),
  // business trips and conferences: the request documents' pages (docs/presence-requests.md)
  '/tm/onsite-permission': lazy(() => import('./presence-requests/BusinessTripPages.tsx')),
  '/tm/conference-permission': lazy(() => import('./presence-requests/ConferencePages.tsx')),
  // the shift change requests' pages with the approval engine's, and cancel after approval
  '/tm/change-shifts': lazy(() => import('./shift-changes/ShiftChangeRequestPages.tsx')),
  // the troop report of a day, and the timekeeping reports as tabs below it (docs/timekeeping-reports.md)
  '/tm/troop-report': lazy(() => import('./reports/TroopReportPage.tsx')),
  // a unit's month approved as one record, locking it; reopened with a reason (docs/timesheets.md)
  '/tm/timesheets': lazy(() => import('./timesheets/TimesheetPages.tsx')),
  // the annual leave rules by effective date with HR's "accrue now", and the workers' leave
  // cases as a tab below them (docs/leave.md "The leave rules", "The worker's case")
  '/tm/leave-rules': lazy(() => import('./leave-rules/LeaveRulePages.tsx')),
  // the tenant's timesheet settings (symbols, overtime) by month (docs/timekeeping-config.md)
  '/tm/config': lazy(() => import('./config/TimekeepingConfigPage.tsx')),
};
