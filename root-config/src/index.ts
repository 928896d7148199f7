import { registerApplication, start } from 'single-spa';
import { isActive, loadApplication, moduleRoutePrefixes, portalApplications } from './applications.ts';
import { isProductionBuild } from './build-mode.ts';
import { registerServiceWorkerWhenStable } from './service-worker.ts';
import { silenceConsole } from './silence-console.ts';

// Before any micro-app loads, so that none of them logs to users' consoles (core §9).
if (isProductionBuild()) silenceConsole(console);

for (const app of portalApplications) {
  registerApplication({
    name: app.name,
    app: loadApplication(app.name),
    activeWhen: (location) => isActive(app, location),
    // The shell frames every module's routes with the workspace layout and the sign-in guard.
    customProps: { moduleRoutePrefixes: moduleRoutePrefixes() },
  });
}

// Only the production build has a /sw.js; a development page must always load fresh files.
if (isProductionBuild())
  registerServiceWorkerWhenStable({
    events: window,
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle),
  });

start({ urlRerouteOnly: true });
