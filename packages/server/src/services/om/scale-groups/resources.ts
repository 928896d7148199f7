import type { PermissionResource } from '@hcm/contracts';
import { categoryContracts } from '@hcm/contracts/categories';
import {
  militaryGroupRanks,
  militaryGroups,
  technicalGroupLevels,
  technicalGroups,
} from '../tables/scale-groups.ts';
import { bindResource, type ResourceDefinition } from '../../../resources/index.ts';

/** A contract of modules/scale-groups.ts, by its permission (categories.ts lists, not re-exports, it). */
function contractOf(permission: PermissionResource) {
  const found = categoryContracts.find((contract) => contract.permission === permission);
  if (!found) throw new Error(`@hcm/contracts/categories has no contract of ${permission}`);
  return found;
}
const militaryGroupContract = contractOf('military_group');
const technicalGroupContract = contractOf('technical_group');

/**
 * Military groups: an Admin category whose ranks (a children field) live in
 * military_group_ranks, in the order the form gives them (position 0, 1, …).
 */
export const militaryGroupResource = bindResource(militaryGroupContract, {
  table: militaryGroups,
  children: {
    ranks: {
      table: militaryGroupRanks,
      parent: militaryGroupRanks.groupId,
      order: militaryGroupRanks.position,
    },
  },
});

/** Technical groups: their levels live in technical_group_levels, answered by index 1..20. */
export const technicalGroupResource = bindResource(technicalGroupContract, {
  table: technicalGroups,
  children: {
    levels: {
      table: technicalGroupLevels,
      parent: technicalGroupLevels.groupId,
      order: technicalGroupLevels.index,
    },
  },
});

/** Military and technical groups bound to their tables. */
export const scaleGroupResources: readonly ResourceDefinition[] = [
  militaryGroupResource,
  technicalGroupResource,
];
