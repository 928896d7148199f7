import { hasAuthority, type UserLevel } from '@hcm/contracts';
import type { AnyResourceContract, ContractLevel } from '@hcm/contracts/resource';
import { useAuthorities } from '../auth/use-authorities.ts';
import { authority } from './resource-routes.ts';

/** The actions that change records: create (and import), update (and status), delete. */
export type ChangeAction = 'create' | 'update' | 'delete';

/**
 * Whether a user of this level may change records of a contract of this level. A contract of
 * level 'both' is one list the system administrator keeps for every tenant: tenant users
 * holding its permission read and export it, only system users change it (the server answers a
 * tenant user's write with 403). Tenant and system contracts: whoever holds the authority.
 */
export const levelMayChange = (level: ContractLevel, userLevel: UserLevel): boolean =>
  level !== 'both' || userLevel === 'SYSTEM';

/**
 * Whether the signed-in user may `action` records of the contract: holds `<permission>.<action>`
 * (root holds all) and its level may change them (levelMayChange). What the kit's Add, Edit,
 * Delete, Activate/Deactivate and Import buttons are shown by.
 */
export function useMayChange(
  contract: Pick<AnyResourceContract, 'permission' | 'level'>,
  action: ChangeAction,
) {
  const authorities = useAuthorities();
  if (!authorities) return false;
  return (
    levelMayChange(contract.level, authorities.userLevel) &&
    hasAuthority(authorities.granted, authority(contract, action), authorities.isRoot)
  );
}

/** Whether the signed-in user's level may change records of the contract (levelMayChange); nobody signed in: no. */
export function useLevelMayChange(contract: Pick<AnyResourceContract, 'level'>): boolean {
  const authorities = useAuthorities();
  return authorities !== null && levelMayChange(contract.level, authorities.userLevel);
}
