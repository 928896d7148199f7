import type { Db } from '../../../db/database.ts';
import { tenants, type TenantRow } from '../../../db/schema.ts';

export interface CreateTenantInput {
  code: string;
  name: string;
  createdBy?: string | null;
}

export async function createTenant(db: Db, input: CreateTenantInput): Promise<TenantRow> {
  const createdBy = input.createdBy ?? null;
  const [row] = await db
    .insert(tenants)
    .values({ code: input.code, name: input.name, createdBy, lastModifiedBy: createdBy })
    .returning();
  if (!row) throw new Error('tenant insert returned nothing');
  return row;
}
