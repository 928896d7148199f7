import { servicePackContract } from '@hcm/contracts/system';
import { servicePackPrivileges, servicePacks } from '../../../db/schema.ts';
import { bindResource } from '../../../resources/index.ts';

/**
 * Service packs (catalogues §3): /api/system/service-packs, a global table administered by
 * system users only. servicePackPrivileges (an enumSet of the contract): the application modules
 * the pack unlocks, kept in service_pack_privileges, written and returned with the pack.
 */
export const servicePackResource = bindResource(servicePackContract, {
  table: servicePacks,
  enumSets: {
    servicePackPrivileges: {
      table: servicePackPrivileges,
      parent: servicePackPrivileges.servicePackId,
      value: servicePackPrivileges.module,
    },
  },
});
