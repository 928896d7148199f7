import { index, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';

/* The typed mirror of migration 0028. */

/** The organisation units a position leads, directly or jointly: one row per unit, in order. */
const positionUnitTable = (name: 'position_direct_units' | 'position_joint_units') =>
  pgTable(
    name,
    {
      tenantId: uuid('tenant_id').notNull(),
      positionId: uuid('position_id').notNull(),
      organizationUnitId: uuid('organization_unit_id').notNull(),
      ordinal: smallint('ordinal').notNull(),
    },
    (t) => [
      primaryKey({ name: `${name}_pkey`, columns: [t.tenantId, t.positionId, t.organizationUnitId] }),
      index(`${name}_unit_idx`).on(t.tenantId, t.organizationUnitId),
    ],
  );

export const positionDirectUnits = positionUnitTable('position_direct_units');
export const positionJointUnits = positionUnitTable('position_joint_units');

export const positionUnitTables = { positionDirectUnits, positionJointUnits };
