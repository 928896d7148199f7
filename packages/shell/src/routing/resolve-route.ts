import { MENU, servesPath, type MenuNode } from '@hcm/contracts';
import {
  holdsEntryAuthority,
  levelAllowsEntry,
  matchMenuPath,
  type MenuViewer,
} from '../navigation/menu-service.ts';
import { REDIRECT_PARAM, ShellPaths } from './shell-paths.ts';

export interface ShellLocation {
  pathname: string;
  search: string;
}

/** Pages shown in either layout, depending on whether the visitor is signed in. */
type EitherLayoutPage = 'not-found' | 'forbidden' | 'server-error';

export type RouteDecision =
  /** `notice: 'forbidden'`: tell the user, with a toast, why they did not get the page */
  | { kind: 'redirect'; to: string; notice?: 'forbidden' }
  /** leave the page the way the user came (or for `fallback` when there is no way back) */
  | { kind: 'back'; fallback: string }
  | {
      kind: 'public';
      page: 'sign-in' | 'privacy-policy' | 'set-password' | 'change-password' | EitherLayoutPage;
    }
  | {
      kind: 'workspace';
      page: 'dashboard' | 'module' | 'my-profile' | 'my-notifications' | EitherLayoutPage;
    }
  /** one of the user's notifications, by the id in its path (the page checks the id) */
  | { kind: 'workspace'; page: 'my-notification'; notificationId: string }
  /** a menu page whose installed micro-app could not be loaded (network, a broken release) */
  | { kind: 'workspace'; page: 'module-missing'; entryKey: string };

export interface RouteContext {
  /**
   * The signed-in user, or null. A session without its private key (secretKey) counts as
   * signed out: protected areas need it (core §6).
   */
  viewer: MenuViewer | null;
  /**
   * The routes the installed module micro-apps serve (MICRO_APPS of @hcm/contracts that the
   * import map lists, e.g. /setting/job-titles): workspace pages the shell frames, each with
   * the pages below it. A path under none of them is not found, menu entry or not.
   */
  moduleRoutePrefixes: readonly string[];
  /** the routes of installed apps single-spa failed to load: "the module could not be loaded" */
  failedRoutes?: readonly string[];
  /** the menu whose entries guard their paths (the product's by default) */
  menu?: readonly MenuNode[];
  /**
   * The signed-in user's password was set by someone else (Profile.passwordChangeRequired): the
   * server refuses everything but the own password change, so every page leads there.
   */
  passwordChangeRequired?: boolean;
}

/** '/dashboard/' and '/dashboard' are one page. */
function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * Where to go after sign-in: only a path of this site (not '//evil.example', not a URL), and
 * never the sign-in page itself.
 */
export function safeRedirectTarget(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  const path = normalizePath(new URL(value, 'http://same.invalid').pathname);
  return isUnder(path, ShellPaths.signIn) ? null : value;
}

/** /login?redirect=/dashboard: the slashes stay readable, the rest is encoded. */
export function signInPathFor(target: string): string {
  return `${ShellPaths.signIn}?${REDIRECT_PARAM}=${encodeURIComponent(target).replaceAll('%2F', '/')}`;
}

/** /change-password?redirect=…: where to go once the password is the user's own. */
export function changePasswordPathFor(target: string | null): string {
  return target && target !== ShellPaths.dashboard
    ? `${ShellPaths.changePassword}?${REDIRECT_PARAM}=${encodeURIComponent(target).replaceAll('%2F', '/')}`
    : ShellPaths.changePassword;
}

/**
 * The first-password guard: a signed-in user who must replace a password someone else set sees
 * the change page and nothing else of the workspace (public pages stay readable); once the
 * password is theirs, the change page leads on to where they were going. Undefined: not this
 * guard's business.
 */
function firstPasswordDecision(path: string, location: ShellLocation, context: RouteContext) {
  const redirectParam = () => safeRedirectTarget(new URLSearchParams(location.search).get(REDIRECT_PARAM));
  if (!context.viewer) return undefined;
  if (!context.passwordChangeRequired)
    return path === ShellPaths.changePassword
      ? ({ kind: 'redirect', to: redirectParam() ?? ShellPaths.dashboard } as const)
      : undefined;
  if (path === ShellPaths.changePassword) return { kind: 'public', page: 'change-password' } as const;
  if (path === ShellPaths.privacyPolicy || path === ShellPaths.setPassword) return undefined;
  const target =
    path === ShellPaths.signIn
      ? redirectParam()
      : path === ShellPaths.root
        ? null
        : `${location.pathname}${location.search}`;
  return { kind: 'redirect', to: changePasswordPathFor(target) } as const;
}

/** The error page for a failed navigation's HTTP status (NAVIGATION_ERROR_EVENT). */
export function errorPathForStatus(status: number): string {
  if (status === 404) return ShellPaths.notFound;
  if (status === 401 || status === 403) return ShellPaths.forbidden;
  return ShellPaths.serverError;
}

/**
 * The shell's "my notifications" pages, by the path below /notification/notification-me: the
 * list ('') and one notification ('/{id}/detail'); anything else there is not found.
 */
function myNotificationsPage(rest: string): RouteDecision {
  if (rest === '') return { kind: 'workspace', page: 'my-notifications' };
  const [, id, action, ...more] = rest.split('/');
  if (id && action === 'detail' && more.length === 0) {
    try {
      return { kind: 'workspace', page: 'my-notification', notificationId: decodeURIComponent(id) };
    } catch {
      // a malformed escape: no notification has such an id
    }
  }
  return { kind: 'workspace', page: 'not-found' };
}

const EITHER_LAYOUT_PAGES: Readonly<Record<string, EitherLayoutPage>> = {
  [ShellPaths.notFound]: 'not-found',
  [ShellPaths.forbidden]: 'forbidden',
  [ShellPaths.serverError]: 'server-error',
};

/**
 * Decides what the shell shows for a location: a page in one of its layouts, a redirect, or a
 * step back. First the first-password guard (a password set by someone else leads every page
 * to the change page); a path no installed app serves is not found; then the guards, in order:
 * signed in (with the private key), the menu entry's authorities (toast and dashboard), the
 * entry's user levels (back), the app loaded.
 */
export function resolveRoute(location: ShellLocation, context: RouteContext): RouteDecision {
  const { viewer } = context;
  const path = normalizePath(location.pathname);
  const firstPassword = firstPasswordDecision(path, location, context);
  if (firstPassword) return firstPassword;
  if (path === ShellPaths.root) return { kind: 'redirect', to: ShellPaths.dashboard };

  if (path === ShellPaths.signIn) {
    if (!viewer) return { kind: 'public', page: 'sign-in' };
    const target = safeRedirectTarget(new URLSearchParams(location.search).get(REDIRECT_PARAM));
    return { kind: 'redirect', to: target ?? ShellPaths.dashboard };
  }
  if (path === ShellPaths.privacyPolicy) return { kind: 'public', page: 'privacy-policy' };
  // Public whoever is signed in: the link may be for another account than this browser's session.
  if (path === ShellPaths.setPassword) return { kind: 'public', page: 'set-password' };
  const eitherLayout = EITHER_LAYOUT_PAGES[path];
  if (eitherLayout) return { kind: viewer ? 'workspace' : 'public', page: eitherLayout };

  const toSignIn = { kind: 'redirect', to: signInPathFor(`${location.pathname}${location.search}`) } as const;
  if (path === ShellPaths.changePassword) return toSignIn;
  if (path === ShellPaths.myProfile) return viewer ? { kind: 'workspace', page: 'my-profile' } : toSignIn;
  if (isUnder(path, ShellPaths.myNotifications)) {
    if (!viewer) return toSignIn;
    return myNotificationsPage(path.slice(ShellPaths.myNotifications.length));
  }

  const match = matchMenuPath(path, context.menu ?? MENU);
  const isDashboard = match?.entry.path === ShellPaths.dashboard;
  // Only an installed app's route is a page: an entry whose app is not installed is not in the
  // menu either, so a typed or old link to it is simply not found.
  if (!isDashboard && !servesPath(context.moduleRoutePrefixes, path))
    return viewer ? { kind: 'workspace', page: 'not-found' } : { kind: 'public', page: 'not-found' };
  if (!viewer) return toSignIn;
  if (!match) return { kind: 'workspace', page: 'module' };

  const { entry } = match;
  if (!holdsEntryAuthority(entry, viewer)) {
    return entry.silentRedirect
      ? { kind: 'redirect', to: ShellPaths.dashboard }
      : { kind: 'redirect', to: ShellPaths.dashboard, notice: 'forbidden' };
  }
  if (!levelAllowsEntry(entry, viewer)) return { kind: 'back', fallback: ShellPaths.dashboard };
  if (isDashboard)
    return { kind: 'workspace', page: path === ShellPaths.dashboard ? 'dashboard' : 'not-found' };
  if (servesPath(context.failedRoutes ?? [], path))
    return { kind: 'workspace', page: 'module-missing', entryKey: entry.key };
  return { kind: 'workspace', page: 'module' };
}
