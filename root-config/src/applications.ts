import type { LifeCycles } from 'single-spa';
import { MICRO_APPS, installedRoutes, type MicroAppDeclaration } from '@hcm/contracts';

/**
 * The micro-apps of the portal and where they are active. The shell (sign-in, workspace layout)
 * is always active; each module micro-app of MICRO_APPS (@hcm/contracts) that the import map
 * lists is active on its routes and below them, mounted into the shell's #hcm-module-outlet. A
 * module released on its own schedule needs only its declaration and its line of the import map:
 * a map without the line means the app is not installed, and the shell's menu leaves it out.
 */
export interface PortalApplication {
  /** Its import-map name. */
  name: string;
  /** Path prefixes where it is mounted; empty means always. */
  routePrefixes: readonly string[];
}

const SHELL: PortalApplication = { name: '@hcm/shell', routePrefixes: [] };

/** Whether the page's import map names this module (SystemJS throws for a bare name it cannot map). */
export function importMapLists(name: string): boolean {
  try {
    System.resolve(name);
    return true;
  } catch {
    return false;
  }
}

/** The module micro-apps this page can load: the declared ones its import map lists. */
export function installedApps(
  listed: (name: string) => boolean = importMapLists,
  declared: readonly MicroAppDeclaration[] = MICRO_APPS,
): MicroAppDeclaration[] {
  return declared.filter((app) => listed(app.name));
}

/** The shell first, then every installed module app on its routes. */
export function portalApplications(installed: readonly MicroAppDeclaration[]): PortalApplication[] {
  return [SHELL, ...installed.map((app) => ({ name: app.name, routePrefixes: app.routes }))];
}

/** What the shell is told: the routes the installed apps serve (menu, 404) and the apps themselves. */
export function shellProps(installed: readonly MicroAppDeclaration[]) {
  return {
    moduleRoutePrefixes: installedRoutes(new Set(installed.map((app) => app.name)), installed),
    installedApps: installed,
  };
}

export function isActive(app: PortalApplication, location: Pick<Location, 'pathname'>): boolean {
  if (app.routePrefixes.length === 0) return true;
  return app.routePrefixes.some(
    (prefix) => location.pathname === prefix || location.pathname.startsWith(`${prefix}/`),
  );
}

export const loadApplication = (name: string) => () => System.import<LifeCycles>(name);
