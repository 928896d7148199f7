import { moduleApp } from '@hcm/ui/module-app';
import { ORGANIZATION_I18N } from './organization-i18n.ts';
import { OrganizationRouter } from './OrganizationRouter.tsx';

/** The single-spa lifecycles: the kit's outlet, texts and root around the app's router. */
export const organizationApp = moduleApp({ name: ORGANIZATION_I18N, Router: OrganizationRouter });
export const { bootstrap, mount, unmount } = organizationApp;
