import { ADMIN_APP } from '@hcm/contracts';
import type { ComponentType } from 'react';

/** A page module of the app: one lazy chunk, loaded the first time its route is opened. */
export type PageModule = { default: ComponentType };

/** The pages drawn by a chunk of their own; every other route of the app is an Admin category. */
const OWN_PAGES: Readonly<Record<string, () => Promise<PageModule>>> = {
  '/system/tenant': () => import('./tenants/TenantPages.tsx'),
  '/system/service-pack': () => import('./pages/ServicePackPages.tsx'),
  '/system/language': () => import('./pages/LanguagePages.tsx'),
  '/system/action-log': () => import('./action-log/ActionLogPages.tsx'),
  '/system/outbound-log': () => import('./outbound-log/OutboundLogPages.tsx'),
  '/system/file-management': () => import('./files/FileManagerPage.tsx'),
  '/setting/user': () => import('./users/UserPages.tsx'),
  '/setting/role': () => import('./roles/RolePages.tsx'),
  '/system/permission': () => import('./roles/PermissionPage.tsx'),
  '/system/client': () => import('./clients/ClientsPage.tsx'),
  '/system/configuration': () => import('./configuration/ConfigurationPage.tsx'),
  '/pm/payroll-scale': () => import('./payroll-scale/PositionCoefficientPages.tsx'),
  '/notification/form': () => import('./notifications/NotificationEventPages.tsx'),
  '/tm/holiday': () => import('./holidays/HolidayPages.tsx'),
};
const categoryPages = () => import('./pages/CategoryPages.tsx');

/**
 * The routes this app draws and the chunk behind each: exactly ADMIN_APP.routes of
 * @hcm/contracts, which the menu reads, so the menu shows an entry only because this app draws
 * it. A route without a page of its own is an Admin category, drawn from its contract by one
 * shared chunk (admin-pages.test.ts holds every such route to a contract of
 * @hcm/contracts/categories). The contracts stay out of this entry chunk.
 */
export const ADMIN_PAGES: Readonly<Record<string, () => Promise<PageModule>>> = Object.fromEntries(
  ADMIN_APP.routes.map((route) => [route, OWN_PAGES[route] ?? categoryPages]),
);

/** The route a path belongs to: the route itself or any page below it. */
export function routeOf(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '');
  return Object.keys(ADMIN_PAGES).find((route) => path === route || path.startsWith(`${route}/`)) ?? null;
}
