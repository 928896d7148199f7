/**
 * @hcm/admin: the administration and system micro-app. root-config mounts it on the routes
 * MICRO_APPS (@hcm/contracts) declares for it, inside the shell's #hcm-module-outlet.
 */
export { bootstrap, mount, unmount } from './lifecycles.tsx';
