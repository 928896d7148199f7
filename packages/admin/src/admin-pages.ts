import type { ComponentType } from 'react';

/** A page module of the app: one lazy chunk, loaded the first time its route is opened. */
export type PageModule = { default: ComponentType };

/**
 * The routes this app draws and the chunk behind each. The keys are exactly ADMIN_APP.routes of
 * @hcm/contracts (admin-pages.test.ts holds them to it): the menu shows an entry only because
 * this app says it serves it. To add a page, add its route there and its chunk here.
 */
export const ADMIN_PAGES: Readonly<Record<string, () => Promise<PageModule>>> = {
  '/setting/job-titles': () => import('./pages/JobTitlePages.tsx'),
  '/setting/ethnicity': () => import('./pages/EthnicityPages.tsx'),
  '/setting/religion': () => import('./pages/ReligionPages.tsx'),
  '/system/service-pack': () => import('./pages/ServicePackPages.tsx'),
  '/system/language': () => import('./pages/LanguagePages.tsx'),
  '/system/action-log': () => import('./action-log/ActionLogPages.tsx'),
};

/** The route a path belongs to: the route itself or any page below it. */
export function routeOf(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '');
  return Object.keys(ADMIN_PAGES).find((route) => path === route || path.startsWith(`${route}/`)) ?? null;
}
