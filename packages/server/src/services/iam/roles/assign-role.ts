import type { Db } from '../../../db/database.ts';
import { userRoles } from '../../../db/schema.ts';

/** Gives a tenant user a role of the same tenant (the composite foreign keys refuse any other). */
export async function assignRole(
  db: Db,
  input: { tenantId: string; userId: string; roleId: string; createdBy?: string | null },
): Promise<void> {
  await db
    .insert(userRoles)
    .values({
      tenantId: input.tenantId,
      userId: input.userId,
      roleId: input.roleId,
      createdBy: input.createdBy ?? null,
    })
    .onConflictDoNothing();
}
