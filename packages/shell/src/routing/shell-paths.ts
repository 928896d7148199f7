/** The shell's own pages. Module micro-apps own everything under their route prefixes. */
export const ShellPaths = {
  root: '/',
  signIn: '/login',
  dashboard: '/dashboard',
} as const;

/** The query parameter of /login that says where to go after signing in. */
export const REDIRECT_PARAM = 'redirect';

/** The element module micro-apps mount into (their single-spa domElementGetter). */
export const MODULE_OUTLET_ID = 'hcm-module-outlet';

/** Fired on window each time the workspace layout attaches a fresh module outlet. */
export const MODULE_OUTLET_READY_EVENT = 'hcm:module-outlet-ready';
