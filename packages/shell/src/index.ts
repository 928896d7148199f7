/**
 * @hcm/shell: the always-active micro-app. single-spa lifecycles for the root config, plus the
 * ids and paths other micro-apps rely on (the module outlet they mount into).
 */
export { bootstrap, mount, unmount, SHELL_ELEMENT_ID } from './lifecycles.tsx';
export { MODULE_OUTLET_ID, MODULE_OUTLET_READY_EVENT, ShellPaths } from './routing/shell-paths.ts';
