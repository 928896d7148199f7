import type { Profile, TokenSet } from '@hcm/contracts';

export const sampleTokens = (suffix = '1'): TokenSet => ({
  accessToken: `access-${suffix}`,
  refreshToken: `refresh-${suffix}`,
  idToken: `id-${suffix}`,
  secretKey: `secret-${suffix}`,
});

// @hcm/contracts currently types Profile.language and userPrimary.userLevel as `never` (a
// Type.Union over a mapped array loses its literals); the casts keep this fixture compiling
// before and after that is fixed.
export const sampleProfile: Profile = {
  id: 'u-1',
  username: 'hradmin',
  fullName: 'Quản trị Nhân sự',
  email: null,
  tenantId: 't-1',
  tenantName: 'Công ty A',
  language: 'vi' as Profile['language'],
  userPrimary: {
    isRoot: false,
    grantedPermissions: ['employee.view'],
    userLevel: 'TENANT' as Profile['userPrimary']['userLevel'],
  },
};
