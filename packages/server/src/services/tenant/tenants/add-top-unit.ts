import { Patterns } from '@hcm/contracts';
import { UNIT_NAME_MAX } from '@hcm/contracts/organization';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { TenantRow } from '../../../db/schema.ts';
import { organizationUnits } from '../../om/tables/organization-units.ts';

const CODE = new RegExp(Patterns.code);

/**
 * The top of a new tenant's organisation chart: the company itself, named and coded as the
 * tenant (its code when it is a valid unit code, else CONG_TY), so that the chart never starts
 * empty and the first departments have a parent to hang under. The administrator renames it
 * or adds branches as the company is.
 */
export async function addTopUnit(tx: Db, tenant: TenantRow): Promise<void> {
  await tx.execute(sql`select set_config('app.tenant_id', ${tenant.id}, true)`);
  await tx.insert(organizationUnits).values({
    tenantId: tenant.id,
    code: CODE.test(tenant.code) ? tenant.code : 'CONG_TY',
    name: tenant.name.slice(0, UNIT_NAME_MAX),
    typeCode: 'CONG_TY',
  });
}
