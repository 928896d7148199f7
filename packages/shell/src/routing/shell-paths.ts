/** The shell's own pages. Module micro-apps own everything else under their route prefixes. */
export const ShellPaths = {
  root: '/',
  signIn: '/login',
  dashboard: '/dashboard',
  forbidden: '/403',
  notFound: '/404',
  serverError: '/500',
  privacyPolicy: '/privacy-policy',
  myProfile: '/setting/my-profile',
  /** the signed-in user's own notifications (menu entry myNotifications); one at …/{id}/detail */
  myNotifications: '/notification/notification-me',
  /** the one-time link a system administrator hands to a new account: /set-password?token=… */
  setPassword: '/set-password',
  /** a password set by someone else is replaced here before anything else (?redirect=…) */
  changePassword: '/change-password',
} as const;

/** The query parameter of /login that says where to go after signing in. */
export const REDIRECT_PARAM = 'redirect';

/** The element module micro-apps mount into, and the event that says it is there (@hcm/contracts). */
export { MODULE_OUTLET_ID, MODULE_OUTLET_READY_EVENT } from '@hcm/contracts';

/** The page of one of the user's notifications: /notification/notification-me/{id}/detail. */
export const myNotificationPath = (id: string): string =>
  `${ShellPaths.myNotifications}/${encodeURIComponent(id)}/detail`;
