import { REDIRECT_PARAM, ShellPaths } from './shell-paths.ts';

export interface ShellLocation {
  pathname: string;
  search: string;
}

export type RouteDecision =
  | { kind: 'redirect'; to: string }
  | { kind: 'public'; page: 'sign-in' | 'not-found' }
  | { kind: 'workspace'; page: 'dashboard' | 'module' | 'not-found' };

export interface RouteContext {
  signedIn: boolean;
  /** Path prefixes owned by module micro-apps (e.g. /om, /payroll): workspace pages the shell frames. */
  moduleRoutePrefixes: readonly string[];
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

/** Decides what the shell shows for a location: a page in one of its layouts, or a redirect. */
export function resolveRoute(location: ShellLocation, context: RouteContext): RouteDecision {
  const path = normalizePath(location.pathname);
  if (path === ShellPaths.root) return { kind: 'redirect', to: ShellPaths.dashboard };

  if (path === ShellPaths.signIn) {
    if (!context.signedIn) return { kind: 'public', page: 'sign-in' };
    const target = safeRedirectTarget(new URLSearchParams(location.search).get(REDIRECT_PARAM));
    return { kind: 'redirect', to: target ?? ShellPaths.dashboard };
  }

  const page =
    path === ShellPaths.dashboard
      ? 'dashboard'
      : context.moduleRoutePrefixes.some((p) => isUnder(path, p))
        ? 'module'
        : null;
  if (page === null)
    return context.signedIn
      ? { kind: 'workspace', page: 'not-found' }
      : { kind: 'public', page: 'not-found' };
  if (!context.signedIn)
    return { kind: 'redirect', to: signInPathFor(`${location.pathname}${location.search}`) };
  return { kind: 'workspace', page };
}
