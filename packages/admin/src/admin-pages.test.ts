import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ADMIN_APP, menuEntries, menuPaths } from '@hcm/contracts';
import { systemContracts } from '@hcm/contracts/system';
import { positionCoefficientContract } from '@hcm/contracts/position-coefficients';
import { notificationEventContract } from '@hcm/contracts/notification-events';
import { ADMIN_PAGES, routeOf } from './admin-pages.ts';
import { DRAWN_CONTRACTS } from './drawn-contracts.ts';
import { ACTION_LOG_ROUTE, actionLogPage } from './action-log/action-log-route.ts';
import { OUTBOUND_LOG_ROUTE, outboundLogPage } from './outbound-log/outbound-log-route.ts';
import { PERMISSION_ROUTE, ROLE_ROUTE } from './roles/role-route.ts';
import { USER_ROUTE } from './users/user-route.ts';
import { FILE_MANAGER_ROUTE } from './files/files-api.ts';
import { CLIENT_ROUTE, CONFIGURATION_ROUTE } from '@hcm/contracts/system';

describe('the admin app’s routes', () => {
  it('are exactly the routes MICRO_APPS declares for it, so the menu shows what it draws', () => {
    expect(Object.keys(ADMIN_PAGES).sort()).toEqual([...ADMIN_APP.routes].sort());
  });

  it('draw every category and system contract and the action log, each a menu entry', () => {
    const drawn = [
      ...DRAWN_CONTRACTS,
      ...systemContracts,
      positionCoefficientContract,
      notificationEventContract,
    ].map((contract) => contract.route);
    expect(
      [
        ...drawn,
        ACTION_LOG_ROUTE,
        OUTBOUND_LOG_ROUTE,
        USER_ROUTE,
        ROLE_ROUTE,
        PERMISSION_ROUTE,
        FILE_MANAGER_ROUTE,
        CLIENT_ROUTE,
        CONFIGURATION_ROUTE,
      ].sort(),
    ).toEqual(Object.keys(ADMIN_PAGES).sort());
    for (const route of Object.keys(ADMIN_PAGES)) expect(menuPaths()).toContain(route);
  });

  it('give each page below a route to that route, and nothing to a look-alike', () => {
    expect(routeOf('/setting/job-titles')).toBe('/setting/job-titles');
    expect(routeOf('/setting/job-titles/create')).toBe('/setting/job-titles');
    expect(routeOf('/setting/religion/4c8f2b1e-7a3d-4b6e-9f01-2d3c4b5a6978/update/')).toBe(
      '/setting/religion',
    );
    expect(routeOf('/setting/job-titles-old')).toBeNull();
    expect(routeOf('/setting/my-profile')).toBeNull();
  });
});

describe('the action log’s pages', () => {
  it('are the list and one entry’s detail; no create, update or unknown page', () => {
    expect(actionLogPage('/system/action-log')).toEqual({ page: 'list' });
    expect(actionLogPage('/system/action-log/abc/detail')).toEqual({ page: 'detail', id: 'abc' });
    expect(actionLogPage('/system/action-log/create')).toBeNull();
    expect(actionLogPage('/system/action-log/abc/update')).toBeNull();
    expect(actionLogPage('/system/action-log/abc')).toBeNull();
  });
});

describe('the pages’ titles', () => {
  it('are what their menu entries are named by: the same Label, not a copy of its texts', () => {
    const entries = new Map(menuEntries().map(({ entry }) => [entry.path, entry]));
    const differing = [
      ...DRAWN_CONTRACTS,
      ...systemContracts,
      positionCoefficientContract,
      notificationEventContract,
    ]
      .filter((contract) => entries.get(contract.route)?.label !== contract.title)
      .map((contract) => `${contract.route}: ${contract.title.key}`);
    expect(differing).toEqual([]);
  });
});

describe('the users who see a drawn page’s menu entry', () => {
  it('are those its API serves: no system user on a tenant list, no tenant user on a system one', () => {
    const levelsOf = new Map(menuEntries().map(({ entry }) => [entry.path, entry.levels]));
    const served = { tenant: ['TENANT'], system: ['SYSTEM'], both: ['SYSTEM', 'TENANT'] } as const;
    const wrong = [
      ...DRAWN_CONTRACTS,
      ...systemContracts,
      positionCoefficientContract,
      notificationEventContract,
    ]
      .filter((contract) =>
        (levelsOf.get(contract.route) ?? []).some(
          (level) => !(served[contract.level] as readonly string[]).includes(level),
        ),
      )
      .map(
        (contract) =>
          `${contract.route}: ${contract.level} list, seen by ${String(levelsOf.get(contract.route))}`,
      );
    expect(wrong).toEqual([]);
  });
});

describe('the log pages', () => {
  const dictionary = (app: 'shell' | 'admin', language: 'vi' | 'en') =>
    JSON.parse(readFileSync(new URL(`../../${app}/i18n/${language}.json`, import.meta.url), 'utf8')) as {
      navigation: { menu: Record<string, string> };
      actionLog: { title: string };
      outboundLog: { title: string };
    };

  it('are the list and one entry’s detail for the outbound log too; nothing else', () => {
    expect(outboundLogPage('/system/outbound-log')).toEqual({ page: 'list' });
    expect(outboundLogPage('/system/outbound-log/abc/detail')).toEqual({ page: 'detail', id: 'abc' });
    expect(outboundLogPage('/system/outbound-log/create')).toBeNull();
    expect(outboundLogPage('/system/action-log/abc/detail')).toBeNull();
  });

  it('are titled as their menu entries, in both languages', () => {
    for (const language of ['vi', 'en'] as const) {
      const menu = dictionary('shell', language).navigation.menu;
      const admin = dictionary('admin', language);
      expect(admin.actionLog.title, language).toBe(menu.actionLog);
      expect(admin.outboundLog.title, language).toBe(menu.outboundLog);
    }
  });
});
