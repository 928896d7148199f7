import type { ProfileResponse as Profile } from './schemas.ts';
import type { UserWithTenant } from '../users/find-user.ts';

/** The Profile contract from a user row and its tenant: only what the browser may see. */
export function presentProfile({ user, tenant }: UserWithTenant, grantedPermissions: string[]): Profile {
  return {
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    email: user.email,
    tenantId: user.tenantId,
    tenantName: tenant?.name ?? null,
    language: user.language,
    userPrimary: { isRoot: user.isRoot, grantedPermissions, userLevel: user.userLevel },
    passwordChangeRequired: user.passwordChangeRequired,
  };
}
