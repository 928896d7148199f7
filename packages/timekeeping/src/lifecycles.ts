import { moduleApp } from '@hcm/ui/module-app';
import { TIMEKEEPING_I18N } from './timekeeping-i18n.ts';
import { TimekeepingRouter } from './TimekeepingRouter.tsx';

/** The single-spa lifecycles: the kit's outlet, texts and root around the app's router. */
export const timekeepingApp = moduleApp({ name: TIMEKEEPING_I18N, Router: TimekeepingRouter });
export const { bootstrap, mount, unmount } = timekeepingApp;
