export const Status = { active: 'ACTIVE', inactive: 'INACTIVE' } as const;
export type Status = (typeof Status)[keyof typeof Status];

export const Languages = ['vi', 'en'] as const;
export type Language = (typeof Languages)[number];
export const DEFAULT_LANGUAGE: Language = 'vi';

export const AccountTypes = ['CUSTOMER', 'EMPLOYEE', 'VENDOR', 'TENANT', 'INTERNAL'] as const;
export type AccountType = (typeof AccountTypes)[number];

/** System users administer tenants; tenant users work inside one. */
export const UserLevels = ['SYSTEM', 'TENANT'] as const;
export type UserLevel = (typeof UserLevels)[number];

/** Application modules (catalogues §3.1): service packs unlock them for a tenant. */
export const ApplicationModules = [
  'MM',
  'TALENT',
  'OM',
  'TM',
  'PM',
  'SS',
  'WORK_SPACE',
  'SYSTEM',
  'SETTING',
  'LOCAL',
] as const;
export type ApplicationModule = (typeof ApplicationModules)[number];

/** The actions the log records: the resource framework's, and administrators' on users' sign-in. */
export const ActionLogActions = [
  'CREATE',
  'UPDATE',
  'DELETE',
  'ACTIVE',
  'INACTIVE',
  'IMPORT',
  'UNLOCK',
  'CHANGE_PASSWORD',
  // an attempt refused because it reached beyond the actor's rights (the server's services/iam/authorization/escalation.ts)
  'DENIED',
  // the approval engine's transitions (the server's resources/approval/take-approval-action.ts)
  'REQUEST_APPROVAL',
  'CANCEL_APPROVAL',
  'APPROVE',
  'REJECT',
  'BACK',
] as const;
export type ActionLogAction = (typeof ActionLogActions)[number];
