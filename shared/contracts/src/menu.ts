import { UserLevels, type UserLevel } from './enums.ts';
import {
  PermissionResources,
  permission,
  type PermissionCode,
  type PermissionResource,
} from './permissions.ts';
import type { Label } from './resource/label.ts';
import { ResourceTitles, type TitledResource } from './resource/titles.ts';

/**
 * The sidebar menu (catalogues §2.2), declared once: the shell draws it, guards its paths and
 * builds the breadcrumb from it; end-to-end tests walk it. Paths follow catalogues §2.1 under a
 * module segment (/om, /kpi, /tm, /pm, /setting, /system), the prefix the module micro-app that
 * draws the page is registered under. Keys are unique across the whole tree. An entry that is a
 * resource contract's page (its route) is named by the contract's title, the `label` it carries
 * (resource/titles.ts); every other node by `navigation.menu.<key>` of the shell's dictionary.
 */
export interface MenuEntry {
  readonly kind: 'entry';
  readonly key: string;
  readonly path: string;
  /** `<resource>.view` codes: holding any one shows the entry and opens its pages; empty: everyone signed in */
  readonly authorities: readonly PermissionCode[];
  /** user levels whose users may open it (from the resources' levels in the permission catalogue) */
  readonly levels: readonly UserLevel[];
  /** a user without the authority is sent to the dashboard without the "no permission" toast */
  readonly silentRedirect?: boolean;
  /**
   * The title of the contract whose page this is (the same Label object); the shell shows it as
   * `navigation.menu.<key>`, so that an administrator's text for that key still wins.
   */
  readonly label?: Label;
}

export interface MenuGroup {
  readonly kind: 'group';
  readonly key: string;
  readonly children: readonly MenuNode[];
}

export type MenuNode = MenuEntry | MenuGroup;

/** An entry shown to whoever holds `<resource>.view` of any of the resources. */
function entry(key: string, path: string, resources: readonly PermissionResource[]): MenuEntry {
  const levels = new Set<UserLevel>(resources.flatMap((r) => PermissionResources[r].levels));
  return {
    kind: 'entry',
    key,
    path,
    authorities: resources.map((r) => permission(r, 'view')),
    levels: UserLevels.filter((level) => levels.has(level)),
  };
}

/**
 * The page of a resource's contract (the contract's route), named by the contract's title: shown
 * to whoever holds `<resource>.view` of the resource, or of any of `resources` when given.
 */
const page = (
  key: string,
  path: string,
  resource: TitledResource,
  resources: readonly PermissionResource[] = [resource],
): MenuEntry => ({ ...entry(key, path, resources), label: ResourceTitles[resource] });

const group = (key: string, children: readonly MenuNode[]): MenuGroup => ({ kind: 'group', key, children });

/** The dashboard: open to every signed-in user, system or tenant (core §2). */
export const DASHBOARD_MENU_ENTRY: MenuEntry = {
  kind: 'entry',
  key: 'dashboard',
  path: '/dashboard',
  authorities: [],
  levels: UserLevels,
};

/**
 * Each tenant user's own notifications (catalogues §2.1 "notification-me"): the shell's page,
 * open to all of them; a system user belongs to no tenant and gets none.
 */
export const MY_NOTIFICATIONS_MENU_ENTRY: MenuEntry = {
  kind: 'entry',
  key: 'myNotifications',
  path: '/notification/notification-me',
  authorities: [],
  levels: ['TENANT'],
};

export const MENU: readonly MenuNode[] = [
  DASHBOARD_MENU_ENTRY,
  group('organisation', [
    page('organisationChart', '/om/organization-chart', 'organization_unit'),
    page('employeeList', '/om/employee', 'worker'),
    // a route of catalogues §2.1 with no entry in §2.2: the colleagues' directory every employee opens
    entry('contacts', '/om/contacts', ['contacts']),
    page('contract', '/om/contract', 'contract'),
    page('positionAssignment', '/om/displacements', 'displacement'),
    page('quitJob', '/om/quit-job', 'resignation'),
    page('reward', '/om/reward', 'reward'),
    page('discipline', '/om/discipline', 'discipline'),
    page('benefit', '/om/benefit', 'benefit'),
    page('salaryReview', '/om/salary-review', 'compensation_revision'),
  ]),
  group('assignmentKpi', [
    entry('personalPlan', '/kpi/personal', ['work_plan']),
    entry('organisationPlan', '/kpi/organization', ['leader_work_plan']),
    group('kpiCategories', [
      entry('kpiTask', '/kpi/kpi-categories-task', ['task']),
      entry('kpiJob', '/kpi/kpi-categories-job', ['work']),
      entry('kpiTarget', '/kpi/kpi-categories-target', ['target']),
      entry('kpiCriteria', '/kpi/kpi-criterias', ['kpi_criteria']),
      entry('kpiTemplate', '/kpi/kpi-template', ['kpi_template']),
    ]),
  ]),
  group('timekeeping', [
    // each worker's own check-in from the browser or a phone (docs/check-in.md): every tenant user
    { ...entry('checkIn', '/tm/check-in', []), levels: ['TENANT'] },
    // each employee's own month, balance and requests (docs/my-timekeeping.md): every tenant user
    { ...entry('myTimekeeping', '/tm/my-timekeeping', []), levels: ['TENANT'] },
    page('timesheets', '/tm/timesheets', 'timesheet'),
    // Summary views share the timesheet permission (catalogues §6).
    entry('generalTimesheet', '/tm/general-timesheet', ['timesheet']),
    page('workShift', '/tm/work-shift', 'shift'),
    page('shiftCalendar', '/tm/work-calendar', 'work_calendar'),
    entry('shiftSummary', '/tm/summary-of-shift', ['work_calendar', 'timesheet']),
    group('timekeepingDocuments', [
      page('leaveApplication', '/tm/application-leave', 'leave_request'),
      page('workUpdateSuggestion', '/tm/work-update-suggestive', 'timekeeping_change_request'),
      page('changeShift', '/tm/change-shifts', 'swap_application'),
      page('businessTrip', '/tm/onsite-permission', 'business_trip_application'),
      page('conference', '/tm/conference-permission', 'conference_application'),
      page('overtime', '/tm/overtime', 'overtime_registration'),
    ]),
    group('timekeepingDevices', [
      page('timekeeper', '/tm/device-manager', 'device'),
      page('deviceUsers', '/tm/employee', 'user_access_control'),
      entry('userAccessControl', '/tm/search-data', ['user_access_control']),
      entry('deviceSetup', '/tm/setup-devices', ['device']),
    ]),
    group('timekeepingConfig', [
      entry('generalConfig', '/tm/config', ['timekeeping']),
      page('checkInSettings', '/tm/check-in-settings', 'check_in_setting'),
      page('timekeepingRules', '/tm/rules', 'timekeeping'),
      // Night-work settings share the leave policy (catalogues §6).
      page('leaveRules', '/tm/leave-rules', 'leave_policy'),
      page('weeklyOff', '/tm/week-off', 'weekly_off'),
      page('standardWorkingDay', '/tm/standard-working', 'standard_working_day'),
      page('holiday', '/tm/holiday', 'holiday'),
    ]),
    entry('troopReport', '/tm/troop-report', ['timesheet', 'timekeeping']),
  ]),
  group('salary', [
    page('payrollComposition', '/pm/payroll-composit', 'salary_composition'),
    page('payrollTemplate', '/pm/payroll-template', 'salary_slip_template'),
    group('payrollData', [
      entry('payrollTimekeeping', '/pm/payroll-timekeeping', ['timesheet_summary']),
      entry('payrollKpi', '/pm/payroll-kpi', ['kpi_summary']),
      entry('otherIncome', '/pm/collect-other', ['other_income_summary']),
      entry('otherDeduction', '/pm/other-deduction', ['deduction_summary']),
      entry('advance', '/pm/advance', ['advance_summary']),
      entry('salaryDivision', '/pm/salary-division', ['fund_summary']),
    ]),
    group('payrollPeriod', [
      page('payrollPeriodGeneral', '/pm/pay-period', 'pay_period'),
      entry('payrollPeriodDetailed', '/pm/detail-payroll', ['pay_period']),
    ]),
    page('salaryPeriod', '/pm/salary-period', 'salary_period'),
    entry('salaryPayment', '/pm/salary-payment', ['pay_report']),
    group('salaryConfig', [
      entry('payrollRules', '/pm/payroll-rules', ['salary_configuration']),
      entry('defaultParameter', '/pm/default-parameter', ['salary_configuration', 'position_coefficient']),
      page('payrollScale', '/pm/payroll-scale', 'position_coefficient', [
        'salary_coefficient',
        'position_coefficient',
      ]),
      entry('bankAccount', '/pm/bank-account', ['worker_bank_account']),
    ]),
  ]),
  group('admin', [
    entry('role', '/setting/role', ['role']),
    entry('user', '/setting/user', ['user']),
    group('adminCategories', [
      page('jobCategory', '/setting/job-categories', 'job_category'),
      page('jobTitle', '/setting/job-titles', 'job_title'),
      page('jobPosition', '/setting/job-positions', 'job_position'),
      page('position', '/setting/position', 'position'),
      page('natureOfWork', '/setting/nature-of-work', 'nature_of_work'),
      page('regionWage', '/setting/region-wage', 'region_wage'),
      page('salaryScale', '/setting/salary-scale', 'salary_grade'),
      page('occupation', '/setting/occupation', 'occupation'),
      page('subjectsOfLabor', '/setting/subjects-of-labor', 'subject_of_labor'),
      page('rewardType', '/setting/reward', 'reward_type'),
      page('disciplineType', '/setting/discipline', 'discipline_type'),
      page('ethnicity', '/setting/ethnicity', 'ethnicity'),
      page('religion', '/setting/religion', 'religion'),
      page('leaveType', '/setting/leave-type', 'leave_type'),
      page('contractType', '/setting/contract-type', 'contract_type'),
      page('workingGroup', '/setting/working-group', 'worker_group'),
      page('laborNature', '/setting/labor-nature', 'job_nature'),
      page('militaryGroup', '/setting/military-group', 'military_group'),
      page('technicalGroup', '/setting/technical-group', 'technical_group'),
      page('bank', '/setting/bank', 'bank'),
      page('nonProfessionalTitle', '/setting/non-professional-title', 'unspecialized_job_title'),
      page('allowanceType', '/setting/allowance-type', 'allowance_type'),
    ]),
    group('formTemplates', [
      page('documentTemplate', '/setting/document-template', 'document_template'),
      // One list of both channels, kept per tenant under email_template (@hcm/contracts/settings).
      page('emailTemplate', '/setting/email-template', 'email_template'),
    ]),
    page('workflowTemplate', '/setting/template-work-flow', 'workflow_template'),
    page('userManual', '/setting/user-manual', 'user_manual'),
    page('parameterManagement', '/setting/parameter-management', 'tenant_configuration'),
  ]),
  group('system', [
    page('tenant', '/system/tenant', 'tenant'),
    page('servicePack', '/system/service-pack', 'service_pack'),
    // Permissions are granted through roles: whoever may see roles may see what they grant.
    entry('permission', '/system/permission', ['role']),
    entry('fileManager', '/system/file-management', ['file']),
    entry('actionLog', '/system/action-log', ['action_log']),
    entry('outboundLog', '/system/outbound-log', ['action_log']),
    entry('client', '/system/client', ['client']),
    entry('configuration', '/system/configuration', ['configuration']),
    page('language', '/system/language', 'language'),
    group('systemCategories', [
      page('coefficient', '/system/coefficient', 'coefficient'),
      page('payrollCoefficient', '/system/payroll-coefficient', 'payroll_coefficient'),
      page('timeSalaryCoefficient', '/system/time-salary-coefficient', 'time_salary_coefficient'),
      page('technicalLevels', '/system/technical-levels', 'technical_level'),
    ]),
  ]),
  // Catalogues §2.1 routes that §2.2 leaves out of the menu: each user's inbox, and sending to an audience.
  group('notifications', [
    MY_NOTIFICATIONS_MENU_ENTRY,
    // compose and send to an audience (catalogues §2.1 "Notification: form"), the admin app's pages
    page('notificationForm', '/notification/form', 'notification'),
  ]),
];

/** An entry with the groups it sits in, outermost first. */
export interface MenuEntryPlace {
  readonly entry: MenuEntry;
  readonly groups: readonly MenuGroup[];
}

/** Every entry of a menu tree, in menu order, with its groups. */
export function menuEntries(nodes: readonly MenuNode[] = MENU): MenuEntryPlace[] {
  const walk = (list: readonly MenuNode[], groups: readonly MenuGroup[]): MenuEntryPlace[] =>
    list.flatMap((node) =>
      node.kind === 'entry' ? [{ entry: node, groups }] : walk(node.children, [...groups, node]),
    );
  return walk(nodes, []);
}

/** The module segment of a path: '/om' for '/om/employee/1/detail'. */
export function moduleSegmentOf(path: string): string {
  return `/${path.split('/')[1] ?? ''}`;
}
