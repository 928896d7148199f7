export { approvedTimesheetLocks, decidingTimesheets } from './month-locks.ts';
export { timesheetResource } from './resource.ts';
export { timesheetRoutes } from './routes.ts';
export { timesheetTables } from './tables.ts';
