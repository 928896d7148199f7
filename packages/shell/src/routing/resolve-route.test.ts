import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@hcm/contracts';
import type { MenuViewer } from '../navigation/menu-service.ts';
import {
  errorPathForStatus,
  resolveRoute,
  safeRedirectTarget,
  signInPathFor,
  type RouteContext,
} from './resolve-route.ts';

const hrAdmin: MenuViewer = { authorities: ['worker.view', 'contract.view'], isRoot: false, level: 'TENANT' };
const deployed = ['/payroll', '/om', '/system'];
const signedIn: RouteContext = { viewer: hrAdmin, moduleRoutePrefixes: deployed };
const signedOut: RouteContext = { viewer: null, moduleRoutePrefixes: deployed };
const as = (viewer: MenuViewer, moduleRoutePrefixes = deployed): RouteContext => ({
  viewer,
  moduleRoutePrefixes,
});
const at = (pathname: string, search = '') => ({ pathname, search });

describe('resolveRoute: the signed-in guard', () => {
  it('sends the empty path to the dashboard', () => {
    expect(resolveRoute(at('/'), signedIn)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(resolveRoute(at('/'), signedOut)).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('guards the dashboard, menu and module pages, keeping the path to come back to', () => {
    expect(resolveRoute(at('/dashboard'), signedOut)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=/dashboard',
    });
    expect(resolveRoute(at('/payroll/periods', '?year=2026&q=a b'), signedOut)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=/payroll/periods%3Fyear%3D2026%26q%3Da%20b',
    });
    expect(resolveRoute(at('/om/employee/7/detail'), signedOut)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=/om/employee/7/detail',
    });
    expect(resolveRoute(at('/setting/my-profile'), signedOut)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=/setting/my-profile',
    });
    expect(resolveRoute(at('/dashboard/'), signedIn)).toEqual({ kind: 'workspace', page: 'dashboard' });
    expect(resolveRoute(at('/payroll/periods'), signedIn)).toEqual({ kind: 'workspace', page: 'module' });
  });

  it('shows sign-in to a visitor and moves a signed-in user on to the redirect or the dashboard', () => {
    expect(resolveRoute(at('/login'), signedOut)).toEqual({ kind: 'public', page: 'sign-in' });
    expect(resolveRoute(at('/login', '?redirect=/payroll/periods%3Fyear%3D2026'), signedIn)).toEqual({
      kind: 'redirect',
      to: '/payroll/periods?year=2026',
    });
    expect(resolveRoute(at('/login'), signedIn)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(resolveRoute(at('/login', '?redirect=https://evil.example'), signedIn)).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });
});

describe('resolveRoute: the authority guard', () => {
  it('opens a menu page to a holder of one of its view authorities, with its ids and actions', () => {
    for (const path of ['/om/employee', '/om/employee/42/detail', '/om/contract/create'])
      expect(resolveRoute(at(path, '?q=x'), signedIn)).toEqual({ kind: 'workspace', page: 'module' });
  });

  it('sends a user without the authority to the dashboard with the no-permission notice', () => {
    expect(resolveRoute(at('/om/reward'), signedIn)).toEqual({
      kind: 'redirect',
      to: '/dashboard',
      notice: 'forbidden',
    });
    expect(resolveRoute(at('/system/tenant/6c1d1a9e-4b7a-4f43-9d52-0d2b6f7c9a11/update'), signedIn)).toEqual({
      kind: 'redirect',
      to: '/dashboard',
      notice: 'forbidden',
    });
  });

  it('redirects silently from an entry flagged silentRedirect', () => {
    const menu: MenuNode[] = [
      {
        kind: 'entry',
        key: 'quiet',
        path: '/om/quiet',
        authorities: ['reward.view'],
        levels: ['TENANT'],
        silentRedirect: true,
      },
    ];
    expect(resolveRoute(at('/om/quiet'), { ...signedIn, menu })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });

  it('lets a root user through every authority guard, at its own level', () => {
    const root: MenuViewer = { authorities: [], isRoot: true, level: 'SYSTEM' };
    expect(resolveRoute(at('/system/tenant'), as(root))).toEqual({ kind: 'workspace', page: 'module' });
    // a tenant's records need a tenant: root without one goes back rather than to an empty page
    expect(resolveRoute(at('/om/reward'), as(root))).toEqual({ kind: 'back', fallback: '/dashboard' });
    expect(resolveRoute(at('/om/reward'), as({ ...root, level: 'TENANT' }))).toEqual({
      kind: 'workspace',
      page: 'module',
    });
  });
});

describe('resolveRoute: the page guard by user level', () => {
  it('goes back when the entry is not for the user’s level, even holding the authority', () => {
    const systemUser: MenuViewer = {
      authorities: ['worker.view', 'user.view'],
      isRoot: false,
      level: 'SYSTEM',
    };
    expect(resolveRoute(at('/om/employee'), as(systemUser))).toEqual({
      kind: 'back',
      fallback: '/dashboard',
    });
    expect(resolveRoute(at('/setting/user'), as(systemUser, ['/setting']))).toEqual({
      kind: 'workspace',
      page: 'module',
    });
  });
});

describe('resolveRoute: installed apps', () => {
  const timekeeper: MenuViewer = { authorities: ['timesheet.view'], isRoot: false, level: 'TENANT' };

  it('answers a menu page that no installed app serves with not-found, signed in or not', () => {
    expect(resolveRoute(at('/tm/timesheets/7/detail'), as(timekeeper))).toEqual({
      kind: 'workspace',
      page: 'not-found',
    });
    expect(resolveRoute(at('/tm/timesheets'), signedOut)).toEqual({ kind: 'public', page: 'not-found' });
  });

  it('serves only the declared routes of an app, not their whole module segment', () => {
    const admin = ['/setting/job-titles', '/system/language'];
    const root: MenuViewer = { authorities: [], isRoot: true, level: 'TENANT' };
    expect(resolveRoute(at('/setting/job-titles/create'), as(root, admin))).toEqual({
      kind: 'workspace',
      page: 'module',
    });
    expect(resolveRoute(at('/setting/religion'), as(root, admin))).toEqual({
      kind: 'workspace',
      page: 'not-found',
    });
    expect(resolveRoute(at('/system/tenant'), as(root, admin))).toEqual({
      kind: 'workspace',
      page: 'not-found',
    });
  });

  it('says the module could not be loaded on the routes of an installed app that failed', () => {
    const context = { ...as(timekeeper, ['/tm']), failedRoutes: ['/tm'] };
    expect(resolveRoute(at('/tm/timesheets/7/detail'), context)).toEqual({
      kind: 'workspace',
      page: 'module-missing',
      entryKey: 'timesheets',
    });
    expect(resolveRoute(at('/tm/timesheets'), as(timekeeper, ['/tm']))).toEqual({
      kind: 'workspace',
      page: 'module',
    });
  });

  it('checks the authority before telling about a failed module', () => {
    expect(
      resolveRoute(at('/tm/timesheets'), { ...as(hrAdmin, ['/tm']), failedRoutes: ['/tm'] }),
    ).toMatchObject({
      kind: 'redirect',
      notice: 'forbidden',
    });
  });
});

describe('resolveRoute: shell pages', () => {
  it('answers unknown paths with the not-found page in the layout that fits the visitor', () => {
    expect(resolveRoute(at('/nowhere'), signedIn)).toEqual({ kind: 'workspace', page: 'not-found' });
    expect(resolveRoute(at('/nowhere'), signedOut)).toEqual({ kind: 'public', page: 'not-found' });
    expect(resolveRoute(at('/payrollx'), signedIn)).toEqual({ kind: 'workspace', page: 'not-found' });
    expect(resolveRoute(at('/dashboard/extra'), signedIn)).toEqual({ kind: 'workspace', page: 'not-found' });
  });

  it('shows the error pages in the workspace when signed in and in the public frame otherwise', () => {
    expect(resolveRoute(at('/404'), signedIn)).toEqual({ kind: 'workspace', page: 'not-found' });
    expect(resolveRoute(at('/403'), signedIn)).toEqual({ kind: 'workspace', page: 'forbidden' });
    expect(resolveRoute(at('/500'), signedIn)).toEqual({ kind: 'workspace', page: 'server-error' });
    expect(resolveRoute(at('/404'), signedOut)).toEqual({ kind: 'public', page: 'not-found' });
    expect(resolveRoute(at('/403'), signedOut)).toEqual({ kind: 'public', page: 'forbidden' });
    expect(resolveRoute(at('/500'), signedOut)).toEqual({ kind: 'public', page: 'server-error' });
  });

  it('shows the privacy policy to anyone, in the public frame', () => {
    expect(resolveRoute(at('/privacy-policy'), signedIn)).toEqual({ kind: 'public', page: 'privacy-policy' });
    expect(resolveRoute(at('/privacy-policy'), signedOut)).toEqual({
      kind: 'public',
      page: 'privacy-policy',
    });
  });

  it('shows the set-password page of a one-time link to anyone, saying nothing of the session', () => {
    for (const context of [signedOut, signedIn]) {
      expect(resolveRoute(at('/set-password', '?token=abc'), context)).toEqual({
        kind: 'public',
        page: 'set-password',
      });
      expect(resolveRoute(at('/set-password/'), context)).toEqual({ kind: 'public', page: 'set-password' });
    }
  });

  it('shows the user’s own profile inside the workspace, before any module under /setting', () => {
    expect(resolveRoute(at('/setting/my-profile'), as(hrAdmin, ['/setting']))).toEqual({
      kind: 'workspace',
      page: 'my-profile',
    });
  });

  it('shows the user’s own notifications, list and one, to any signed-in user whatever is installed', () => {
    const id = '0b6c6f4e-1d2a-4c55-9a1e-5f1c2d3e4f50';
    const nobody: MenuViewer = { authorities: [], isRoot: false, level: 'TENANT' };
    for (const context of [as(nobody, []), as(hrAdmin, ['/notification'])]) {
      expect(resolveRoute(at('/notification/notification-me', '?filter=unread'), context)).toEqual({
        kind: 'workspace',
        page: 'my-notifications',
      });
      expect(resolveRoute(at('/notification/notification-me/'), context)).toEqual({
        kind: 'workspace',
        page: 'my-notifications',
      });
      expect(resolveRoute(at(`/notification/notification-me/${id}/detail`), context)).toEqual({
        kind: 'workspace',
        page: 'my-notification',
        notificationId: id,
      });
      for (const other of [
        `/notification/notification-me/${id}`,
        `/notification/notification-me/${id}/update`,
      ])
        expect(resolveRoute(at(other), context)).toEqual({ kind: 'workspace', page: 'not-found' });
    }
    expect(resolveRoute(at('/notification/notification-me-else'), as(nobody, []))).toEqual({
      kind: 'workspace',
      page: 'not-found',
    });
  });

  it('sends a signed-out visitor of their notifications to sign in, and back after', () => {
    const path = '/notification/notification-me/0b6c6f4e-1d2a-4c55-9a1e-5f1c2d3e4f50/detail';
    expect(resolveRoute(at(path), signedOut)).toEqual({ kind: 'redirect', to: `/login?redirect=${path}` });
    expect(resolveRoute(at('/notification/notification-me', '?filter=read'), signedOut)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=/notification/notification-me%3Ffilter%3Dread',
    });
  });
});

describe('errorPathForStatus', () => {
  it.each([
    [404, '/404'],
    [403, '/403'],
    [401, '/403'],
    [500, '/500'],
    [503, '/500'],
  ])('%s -> %s', (status, path) => expect(errorPathForStatus(status)).toBe(path));
});

describe('safeRedirectTarget', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/payroll?x=1', '/payroll?x=1'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    ['javascript:alert(1)', null],
    ['/login?redirect=/login', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (input, expected) => {
    expect(safeRedirectTarget(input)).toBe(expected);
  });

  it('round-trips through signInPathFor', () => {
    const target = '/payroll/periods?year=2026&tab=a b';
    const search = new URL(signInPathFor(target), 'http://x.invalid').searchParams;
    expect(safeRedirectTarget(search.get('redirect'))).toBe(target);
  });
});

describe('resolveRoute: a password set by someone else', () => {
  const mustChange: RouteContext = { ...signedIn, passwordChangeRequired: true };

  it('shows the change page and nothing else of the workspace, keeping where the user was going', () => {
    expect(resolveRoute(at('/change-password'), mustChange)).toEqual({
      kind: 'public',
      page: 'change-password',
    });
    expect(resolveRoute(at('/payroll/periods', '?year=2026'), mustChange)).toEqual({
      kind: 'redirect',
      to: '/change-password?redirect=/payroll/periods%3Fyear%3D2026',
    });
    for (const path of ['/', '/dashboard', '/setting/my-profile', '/404', '/no/such/page'])
      expect(resolveRoute(at(path), mustChange)).toMatchObject({
        kind: 'redirect',
        to: expect.stringMatching(/^\/change-password/),
      });
    expect(resolveRoute(at('/dashboard'), mustChange)).toEqual({ kind: 'redirect', to: '/change-password' });
  });

  it('takes the sign-in redirect along, and leaves the public pages readable', () => {
    expect(resolveRoute(at('/login', '?redirect=/om/employee'), mustChange)).toEqual({
      kind: 'redirect',
      to: '/change-password?redirect=/om/employee',
    });
    expect(resolveRoute(at('/login', '?redirect=https://evil.example'), mustChange)).toEqual({
      kind: 'redirect',
      to: '/change-password',
    });
    expect(resolveRoute(at('/privacy-policy'), mustChange)).toEqual({
      kind: 'public',
      page: 'privacy-policy',
    });
  });

  it('once changed, the change page moves on to the redirect or the dashboard; signed out, to sign-in', () => {
    expect(resolveRoute(at('/change-password', '?redirect=/payroll/periods'), signedIn)).toEqual({
      kind: 'redirect',
      to: '/payroll/periods',
    });
    expect(resolveRoute(at('/change-password'), signedIn)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(resolveRoute(at('/change-password'), signedOut)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=/change-password',
    });
  });
});
