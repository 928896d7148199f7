import { moduleApp } from '@hcm/ui/module-app';
import { ADMIN_APP } from './admin-i18n.ts';
import { AdminRouter } from './AdminRouter.tsx';

/** The single-spa lifecycles: the kit's outlet, texts and root around the app's router. */
export const adminApp = moduleApp({ name: ADMIN_APP, Router: AdminRouter });
export const { bootstrap, mount, unmount } = adminApp;
