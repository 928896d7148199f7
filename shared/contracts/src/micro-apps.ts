import { menuEntries, type MenuNode } from './menu.ts';

/**
 * The module micro-apps and the pages each serves, declared once: root-config registers each
 * app that the import map lists (active on its routes and everything below them), and the
 * sidebar shows only the menu entries an installed app serves, so no entry leads to a missing
 * module. A team that adds a page adds its route here in the same release.
 */
export interface MicroAppDeclaration {
  /** its import-map name */
  readonly name: string;
  /** the menu paths it draws (each also covers /detail, /create, /{id}/update… below it) */
  readonly routes: readonly string[];
}

/** The administration and system micro-app (packages/admin): categories, system records, the action log. */
export const ADMIN_APP: MicroAppDeclaration = {
  name: '@hcm/admin',
  routes: [
    '/setting/role',
    '/setting/user',
    '/setting/job-titles',
    '/setting/ethnicity',
    '/setting/religion',
    '/setting/job-categories',
    '/setting/job-positions',
    '/setting/position',
    '/setting/nature-of-work',
    '/setting/occupation',
    '/setting/subjects-of-labor',
    '/setting/reward',
    '/setting/discipline',
    '/setting/working-group',
    '/setting/labor-nature',
    '/setting/military-group',
    '/setting/technical-group',
    '/setting/bank',
    '/setting/non-professional-title',
    '/setting/allowance-type',
    '/setting/region-wage',
    '/setting/salary-scale',
    '/setting/leave-type',
    '/setting/contract-type',
    '/tm/holiday',
    '/setting/email-template',
    '/setting/parameter-management',
    '/setting/template-work-flow',
    '/setting/document-template',
    '/setting/user-manual',
    '/system/tenant',
    '/system/service-pack',
    '/system/language',
    '/system/coefficient',
    '/system/payroll-coefficient',
    '/system/time-salary-coefficient',
    '/system/technical-levels',
    '/system/file-management',
    '/system/action-log',
    '/system/outbound-log',
    '/system/permission',
    '/system/client',
    '/system/configuration',
    '/pm/payroll-scale',
    '/notification/form',
  ],
};

/**
 * The organisation micro-app (packages/organization): the chart and units, employees, contacts,
 * contracts, and the personnel decisions (assignments, resignations, rewards, disciplines,
 * benefits, salary reviews).
 */
export const ORGANIZATION_APP: MicroAppDeclaration = {
  name: '@hcm/organization',
  routes: [
    '/om/organization-chart',
    '/om/employee',
    '/om/contacts',
    '/om/contract',
    '/om/displacements',
    '/om/quit-job',
    '/om/reward',
    '/om/discipline',
    '/om/benefit',
    '/om/salary-review',
  ],
};

/**
 * The timekeeping micro-app (packages/timekeeping): shifts, calendars, devices, timesheets. A
 * route is listed here when its page lands (packages/timekeeping/README.md "Adding a page"), so
 * the menu shows the Timekeeping entries one by one as they come.
 */
export const TIMEKEEPING_APP: MicroAppDeclaration = {
  name: '@hcm/timekeeping',
  routes: [
    '/tm/work-shift',
    '/tm/work-calendar',
    '/tm/summary-of-shift',
    '/tm/rules',
    '/tm/week-off',
    '/tm/standard-working',
    '/tm/device-manager',
    '/tm/employee',
    '/tm/search-data',
    '/tm/setup-devices',
    '/tm/check-in',
    '/tm/my-timekeeping',
    '/tm/check-in-settings',
    '/tm/general-timesheet',
    '/tm/work-update-suggestive',
    '/tm/overtime',
    '/tm/application-leave',
    '/tm/onsite-permission',
    '/tm/conference-permission',
    '/tm/troop-report',
    '/tm/timesheets',
    '/tm/config',
    '/tm/change-shifts',
    '/tm/leave-rules',
  ],
};

/**
 * The payroll micro-app (packages/payroll): the Salary menu group — salary components and their
 * formula editor, payroll templates, the lookup tables (payroll rules), the default parameters,
 * the pay periods (general and detailed) and the salary periods. A route is listed here when its page lands (packages/payroll/README.md "Adding a
 * page"); the payroll scale stays with @hcm/admin, its route unchanged.
 */
export const PAYROLL_APP: MicroAppDeclaration = {
  name: '@hcm/payroll',
  routes: [
    '/pm/payroll-composit',
    '/pm/payroll-template',
    '/pm/payroll-rules',
    '/pm/default-parameter',
    '/pm/pay-period',
    '/pm/detail-payroll',
    '/pm/salary-period',
  ],
};

export const MICRO_APPS: readonly MicroAppDeclaration[] = [
  ADMIN_APP,
  ORGANIZATION_APP,
  TIMEKEEPING_APP,
  PAYROLL_APP,
];

/**
 * Said by root-config when single-spa could not load or start a registered micro-app
 * (detail: {@link ModuleLoadFailure}); the shell then shows "the module could not be loaded"
 * on that app's routes instead of an empty outlet.
 */
export const MODULE_LOAD_FAILED_EVENT = 'hcm:module-load-failed';
export interface ModuleLoadFailure {
  /** the app's import-map name */
  readonly name: string;
}

/** Whether `pathname` is one of the routes or below one. */
export function servesPath(routes: readonly string[], pathname: string): boolean {
  return routes.some((route) => pathname === route || pathname.startsWith(`${route}/`));
}

/** The routes served by the installed micro-apps (those the import map lists). */
export function installedRoutes(
  installed: ReadonlySet<string>,
  apps: readonly MicroAppDeclaration[] = MICRO_APPS,
): string[] {
  return apps.filter((app) => installed.has(app.name)).flatMap((app) => app.routes);
}

/** The menu without the entries no installed app serves (the dashboard is the shell's own), and without emptied groups. */
export function menuOfInstalledApps(
  nodes: readonly MenuNode[],
  routes: readonly string[],
  shellPaths: readonly string[],
): MenuNode[] {
  const keep = (node: MenuNode): MenuNode | null => {
    if (node.kind === 'entry')
      return shellPaths.includes(node.path) || servesPath(routes, node.path) ? node : null;
    const children = node.children.map(keep).filter((child): child is MenuNode => child !== null);
    return children.length > 0 ? { ...node, children } : null;
  };
  return nodes.map(keep).filter((node): node is MenuNode => node !== null);
}

/** Every menu path an app declares must be a menu entry's path (or the test of the app fails). */
export const menuPaths = (): string[] => menuEntries().map((place) => place.entry.path);
