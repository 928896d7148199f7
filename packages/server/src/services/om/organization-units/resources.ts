import {
  WORKING_GROUP_TYPE,
  organizationUnitContract,
  workingGroupContract,
} from '@hcm/contracts/organization';
import { organizationUnits } from '../tables/organization-units.ts';
import { bindResource } from '../../../resources/index.ts';
import { refuseUnitBelowItself } from './unit-tree.ts';

/** Organisation units bound to their table: the framework keeps the tree free of loops (treeParent). */
export const organizationUnitResource = bindResource(organizationUnitContract, { table: organizationUnits });

/**
 * Working groups: the same table, narrowed to the units of type TO (each new one made of that
 * type). Their unit is a plain reference to any unit, so the loop check the tree parent gets
 * from the framework is made here.
 */
export const workingGroupResource = bindResource(workingGroupContract, {
  table: organizationUnits,
  references: { parentId: organizationUnits },
  dataScope: { kind: 'fixed', column: 'typeCode', value: WORKING_GROUP_TYPE },
  hooks: {
    async validate({ tx }, changes, before) {
      if (before && typeof changes.parentId === 'string')
        await refuseUnitBelowItself(tx, String(before.id), changes.parentId);
    },
  },
});
