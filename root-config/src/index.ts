import { registerApplication, start } from 'single-spa';
import { isActive, loadApplication, portalApplications } from './applications.ts';

for (const app of portalApplications) {
  registerApplication({
    name: app.name,
    app: loadApplication(app.name),
    activeWhen: (location) => isActive(app, location),
  });
}

start({ urlRerouteOnly: true });
