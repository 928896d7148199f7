import type { ApplicationModule } from '@hcm/contracts';
import type { Db } from '../../../db/database.ts';
import { servicePackPrivileges, servicePacks, type ServicePackRow } from '../../../db/schema.ts';

export interface CreateServicePackInput {
  code: string;
  name: string;
  /** VND, as a decimal string or a whole number */
  price?: string | number;
  /** months a subscription to it lasts */
  duration: number;
  description?: string | null;
  /** the application modules it unlocks (servicePackPrivileges) */
  modules: readonly ApplicationModule[];
  createdBy?: string | null;
}

/** A service pack and its privileges. System scope only (or the owner, when seeding). */
export async function createServicePack(db: Db, input: CreateServicePackInput): Promise<ServicePackRow> {
  const createdBy = input.createdBy ?? null;
  const [pack] = await db
    .insert(servicePacks)
    .values({
      code: input.code,
      name: input.name,
      price: Number(input.price ?? 0),
      duration: input.duration,
      description: input.description ?? null,
      createdBy,
      lastModifiedBy: createdBy,
    })
    .returning();
  if (!pack) throw new Error('service pack insert returned nothing');
  const modules = [...new Set(input.modules)];
  if (modules.length > 0)
    await db
      .insert(servicePackPrivileges)
      .values(modules.map((module) => ({ servicePackId: pack.id, module })));
  return pack;
}
