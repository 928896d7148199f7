import { registerApplication, start } from 'single-spa';
import { isActive, loadApplication, moduleRoutePrefixes, portalApplications } from './applications.ts';

for (const app of portalApplications) {
  registerApplication({
    name: app.name,
    app: loadApplication(app.name),
    activeWhen: (location) => isActive(app, location),
    // The shell frames every module's routes with the workspace layout and the sign-in guard.
    customProps: { moduleRoutePrefixes: moduleRoutePrefixes() },
  });
}

start({ urlRerouteOnly: true });
