/** Every API path the browser calls, in one place. Services are prefixes: /api/{service}/... */
export const API_PREFIX = '/api';

export const ApiPaths = {
  health: '/api/health',
  iam: {
    authenticate: '/api/iam/authenticate',
    refreshToken: '/api/iam/refresh-token',
    logout: '/api/iam/logout',
    meProfile: '/api/iam/me/profile',
    meAuthorities: '/api/iam/me/authorities',
  },
} as const;
