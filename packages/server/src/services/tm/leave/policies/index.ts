/* The leave rules and the ledger's jobs (docs/leave.md): what the tm service registers. */
export { leavePolicyResource } from './resource.ts';
export { leaveJobRoutes } from '../jobs/routes.ts';
export { registerLeaveJobs } from '../jobs/jobs.ts';
export { policyOn, type LeavePolicy } from './policy-on.ts';
