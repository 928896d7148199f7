import type { Db } from '../../../db/database.ts';
import { tenants, type TenantRow } from '../../../db/schema.ts';
import { seedTenant, type TenantSeeds } from '../seeds/tenant-seeds.ts';
import { addTopUnit } from './add-top-unit.ts';

export interface CreateTenantInput {
  code: string;
  name: string;
  createdBy?: string | null;
  /**
   * The product's reference data for the new tenant (services/tenant/seeds: `productSeeds()`),
   * written in the tenant's own transaction with the top unit of its organisation chart. The product's tenant creation gives it; test
   * factories leave it out, so that their tenants cost one insert.
   */
  seeds?: TenantSeeds;
}

export async function createTenant(db: Db, input: CreateTenantInput): Promise<TenantRow> {
  const createdBy = input.createdBy ?? null;
  const insert = async (handle: Db) => {
    const [row] = await handle
      .insert(tenants)
      .values({ code: input.code, name: input.name, createdBy, lastModifiedBy: createdBy })
      .returning();
    if (!row) throw new Error('tenant insert returned nothing');
    return row;
  };
  const { seeds } = input;
  if (!seeds) return insert(db);
  // The tenant and its seeds together or not at all (a savepoint inside a caller's transaction).
  return db.transaction(async (tx) => {
    const row = await insert(tx);
    await seedTenant(tx, row.id, seeds);
    await addTopUnit(tx, row);
    return row;
  });
}
