/** Every API path the browser calls, in one place. Services are prefixes: /api/{service}/... */
export const API_PREFIX = '/api';

export const ApiPaths = {
  health: '/api/health',
  metrics: '/api/metrics',
  iam: {
    authenticate: '/api/iam/authenticate',
    refreshToken: '/api/iam/refresh-token',
    logout: '/api/iam/logout',
    meProfile: '/api/iam/me/profile',
    meAuthorities: '/api/iam/me/authorities',
    captcha: '/api/iam/public/captcha',
    resetPassword: '/api/iam/reset-password',
    unlockUsers: '/api/iam/users/unlock-by-usernames',
    changeUserPassword: '/api/iam/users/:id/change-password',
    /** POST { ids }: the users by id (user.view), to show names where records keep user ids */
    usersByIds: '/api/iam/users/find-by-ids',
  },
  notification: {
    /**
     * GET: one of the caller's own notifications with its content (the "my notifications"
     * detail page); 404 for anyone else's or one not sent yet. The inbox's other paths are
     * MY_NOTIFICATIONS_PATHS of @hcm/contracts/notifications.
     */
    myNotification: '/api/notification/me/notifications/:id',
  },
  theme: {
    /** GET, no sign-in: the deployment's theme (PortalTheme) */
    current: '/api/system/public/theme',
  },
  translations: {
    /** GET ?language=vi|en, no sign-in: the active message texts as `[{ code, value }]` */
    publicMessages: '/api/system/public/messages',
  },
} as const;
