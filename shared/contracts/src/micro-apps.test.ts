import { describe, expect, it } from 'vitest';
import { MENU, menuEntries, type MenuNode } from './menu.ts';
import {
  ADMIN_APP,
  MICRO_APPS,
  installedRoutes,
  menuOfInstalledApps,
  menuPaths,
  servesPath,
} from './micro-apps.ts';

const entryPaths = (nodes: readonly MenuNode[]) => menuEntries(nodes).map((place) => place.entry.path);

describe('the module micro-apps', () => {
  it('declare only routes that are menu entries, each served by one app', () => {
    const paths = menuPaths();
    const routes = MICRO_APPS.flatMap((app) => app.routes);
    for (const route of routes) expect(paths, route).toContain(route);
    expect(new Set(routes).size).toBe(routes.length);
    expect(new Set(MICRO_APPS.map((app) => app.name)).size).toBe(MICRO_APPS.length);
  });

  it('serve a route and the pages below it, not a path that merely starts alike', () => {
    const routes = ['/setting/religion'];
    expect(servesPath(routes, '/setting/religion')).toBe(true);
    expect(servesPath(routes, '/setting/religion/0b6c6f4e-1d2a-4c55-9a1e-5f1c2d3e4f50/update')).toBe(true);
    expect(servesPath(routes, '/setting/religions')).toBe(false);
    expect(servesPath(routes, '/setting')).toBe(false);
  });

  it('give the routes only of the apps the import map lists', () => {
    const apps = [
      { name: '@hcm/admin', routes: ['/setting/religion'] },
      { name: '@hcm/organization', routes: ['/om/employee'] },
    ];
    expect(installedRoutes(new Set(['@hcm/admin']), apps)).toEqual(['/setting/religion']);
    expect(installedRoutes(new Set(), apps)).toEqual([]);
  });
});

describe('the menu of the installed apps', () => {
  it('keeps the dashboard and the installed entries, and drops the groups left empty', () => {
    const menu = menuOfInstalledApps(MENU, ['/setting/job-titles', '/system/language'], ['/dashboard']);
    expect(entryPaths(menu)).toEqual(['/dashboard', '/setting/job-titles', '/system/language']);
    expect(menu.map((node) => node.key)).toEqual(['dashboard', 'admin', 'system']);
  });

  it('is only the dashboard when no module app is installed', () => {
    expect(entryPaths(menuOfInstalledApps(MENU, [], ['/dashboard']))).toEqual(['/dashboard']);
  });

  it('gives the administration app every entry it draws, in menu order, and no other', () => {
    const menu = menuOfInstalledApps(MENU, installedRoutes(new Set(['@hcm/admin'])), []);
    const inMenuOrder = menuEntries()
      .map((place) => place.entry.path)
      .filter((path) => ADMIN_APP.routes.includes(path));
    expect(inMenuOrder).toHaveLength(ADMIN_APP.routes.length);
    expect(entryPaths(menu)).toEqual(inMenuOrder);
  });
});
