/** Timekeeping › Configuration › General config: the tenant's timesheet settings by month. */
export { timekeepingConfigRoutes } from './routes.ts';
export { registerTimekeepingConfigJobs } from './jobs.ts';
export { storedTimekeepingSettings } from './settings-in-force.ts';
