import {
  MENU,
  hasAuthority,
  menuEntries,
  menuOfInstalledApps,
  type MenuEntry,
  type MenuEntryPlace,
  type MenuNode,
  type Profile,
  type UserLevel,
} from '@hcm/contracts';
import { installedRoutesNow } from '../routing/installed-apps.ts';
import { ShellPaths } from '../routing/shell-paths.ts';

/** Who is looking at the menu: what they hold and at which level they work. */
export interface MenuViewer {
  readonly authorities: readonly string[];
  readonly isRoot: boolean;
  readonly level: UserLevel;
}

/** A user with a tenant works inside it, whatever else the profile says (core §6). */
export function viewerOf(profile: Profile): MenuViewer {
  return {
    authorities: profile.userPrimary.grantedPermissions,
    isRoot: profile.userPrimary.isRoot,
    level: profile.tenantId ? 'TENANT' : profile.userPrimary.userLevel,
  };
}

/** Holds one of the entry's view authorities (a root user holds all; the dashboard needs none). */
export const holdsEntryAuthority = (entry: MenuEntry, viewer: MenuViewer) =>
  hasAuthority(viewer.authorities, entry.authorities, viewer.isRoot);

/**
 * Works at a level the entry allows. Root too: it holds every authority, but a root user without
 * a tenant cannot open a tenant's records (the server answers "sign in as a tenant user"), so
 * offering those pages would lead nowhere.
 */
export const levelAllowsEntry = (entry: MenuEntry, viewer: MenuViewer) => entry.levels.includes(viewer.level);

/** The shell's own pages that are menu entries: there whatever is installed. */
const SHELL_MENU_PATHS = [ShellPaths.dashboard, ShellPaths.myNotifications];

let installedMenuCache: { routes: readonly string[]; menu: MenuNode[] } | null = null;

/**
 * The menu of what this portal has installed: the entries an installed micro-app serves and
 * the shell's own, so that no entry leads to a page nobody draws. The whole menu when the shell
 * was told nothing (routing/installed-apps.ts).
 */
export function installedMenu(routes: readonly string[] | null = installedRoutesNow()): readonly MenuNode[] {
  if (routes === null) return MENU;
  if (installedMenuCache?.routes !== routes)
    installedMenuCache = { routes, menu: menuOfInstalledApps(MENU, routes, SHELL_MENU_PATHS) };
  return installedMenuCache.menu;
}

/**
 * The menu as this viewer sees it: the installed entries they may open (authority and level),
 * and the groups that still hold one. Showing an entry whose page would send them away helps nobody.
 */
export function visibleMenu(viewer: MenuViewer, nodes: readonly MenuNode[] = installedMenu()): MenuNode[] {
  return nodes.flatMap((node): MenuNode[] => {
    if (node.kind === 'entry')
      return holdsEntryAuthority(node, viewer) && levelAllowsEntry(node, viewer) ? [node] : [];
    const children = visibleMenu(viewer, node.children);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

export const PageActions = ['detail', 'update', 'create'] as const;
export type PageAction = (typeof PageActions)[number];

/** The menu entry a page belongs to, and which of its record pages it is. */
export interface MenuMatch extends MenuEntryPlace {
  readonly action: PageAction | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^\d+$/;
const isIdSegment = (segment: string) => UUID.test(segment) || NUMBER.test(segment);
const isPageAction = (segment: string | undefined): segment is PageAction =>
  (PageActions as readonly (string | undefined)[]).includes(segment);

const indexes = new WeakMap<readonly MenuNode[], Map<string, MenuEntryPlace>>();
function indexOf(nodes: readonly MenuNode[]): Map<string, MenuEntryPlace> {
  let index = indexes.get(nodes);
  if (!index) {
    index = new Map(menuEntries(nodes).map((place) => [place.entry.path, place]));
    indexes.set(nodes, index);
  }
  return index;
}

/**
 * The entry a path belongs to. The query string and record ids (uuid or number) do not count,
 * nor the trailing detail/update/create: /om/employee/8f0c…/update belongs to /om/employee.
 * Deeper pages of an entry (/pm/payroll-rules/allowance/create) belong to the longest entry
 * path they start with.
 */
export function matchMenuPath(pathname: string, nodes: readonly MenuNode[] = MENU): MenuMatch | null {
  const [path = ''] = pathname.split('?');
  const segments = path.split('/').filter((s) => s !== '' && !isIdSegment(s));
  const last = segments.at(-1);
  const action = isPageAction(last) ? last : null;
  if (action) segments.pop();
  const index = indexOf(nodes);
  for (let length = segments.length; length > 0; length -= 1) {
    const place = index.get(`/${segments.slice(0, length).join('/')}`);
    if (place) return { ...place, action };
  }
  return null;
}

/** One step of the breadcrumb: a shell dictionary key, and a path when the step can be opened. */
export interface BreadcrumbItem {
  readonly labelKey: string;
  readonly path?: string;
}

export const HOME_PATH = '/dashboard';
export const menuLabelKey = (key: string) => `navigation.menu.${key}`;

/** Pages of the shell that are not in the menu but still deserve a trail. */
const SHELL_PAGE_LABELS: Readonly<Record<string, string>> = {
  '/setting/my-profile': 'navigation.shellPages.myProfile',
};

/** Home › group › subgroup › entry › Detail/Update/Create; only Home for a page of no entry. */
export function breadcrumbFor(pathname: string, nodes: readonly MenuNode[] = MENU): BreadcrumbItem[] {
  const home: BreadcrumbItem = { labelKey: 'navigation.home', path: HOME_PATH };
  const shellPage = SHELL_PAGE_LABELS[pathname.replace(/\/+$/, '')];
  if (shellPage) return [home, { labelKey: shellPage }];
  const match = matchMenuPath(pathname, nodes);
  if (!match || match.entry.path === HOME_PATH) return [home];
  return [
    home,
    ...match.groups.map((group) => ({ labelKey: menuLabelKey(group.key) })),
    { labelKey: menuLabelKey(match.entry.key), path: match.entry.path },
    ...(match.action ? [{ labelKey: `navigation.actions.${match.action}` }] : []),
  ];
}
