import { describe, expect, it } from 'vitest';
import { MICRO_APPS } from '@hcm/contracts';
import { installedApps, isActive, portalApplications, shellProps } from './applications.ts';

const admin = { name: '@hcm/admin', routes: ['/setting/job-titles', '/system/language'] };
const organization = { name: '@hcm/organization', routes: ['/om/employee'] };

describe('isActive', () => {
  it('keeps an app without prefixes always mounted', () => {
    expect(isActive({ name: '@hcm/shell', routePrefixes: [] }, { pathname: '/anything' })).toBe(true);
  });

  it('mounts a module app on its routes and below them only', () => {
    const [, app] = portalApplications([organization]);
    if (!app) throw new Error('no module app registered');
    expect(isActive(app, { pathname: '/om/employee' })).toBe(true);
    expect(isActive(app, { pathname: '/om/employee/12/detail' })).toBe(true);
    expect(isActive(app, { pathname: '/om/employees' })).toBe(false);
    expect(isActive(app, { pathname: '/om' })).toBe(false);
    expect(isActive(app, { pathname: '/dashboard' })).toBe(false);
  });
});

describe('the installed apps', () => {
  it('are the declared apps the import map lists, and no others', () => {
    const listed = (name: string) => name === '@hcm/admin';
    expect(installedApps(listed, [admin, organization])).toEqual([admin]);
    expect(installedApps(() => false, [admin, organization])).toEqual([]);
  });

  it('are registered after the shell, on their routes', () => {
    expect(portalApplications([admin]).map((app) => [app.name, app.routePrefixes])).toEqual([
      ['@hcm/shell', []],
      ['@hcm/admin', admin.routes],
    ]);
    expect(portalApplications([]).map((app) => app.name)).toEqual(['@hcm/shell']);
  });

  it('tell the shell their routes and themselves', () => {
    expect(shellProps([admin, organization])).toEqual({
      moduleRoutePrefixes: ['/setting/job-titles', '/system/language', '/om/employee'],
      installedApps: [admin, organization],
    });
    expect(shellProps([]).moduleRoutePrefixes).toEqual([]);
  });

  it('include the administration app when the map lists it', () => {
    expect(installedApps((name) => name === '@hcm/admin').map((app) => app.name)).toEqual(['@hcm/admin']);
    expect(MICRO_APPS.map((app) => app.name)).toContain('@hcm/admin');
  });
});
