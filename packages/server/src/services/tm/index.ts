import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { registerResources, type ResourceDefinition, type ResourceDeps } from '../../resources/index.ts';
import { deviceResources } from './devices/resources.ts';
import { deviceRoutes } from './devices/routes.ts';
import { workShiftResource } from './work-shifts/resource.ts';
import { workShiftRoutes } from './work-shifts/routes.ts';
import { ShiftPlanCache } from './work-shifts/shift-plan-cache.ts';
import { labourCalendarResources } from './calendar/resources.ts';
import { labourCalendarRoutes } from './calendar/routes.ts';
import { recomputeThrough } from './timesheet/engine-queue.ts';
import { registerTimesheetJobs } from './timesheet/jobs.ts';
import { timesheetInputs } from './timesheet/wiring.ts';
import { workCalendarResource, workCalendarRoutes } from './work-calendars/index.ts';
import { checkInSettingsResource } from './check-in/resource.ts';
import { checkInRoutes } from './check-in/routes.ts';
import { myTimekeepingRoutes } from './my-timekeeping/routes.ts';
import { generalTimesheetRoutes } from './general-timesheet/routes.ts';
import { timekeepingReportRoutes } from './reports/routes.ts';
import { overtimeReportRoutes } from './reports/overtime.ts';
import { timesheetResource, timesheetRoutes } from './timesheets/index.ts';
import { workUpdateRequestResource, workUpdateRequestRoutes } from './work-update-requests/index.ts';
import { overtimeRegistrationResource, overtimeRegistrationRoutes } from './overtime/index.ts';
import { presenceRequestResources, presenceRequestRoutes } from './presence-requests/index.ts';
import { shiftChangeRequestResource, shiftChangeRequestRoutes } from './shift-changes/index.ts';
import { registerTimekeepingConfigJobs, timekeepingConfigRoutes } from './config/index.ts';
import { leaveJobRoutes, leavePolicyResource, registerLeaveJobs } from './leave/policies/index.ts';
import { leaveApplicationResource, leaveApplicationRoutes, leaveBalanceRoutes } from './leave/index.ts';
import type { Clock } from '../../clock.ts';

/**
 * What a part of the timekeeping module is given: the record engine's deps (`db` is the ORM),
 * the whole database (`database`: LISTEN/NOTIFY signals, raw pools for the bulk path) and the job
 * queue (its workers and schedules are registered at start, before the first request).
 */
export interface TmServiceDeps extends ResourceDeps {
  readonly database: Database;
  readonly queue: JobQueue;
  /** the server's clock (tests move it); the wall's when absent */
  readonly clock?: Clock;
}

/** What each part's routes get: the service's deps and what the service keeps for all parts. */
export interface TmDeps extends TmServiceDeps {
  /** the work shifts' plans, kept until the tenant's shifts change (work-shifts/shift-plan-cache.ts) */
  readonly shiftPlans: ShiftPlanCache;
}

/** Work-shift plans a process keeps at most (a tenant has tens of shifts; a plan is under 1 KiB). */
const SHIFT_PLANS_KEPT = 20_000;

/** A part's own routes (beyond the record engine's), registered under the service. */
export type TmRoutes = FastifyPluginAsync<{ deps: TmDeps }>;

/**
 * The resources of the timekeeping service (catalogues §2.1 Shift, Timekeeping, Devices, Leave
 * rules), each bound to its table through the record engine: a part adds its line here.
 */
export const tmResources: readonly ResourceDefinition[] = [
  workShiftResource,
  ...deviceResources,
  ...labourCalendarResources,
  workCalendarResource,
  checkInSettingsResource,
  timesheetResource,
  workUpdateRequestResource,
  leaveApplicationResource,
  overtimeRegistrationResource,
  shiftChangeRequestResource,
  ...presenceRequestResources,
  leavePolicyResource,
];

/**
 * The timekeeping parts' own routes (each a plugin given TmDeps): a part adds its line here.
 * They are registered after the resources, in this order.
 */
export const tmRoutes: readonly TmRoutes[] = [
  workShiftRoutes,
  deviceRoutes,
  labourCalendarRoutes,
  workCalendarRoutes,
  checkInRoutes,
  generalTimesheetRoutes,
  myTimekeepingRoutes,
  timekeepingReportRoutes,
  overtimeReportRoutes,
  timesheetRoutes,
  workUpdateRequestRoutes,
  leaveApplicationRoutes,
  leaveBalanceRoutes,
  overtimeRegistrationRoutes,
  shiftChangeRequestRoutes,
  ...presenceRequestRoutes,
  timekeepingConfigRoutes,
  leaveJobRoutes,
];

/**
 * The timekeeping service: /api/tm/... (the paths are the contracts' and the parts' own). Its
 * records go through the record engine; its facts in volume (punches, day records) through the
 * bulk path (tables/, docs/bulk-path.md).
 */
export const tmService: FastifyPluginAsync<{ deps: TmServiceDeps }> = async (app, { deps }) => {
  // listening before the first request, stopped with the server
  const shiftPlans = new ShiftPlanCache({ maxEntries: SHIFT_PLANS_KEPT });
  const stopWatching = await shiftPlans.watch(deps.database);
  app.addHook('onClose', stopWatching);
  const parts: TmDeps = { ...deps, shiftPlans };
  // the resources' hooks ask the timesheet engine for days again through this queue
  recomputeThrough(deps.queue);
  await registerResources(app, tmResources, deps);
  for (const routes of tmRoutes) await app.register(routes, { deps: parts });
  // the timesheet engine's jobs: days recomputed as punches and documents arrive, absences daily
  await registerTimesheetJobs(deps.queue, deps.db, app.log, timesheetInputs(shiftPlans));
  // a changed settings version asks the engine for the days of the months it governs
  await registerTimekeepingConfigJobs(deps.queue, deps.db, app.log);
  // the leave ledger's daily accruals, carry-over, expiry and payouts (docs/leave.md)
  await registerLeaveJobs(deps.queue, deps.db, app.log);
};
