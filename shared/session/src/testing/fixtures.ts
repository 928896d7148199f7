import type { Profile, TokenSet } from '@hcm/contracts';

export const sampleTokens = (suffix = '1'): TokenSet => ({
  accessToken: `access-${suffix}`,
  refreshToken: `refresh-${suffix}`,
  idToken: `id-${suffix}`,
  secretKey: `secret-${suffix}`,
});

export const sampleProfile: Profile = {
  id: 'u-1',
  username: 'hradmin',
  fullName: 'Quản trị Nhân sự',
  email: null,
  tenantId: 't-1',
  tenantName: 'Công ty A',
  language: 'vi',
  userPrimary: {
    isRoot: false,
    grantedPermissions: ['employee.view'],
    userLevel: 'TENANT',
  },
};
