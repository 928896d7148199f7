import { matchMenuPath, menuLabelKey } from '../navigation/menu-service.ts';

/** The shell's own pages, by the router's page name: the dictionary key of their title. */
const SHELL_PAGE_TITLES: Readonly<Record<string, string>> = {
  'sign-in': 'signIn.title',
  'privacy-policy': 'pages.privacy.title',
  'set-password': 'pages.setPassword.title',
  'change-password': 'pages.changePassword.title',
  dashboard: 'navigation.menu.dashboard',
  'my-profile': 'navigation.shellPages.myProfile',
  'my-notifications': 'navigation.menu.myNotifications',
  'not-found': 'notFound.title',
  forbidden: 'pages.forbidden.title',
  'server-error': 'pages.serverError.title',
};

/**
 * What names a page in the browser's tab and history, most specific first, as dictionary keys:
 * the shell's own pages by their heading, a module's page by its menu entry (with Create,
 * Update or Detail in front on a record page). Empty when nothing names it: the title is then
 * the product's name alone.
 */
export function pageTitleKeys(page: string, pathname: string): string[] {
  const own = SHELL_PAGE_TITLES[page];
  if (own) return [own];
  // one notification: "Chi tiết · Thông báo của tôi", whatever its id looks like
  if (page === 'my-notification') return ['navigation.actions.detail', 'navigation.menu.myNotifications'];
  const match = matchMenuPath(pathname);
  if (!match) return [];
  const entry = menuLabelKey(match.entry.key);
  return match.action ? [`navigation.actions.${match.action}`, entry] : [entry];
}

/** "Chức danh · HCM": the page's name, then the product's short name. */
export const PAGE_TITLE_SEPARATOR = ' · ';
export const composePageTitle = (parts: readonly string[], product: string): string =>
  [...parts, product].join(PAGE_TITLE_SEPARATOR);
