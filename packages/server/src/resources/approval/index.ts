export type { ApprovalDeps, ApprovalMessage, AssigneeRule, AssigneeRules } from './approval-deps.ts';
export { recordTypeOf } from './approval-spec.ts';
export { registerApprovalRoutes } from './approval-routes.ts';
export { scheduleOf, type StepTimes } from './step-deadline.ts';
export {
  APPROVAL_REMINDER_QUEUE,
  MAX_REMINDERS,
  remindStep,
  type ReminderJob,
  type ReminderOutcome,
} from './step-reminders.ts';
export {
  takeApprovalAction,
  type ActionInput,
  type ApprovalActor,
  type ApprovalContext,
} from './take-approval-action.ts';
export { stepSla } from './workflow-snapshot.ts';
