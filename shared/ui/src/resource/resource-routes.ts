import type { AnyResourceContract } from '@hcm/contracts/resource';
import type { PermissionCode } from '@hcm/contracts';

/** The pages of a resource (the shell's breadcrumb ignores id segments and detail|update|create). */
export type ResourcePageKind = 'list' | 'create' | 'detail' | 'update';

export interface ResourcePageMatch {
  page: ResourcePageKind;
  id?: string;
}

/** The URL of each page of a resource: list `{route}`, `{route}/create`, `{route}/{id}/detail|update`. */
export const resourceRoutes = (contract: Pick<AnyResourceContract, 'route'>) => ({
  list: contract.route,
  create: `${contract.route}/create`,
  detail: (id: string) => `${contract.route}/${encodeURIComponent(id)}/detail`,
  update: (id: string) => `${contract.route}/${encodeURIComponent(id)}/update`,
});

/** Which page of the resource a path is, or null when the path is not one of its pages. */
export function matchResourcePage(
  contract: Pick<AnyResourceContract, 'route'>,
  pathname: string,
): ResourcePageMatch | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === contract.route) return { page: 'list' };
  if (!path.startsWith(`${contract.route}/`)) return null;
  const rest = path.slice(contract.route.length + 1).split('/');
  if (rest.length === 1 && rest[0] === 'create') return { page: 'create' };
  if (rest.length === 2 && rest[0] && (rest[1] === 'detail' || rest[1] === 'update'))
    return { page: rest[1], id: decodeURIComponent(rest[0]) };
  return null;
}

interface SingleSpaWindow {
  /** set by single-spa once loaded: its navigateToUrl */
  singleSpaNavigate?: (url: string) => void;
}

/**
 * Goes to a portal URL without reloading: through single-spa's navigateToUrl when the page runs
 * single-spa (it mounts the micro-app that serves the URL), else a history entry and a popstate
 * (a component test, or a page without single-spa).
 */
export function goTo(url: string): void {
  const navigate = (window as SingleSpaWindow).singleSpaNavigate;
  if (navigate) {
    navigate(url);
    return;
  }
  window.history.pushState(window.history.state, '', url);
  window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
}

/** An `<a href>`'s click: a plain click moves inside the portal; new-tab clicks are the browser's. */
export function followLink(url: string, navigate: (url: string) => void = goTo) {
  return (event: {
    button: number;
    metaKey: boolean;
    ctrlKey: boolean;
    shiftKey: boolean;
    altKey: boolean;
    preventDefault(): void;
  }) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(url);
  };
}

/** The authority code of an action on the contract's permission resource (`job_title.update`). */
export const authority = (
  contract: Pick<AnyResourceContract, 'permission'>,
  action: 'view' | 'create' | 'update' | 'delete' | 'export',
) => `${contract.permission}.${action}` as PermissionCode;
