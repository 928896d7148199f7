import { useSyncExternalStore } from 'react';
import { hasAuthority, type PermissionCode, type UserLevel } from '@hcm/contracts';
import { session$, type SessionState } from '@hcm/session';

/** What the signed-in user may do: their granted codes, whether they are root (passes all), their level. */
export interface Authorities {
  readonly granted: readonly string[];
  readonly isRoot: boolean;
  /** the level they work at (TENANT with a tenant): on a list shared by every tenant (contract level 'both') only SYSTEM writes */
  readonly userLevel: UserLevel;
}

const subscribe = (onChange: () => void) => {
  const subscription = session$.subscribe(onChange);
  return () => subscription.unsubscribe();
};
const currentSession = (): SessionState => session$.value;

/** The signed-in user's authorities, or null when nobody is signed in; follows every session change. */
export function useAuthorities(): Authorities | null {
  const session = useSyncExternalStore(subscribe, currentSession, currentSession);
  if (session.status !== 'signed-in') return null;
  return {
    granted: session.profile.userPrimary.grantedPermissions,
    isRoot: session.profile.userPrimary.isRoot,
    // A user with a tenant works inside it (core §6), as the server and the shell's menu hold.
    userLevel: session.profile.tenantId ? 'TENANT' : session.profile.userPrimary.userLevel,
  };
}

/**
 * Whether the signed-in user holds any of the codes (core §6): root passes, an empty list
 * passes; nobody signed in holds nothing.
 */
export function useHasAuthority(anyOf: PermissionCode | readonly PermissionCode[] | undefined): boolean {
  const authorities = useAuthorities();
  if (!authorities) return false;
  return hasAuthority(authorities.granted, anyOf, authorities.isRoot);
}
