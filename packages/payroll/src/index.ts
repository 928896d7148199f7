/**
 * @hcm/payroll: the Payroll micro-app. root-config mounts it on the routes MICRO_APPS
 * (@hcm/contracts) declares for it (PAYROLL_APP), inside the shell's #hcm-module-outlet.
 */
export { bootstrap, mount, unmount } from './lifecycles.ts';
