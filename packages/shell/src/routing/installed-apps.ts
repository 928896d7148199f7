import { useEffect, useState } from 'react';
import { MICRO_APPS, MODULE_LOAD_FAILED_EVENT, type ModuleLoadFailure } from '@hcm/contracts';

/**
 * The routes the installed module micro-apps serve, as root-config told the shell (its
 * `moduleRoutePrefixes` custom prop). Kept here, set once per render of the router, so that
 * every reader of the menu (the sidebar, the dashboard's links) shows the same installed menu
 * without each being handed the list. `null`: the shell was told nothing, as when a component
 * test renders the sidebar alone; the menu is then the whole declared menu.
 */
let installedRoutes: readonly string[] | null = null;

export function setInstalledRoutes(routes: readonly string[] | null): void {
  installedRoutes = routes;
}

export const installedRoutesNow = (): readonly string[] | null => installedRoutes;

/**
 * The routes of the installed apps single-spa could not load (root-config's
 * MODULE_LOAD_FAILED_EVENT): their pages say "the module could not be loaded" instead of
 * leaving the outlet empty. A failure lasts for the page's life; a reload tries again.
 */
export function useFailedRoutes(apps = MICRO_APPS): readonly string[] {
  const [failed, setFailed] = useState<readonly string[]>([]);
  useEffect(() => {
    const onFailure = (event: Event) => {
      const { name } = (event as CustomEvent<Partial<ModuleLoadFailure>>).detail ?? {};
      const routes = apps.find((app) => app.name === name)?.routes ?? [];
      if (routes.length > 0) setFailed((before) => [...new Set([...before, ...routes])]);
    };
    window.addEventListener(MODULE_LOAD_FAILED_EVENT, onFailure);
    return () => window.removeEventListener(MODULE_LOAD_FAILED_EVENT, onFailure);
  }, [apps]);
  return failed;
}
