import { tenantContract } from '@hcm/contracts/system';
import type { Tx } from '../../../db/database.ts';
import { tenants } from '../../../db/schema.ts';
import { bindResource } from '../../../resources/index.ts';
import { seedTenant } from '../../tenant/seeds/tenant-seeds.ts';

/**
 * The product's reference data into a new tenant (services/tenant/seeds), in the creating
 * transaction. product-seeds reads the declared resources, which include this one: imported
 * when first needed, not when the module loads, so that the two modules do not import each
 * other at start.
 */
export async function seedNewTenant(tx: Tx, tenantId: string): Promise<void> {
  const { productSeeds } = await import('../../tenant/seeds/product-seeds.ts');
  await seedTenant(tx, tenantId, await productSeeds());
}

/**
 * System › Tenants (catalogues §3): /api/system/tenants, the global tenants table, kept by
 * system users (permission tenant). Created ACTIVE with the product's seed data, like every
 * tenant the product creates; never deleted (users keep a RESTRICT key to it: suspend it
 * instead); its status changes only by POST /{id}/suspend and /resume (routes.ts).
 */
export const tenantResource = bindResource(tenantContract, {
  table: tenants,
  hooks: {
    async afterCreate({ tx }, record) {
      await seedNewTenant(tx, String(record.id));
    },
  },
});
