import { addErrorHandler, registerApplication, start } from 'single-spa';
import { MODULE_LOAD_FAILED_EVENT, type ModuleLoadFailure } from '@hcm/contracts';
import { installedApps, isActive, loadApplication, portalApplications, shellProps } from './applications.ts';
import { isProductionBuild } from './build-mode.ts';
import { registerServiceWorkerWhenStable } from './service-worker.ts';
import { silenceConsole } from './silence-console.ts';

// Before any micro-app loads, so that none of them logs to users' consoles (core §9).
if (isProductionBuild()) silenceConsole(console);

const installed = installedApps();
// The shell frames the installed apps' routes with the workspace layout and the sign-in guard,
// and its menu shows only what they serve.
const forShell = shellProps(installed);
for (const app of portalApplications(installed)) {
  registerApplication({
    name: app.name,
    app: loadApplication(app.name),
    activeWhen: (location) => isActive(app, location),
    customProps: app.name === '@hcm/shell' ? forShell : {},
  });
}

// A module that cannot be fetched or started: the shell says so on its routes, not an empty page.
addErrorHandler((error) => {
  const name = error.appOrParcelName;
  if (!installed.some((app) => app.name === name)) return;
  console.error(error);
  const detail: ModuleLoadFailure = { name };
  window.dispatchEvent(new CustomEvent(MODULE_LOAD_FAILED_EVENT, { detail }));
});

// Only the production build has a /sw.js; a development page must always load fresh files.
if (isProductionBuild())
  registerServiceWorkerWhenStable({
    events: window,
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle),
  });

start({ urlRerouteOnly: true });
