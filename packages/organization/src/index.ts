/**
 * @hcm/organization: the organisation micro-app (the chart of the organisation units and their
 * list). root-config mounts it on the routes MICRO_APPS (@hcm/contracts) declares for it
 * (ORGANIZATION_APP), inside the shell's #hcm-module-outlet.
 */
export { bootstrap, mount, unmount } from './lifecycles.tsx';
