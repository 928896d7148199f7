import type { LifeCycles } from 'single-spa';

/**
 * The micro-apps of the portal and where they are active. The shell (sign-in, workspace layout)
 * is always active; module micro-apps are active under their route prefix and mount into the
 * shell's #hcm-module-outlet. A module released on its own schedule needs only its line here
 * and its line of the import map.
 */
export interface PortalApplication {
  /** Its import-map name. */
  name: string;
  /** Path prefixes where it is mounted; empty means always. */
  routePrefixes: string[];
}

export const portalApplications: PortalApplication[] = [{ name: '@hcm/shell', routePrefixes: [] }];

/** Every module micro-app's route prefixes: the shell treats paths under them as workspace pages. */
export const moduleRoutePrefixes = (apps: PortalApplication[] = portalApplications): string[] =>
  apps.flatMap((app) => app.routePrefixes);

export function isActive(app: PortalApplication, location: Pick<Location, 'pathname'>): boolean {
  if (app.routePrefixes.length === 0) return true;
  return app.routePrefixes.some(
    (prefix) => location.pathname === prefix || location.pathname.startsWith(`${prefix}/`),
  );
}

export const loadApplication = (name: string) => () => System.import<LifeCycles>(name);
