import { afterEach, describe, expect, it } from 'vitest';
import { MENU, menuEntries, type MenuNode, type Profile } from '@hcm/contracts';
import { setInstalledRoutes } from '../routing/installed-apps.ts';
import {
  breadcrumbFor,
  installedMenu,
  matchMenuPath,
  viewerOf,
  visibleMenu,
  type MenuViewer,
} from './menu-service.ts';

const tenantUser = (authorities: string[]): MenuViewer => ({ authorities, isRoot: false, level: 'TENANT' });
const keysOf = (nodes: readonly MenuNode[]): string[] =>
  nodes.flatMap((n) => (n.kind === 'entry' ? [n.key] : [n.key, ...keysOf(n.children)]));

describe('visibleMenu', () => {
  it('shows only the entries whose authority the user holds, inside the groups that hold them', () => {
    const menu = visibleMenu(tenantUser(['worker.view', 'leave_request.view']));
    expect(keysOf(menu)).toEqual([
      'dashboard',
      'organisation',
      'employeeList',
      'timekeeping',
      // every tenant user checks in from the browser or a phone (docs/check-in.md), and sees
      // their own month (docs/my-timekeeping.md)
      'checkIn',
      'myTimekeeping',
      'timekeepingDocuments',
      'leaveApplication',
      // every tenant user reads their own notifications
      'notifications',
      'myNotifications',
    ]);
  });

  it('shows a user with no authority only the dashboard, their own check-in and month and their own notifications', () => {
    expect(keysOf(visibleMenu(tenantUser([])))).toEqual([
      'dashboard',
      'timekeeping',
      'checkIn',
      'myTimekeeping',
      'notifications',
      'myNotifications',
    ]);
  });

  it('hides entries of another user level even to a holder of the authority', () => {
    const systemUser: MenuViewer = {
      authorities: ['worker.view', 'tenant.view'],
      isRoot: false,
      level: 'SYSTEM',
    };
    expect(keysOf(visibleMenu(systemUser))).toEqual(['dashboard', 'system', 'tenant']);
  });

  it('shows a root user every entry of its level, whatever the authority', () => {
    const root: MenuViewer = { authorities: [], isRoot: true, level: 'SYSTEM' };
    expect(menuEntries(visibleMenu(root)).map((p) => p.entry.key)).toEqual(
      menuEntries(MENU)
        .filter((p) => p.entry.levels.includes('SYSTEM'))
        .map((p) => p.entry.key),
    );
    const tenantRoot: MenuViewer = { ...root, level: 'TENANT' };
    expect(menuEntries(visibleMenu(tenantRoot)).map((p) => p.entry.key)).toContain('jobTitle');
  });
});

describe('viewerOf', () => {
  const profile = (tenantId: string | null, userLevel: 'SYSTEM' | 'TENANT'): Profile => ({
    id: 'u',
    username: 'u',
    fullName: 'U',
    email: null,
    tenantId,
    tenantName: null,
    language: 'vi',
    userPrimary: { isRoot: false, grantedPermissions: ['worker.view'], userLevel },
  });

  it('counts a user with a tenant as a tenant user', () => {
    expect(viewerOf(profile('t-1', 'SYSTEM')).level).toBe('TENANT');
    expect(viewerOf(profile(null, 'SYSTEM')).level).toBe('SYSTEM');
    expect(viewerOf(profile(null, 'TENANT'))).toEqual({
      authorities: ['worker.view'],
      isRoot: false,
      level: 'TENANT',
    });
  });
});

describe('matchMenuPath', () => {
  it('finds the entry ignoring the query, ids and the trailing record action', () => {
    const cases: [string, string, string | null][] = [
      ['/om/employee', 'employeeList', null],
      ['/om/employee/', 'employeeList', null],
      ['/om/employee?q=%7B%22keyword%22%3A%22an%22%7D', 'employeeList', null],
      ['/om/employee/123/detail', 'employeeList', 'detail'],
      ['/om/employee/0b8e4c1e-7f0a-4d8e-9c59-3b2a1f6d7e90/update', 'employeeList', 'update'],
      ['/om/employee/create', 'employeeList', 'create'],
      ['/pm/payroll-rules/allowance/create', 'payrollRules', 'create'],
      ['/tm/rules', 'timekeepingRules', null],
      ['/tm/leave-rules', 'leaveRules', null],
    ];
    for (const [path, key, action] of cases)
      expect(matchMenuPath(path), path).toMatchObject({ entry: { key }, action });
  });

  it('gives the groups the entry sits in', () => {
    expect(matchMenuPath('/tm/overtime/5/detail')?.groups.map((g) => g.key)).toEqual([
      'timekeeping',
      'timekeepingDocuments',
    ]);
  });

  it('finds nothing for a path of no entry', () => {
    expect(matchMenuPath('/om')).toBe(null);
    expect(matchMenuPath('/om/employees')).toBe(null);
    expect(matchMenuPath('/nowhere/123')).toBe(null);
  });
});

describe('breadcrumbFor', () => {
  it('leads from Home through the groups to the entry and the record page', () => {
    expect(breadcrumbFor('/tm/overtime/5/update')).toEqual([
      { labelKey: 'navigation.home', path: '/dashboard' },
      { labelKey: 'navigation.menu.timekeeping' },
      { labelKey: 'navigation.menu.timekeepingDocuments' },
      { labelKey: 'navigation.menu.overtime', path: '/tm/overtime' },
      { labelKey: 'navigation.actions.update' },
    ]);
    expect(breadcrumbFor('/om/employee')).toEqual([
      { labelKey: 'navigation.home', path: '/dashboard' },
      { labelKey: 'navigation.menu.organisation' },
      { labelKey: 'navigation.menu.employeeList', path: '/om/employee' },
    ]);
  });

  it('is Home alone on the dashboard and on pages of no entry', () => {
    expect(breadcrumbFor('/dashboard')).toEqual([{ labelKey: 'navigation.home', path: '/dashboard' }]);
    expect(breadcrumbFor('/nowhere')).toEqual([{ labelKey: 'navigation.home', path: '/dashboard' }]);
  });

  it('names the shell’s own profile page', () => {
    expect(breadcrumbFor('/setting/my-profile')).toEqual([
      { labelKey: 'navigation.home', path: '/dashboard' },
      { labelKey: 'navigation.shellPages.myProfile' },
    ]);
  });
});

describe('the menu of the installed apps', () => {
  const root: MenuViewer = { authorities: [], isRoot: true, level: 'SYSTEM' };
  const entryKeys = (nodes: readonly MenuNode[]) => menuEntries(nodes).map((place) => place.entry.key);
  afterEach(() => setInstalledRoutes(null));

  it('shows root only the dashboard and the entries of its level an installed app serves', () => {
    setInstalledRoutes(['/setting/job-titles', '/system/action-log', '/system/language']);
    expect(entryKeys(visibleMenu(root))).toEqual(['dashboard', 'actionLog', 'language']);
  });

  it('shows only the dashboard when nothing is installed', () => {
    setInstalledRoutes([]);
    expect(entryKeys(visibleMenu(root))).toEqual(['dashboard']);
  });

  it('still filters the installed entries by authority', () => {
    setInstalledRoutes(['/setting/job-titles', '/setting/religion']);
    const clerk: MenuViewer = { authorities: ['religion.view'], isRoot: false, level: 'TENANT' };
    // the inbox is the shell's own page: shown whatever is installed
    expect(entryKeys(visibleMenu(clerk))).toEqual(['dashboard', 'religion', 'myNotifications']);
  });

  it('is the whole menu when the shell was told nothing (a component alone)', () => {
    expect(installedMenu(null)).toBe(MENU);
  });
});
