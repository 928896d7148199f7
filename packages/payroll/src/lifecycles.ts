import { moduleApp } from '@hcm/ui/module-app';
import { PAYROLL_I18N } from './payroll-i18n.ts';
import { PayrollRouter } from './PayrollRouter.tsx';

/** The single-spa lifecycles: the kit's outlet, texts and root around the app's router. */
export const payrollApp = moduleApp({ name: PAYROLL_I18N, Router: PayrollRouter });
export const { bootstrap, mount, unmount } = payrollApp;
