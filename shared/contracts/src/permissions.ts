import type { ApplicationModule, UserLevel } from './enums.ts';

/**
 * Permissions (catalogues §6, core §6): strings `resource.action`. Every resource the product
 * guards is declared here once, with the application module it belongs to, whether its records
 * go through approval (catalogues §3.1, approvable record types) and which user levels may hold
 * its permissions (system users administer tenants and service packs; tenant users work inside
 * one tenant). The server refuses to start when a route names a code not declared here, and the
 * browser guards use the same `hasAuthority`.
 */
export interface PermissionResourceInfo {
  readonly module: ApplicationModule;
  /** records go through request-approval / approve / reject / cancel-approval */
  readonly approvable: boolean;
  /** the user levels whose roles may grant it */
  readonly levels: readonly UserLevel[];
}

const TENANT = ['TENANT'] as const satisfies readonly UserLevel[];
const SYSTEM = ['SYSTEM'] as const satisfies readonly UserLevel[];
const BOTH = ['SYSTEM', 'TENANT'] as const satisfies readonly UserLevel[];

const plain = <M extends ApplicationModule, L extends readonly UserLevel[]>(module: M, levels: L) =>
  ({ module, approvable: false, levels }) as const;
const approvable = <M extends ApplicationModule>(module: M) =>
  ({ module, approvable: true, levels: TENANT }) as const;

export const PermissionResources = {
  // System administration (system users; some also for tenant administrators).
  tenant: plain('SYSTEM', SYSTEM),
  service_pack: plain('SYSTEM', SYSTEM),
  // A tenant's API clients act inside that tenant, with scopes from its catalogue (modules/api-clients.ts).
  client: plain('SYSTEM', TENANT),
  // Tenants keep their own settings; system users the defaults (modules/system-configuration.ts).
  configuration: plain('SYSTEM', BOTH),
  language: plain('SYSTEM', SYSTEM),
  event_configuration: plain('SYSTEM', SYSTEM),
  action_log: plain('SYSTEM', BOTH),
  file: plain('SYSTEM', BOTH),
  // Notifications sent to a tenant's people (modules/notification-events.ts); every user's inbox needs no permission.
  notification: plain('SYSTEM', TENANT),

  // Settings: accounts, roles, templates, shared reference lists.
  user: plain('SETTING', BOTH),
  role: plain('SETTING', BOTH),
  tenant_configuration: plain('SETTING', TENANT),
  document_template: plain('SETTING', TENANT),
  email_template: plain('SETTING', TENANT),
  notification_template: plain('SETTING', BOTH),
  workflow_template: plain('SETTING', TENANT),
  user_manual: plain('SETTING', BOTH),
  pick_list: plain('SETTING', TENANT),
  region: plain('SETTING', BOTH),
  province: plain('SETTING', BOTH),
  // Tenant lists: each tenant keeps its own (tenant-owned tables, like job titles).
  ethnicity: plain('SETTING', TENANT),
  religion: plain('SETTING', TENANT),
  military_rank: plain('SETTING', BOTH),
  technical_level: plain('SETTING', BOTH),
  bank: plain('SETTING', TENANT),

  // Workspace.
  dashboard: plain('WORK_SPACE', BOTH),
  contacts: plain('WORK_SPACE', TENANT),

  // Organisation and personnel (om).
  organization_unit: plain('OM', TENANT),
  job_position: plain('OM', TENANT),
  position: plain('OM', TENANT),
  job_title: plain('OM', TENANT),
  job_category: plain('OM', TENANT),
  job_nature: plain('OM', TENANT),
  nature_of_work: plain('OM', TENANT),
  occupation: plain('OM', TENANT),
  subject_of_labor: plain('OM', TENANT),
  reward_type: plain('OM', TENANT),
  discipline_type: plain('OM', TENANT),
  worker_group: plain('OM', TENANT),
  contract_type: plain('OM', TENANT),
  military_group: plain('OM', TENANT),
  technical_group: plain('OM', TENANT),
  unspecialized_job_title: plain('OM', TENANT),
  worker: plain('OM', TENANT),
  worker_academic: plain('OM', TENANT),
  worker_employment: plain('OM', TENANT),
  worker_related_person: plain('OM', TENANT),
  worker_file: plain('OM', TENANT),
  worker_reward: plain('OM', TENANT),
  worker_discipline: plain('OM', TENANT),
  worker_military_employment: plain('OM', TENANT),
  worker_research: plain('OM', TENANT),
  fixed_compensation: plain('OM', TENANT),
  contract: approvable('OM'),
  displacement: approvable('OM'),
  resignation: approvable('OM'),
  reward: approvable('OM'),
  discipline: approvable('OM'),
  benefit: approvable('OM'),
  compensation_revision: approvable('OM'),

  // Timekeeping (tm).
  shift: plain('TM', TENANT),
  timekeeping: plain('TM', TENANT),
  // the units' check-in modes, locations and networks (docs/check-in.md): a record of its own
  check_in_setting: plain('TM', TENANT),
  holiday: plain('TM', TENANT),
  device: plain('TM', TENANT),
  user_access_control: plain('TM', TENANT),
  weekly_off: plain('TM', TENANT),
  standard_working_day: plain('TM', TENANT),
  leave_policy: plain('TM', TENANT),
  leave_type: plain('TM', TENANT),
  timesheet: approvable('TM'),
  work_calendar: approvable('TM'),
  timekeeping_change_request: approvable('TM'),
  overtime_registration: approvable('TM'),
  leave_request: approvable('TM'),
  swap_application: approvable('TM'),
  business_trip_application: approvable('TM'),
  conference_application: approvable('TM'),

  // Payroll (pm).
  salary_coefficient: plain('PM', TENANT),
  position_coefficient: plain('PM', TENANT),
  coefficient: plain('PM', BOTH),
  payroll_coefficient: plain('PM', BOTH),
  time_salary_coefficient: plain('PM', BOTH),
  salary_grade: plain('PM', TENANT),
  region_wage: plain('PM', TENANT),
  allowance_type: plain('PM', TENANT),
  salary_configuration: plain('PM', TENANT),
  salary_composition: plain('PM', TENANT),
  salary_slip_template: plain('PM', TENANT),
  timesheet_summary: plain('PM', TENANT),
  kpi_summary: plain('PM', TENANT),
  product_summary: plain('PM', TENANT),
  deduction_summary: plain('PM', TENANT),
  other_income_summary: plain('PM', TENANT),
  advance_summary: plain('PM', TENANT),
  worker_bank_account: plain('PM', TENANT),
  pay_report: plain('PM', TENANT),
  salary_period: approvable('PM'),
  pay_period: approvable('PM'),
  piece_wage: approvable('PM'),
  fund_summary: approvable('PM'),

  // Assignment and KPI (MM: the modules enumeration names no KPI module; MM is the assumption).
  task: plain('MM', TENANT),
  work: plain('MM', TENANT),
  target: plain('MM', TENANT),
  kpi_criteria: plain('MM', TENANT),
  kpi_template: plain('MM', TENANT),
  leader_work_plan: plain('MM', TENANT),
  work_plan: approvable('MM'),

  // Recruitment and evaluation (talent).
  application: plain('TALENT', TENANT),
  applicant: plain('TALENT', TENANT),
  recruitment_plan: plain('TALENT', TENANT),
  recruitment_request: plain('TALENT', TENANT),
  interview: plain('TALENT', TENANT),
  evaluation: plain('TALENT', TENANT),
  evaluation_template: plain('TALENT', TENANT),
} as const satisfies Record<string, PermissionResourceInfo>;

export type PermissionResource = keyof typeof PermissionResources;

/** Actions every resource has (catalogues §6). */
export const BaseActions = ['view', 'create', 'update', 'delete', 'export'] as const;
export type BaseAction = (typeof BaseActions)[number];
/** Extra actions of approvable resources. */
export const ApprovalActions = ['approve', 'reject', 'request-approval', 'cancel-approval'] as const;
export type ApprovalAction = (typeof ApprovalActions)[number];

type Resources = typeof PermissionResources;
export type ApprovableResource = {
  [R in PermissionResource]: Resources[R]['approvable'] extends true ? R : never;
}[PermissionResource];

/** The actions a resource has: the base five, plus the approval four when it is approvable. */
export type PermissionAction<R extends PermissionResource> = R extends ApprovableResource
  ? BaseAction | ApprovalAction
  : BaseAction;

/** Every declared `resource.action` string. */
export type PermissionCode = {
  [R in PermissionResource]: `${R}.${PermissionAction<R>}`;
}[PermissionResource];

/** The code of an action on a declared resource: `permission('job_title', 'view')`. */
export function permission<R extends PermissionResource, A extends PermissionAction<R>>(
  resource: R,
  action: A,
): `${R}.${A}` {
  return `${resource}.${action}`;
}

/** The actions of one resource, in catalogue order. */
export function actionsOf(resource: PermissionResource): readonly (BaseAction | ApprovalAction)[] {
  return PermissionResources[resource].approvable ? [...BaseActions, ...ApprovalActions] : BaseActions;
}

/** The codes of the given resources (all of them by default), resource by resource. */
export function permissionCodesOf(
  resources: readonly PermissionResource[] = Object.keys(PermissionResources) as PermissionResource[],
): PermissionCode[] {
  return resources.flatMap((r) => actionsOf(r).map((a) => `${r}.${a}` as PermissionCode));
}

/** Every declared permission code. */
export const ALL_PERMISSION_CODES: readonly PermissionCode[] = Object.freeze(permissionCodesOf());

/** The codes a role of the given user level may grant (a tenant role: TENANT). */
export function permissionCodesForLevel(level: UserLevel): PermissionCode[] {
  return permissionCodesOf(
    (Object.keys(PermissionResources) as PermissionResource[]).filter((r) =>
      (PermissionResources[r].levels as readonly UserLevel[]).includes(level),
    ),
  );
}

const declared: ReadonlySet<string> = new Set(ALL_PERMISSION_CODES);

export function isPermissionCode(code: string): code is PermissionCode {
  return declared.has(code);
}

/**
 * Core §6: a root user passes every check; an empty requirement (undefined, '' or []) passes;
 * several codes pass if any one is granted.
 */
export function hasAuthority(
  granted: ReadonlySet<string> | readonly string[],
  required: string | readonly string[] | undefined | null,
  isRoot: boolean,
): boolean {
  if (isRoot) return true;
  const needed = required == null ? [] : typeof required === 'string' ? [required] : required;
  const wanted = needed.filter((code) => code !== '');
  if (wanted.length === 0) return true;
  const held: ReadonlySet<string> = granted instanceof Set ? granted : new Set(granted);
  return wanted.some((code) => held.has(code));
}
