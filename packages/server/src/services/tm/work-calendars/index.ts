// Timekeeping › Shift calendar and Summary of shifts (docs/work-calendars.md).
export { workCalendarResource } from './resource.ts';
export { workCalendarRoutes } from './routes.ts';
export { workCalendarTables } from './tables.ts';
export {
  resolveShifts,
  RESOLVE_MAX_DAYS,
  type AppliedCalendar,
  type ResolvedDay,
  type ShiftResolution,
  type WorkerSelection,
} from './resolve-shifts.ts';
