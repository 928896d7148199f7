/** The shell's own pages. Module micro-apps own everything under their route prefixes. */
export const ShellPaths = {
  root: '/',
  signIn: '/login',
  dashboard: '/dashboard',
} as const;

/** The query parameter of /login that says where to go after signing in. */
export const REDIRECT_PARAM = 'redirect';

/** The element module micro-apps mount into, and the event that says it is there (@hcm/contracts). */
export { MODULE_OUTLET_ID, MODULE_OUTLET_READY_EVENT } from '@hcm/contracts';
