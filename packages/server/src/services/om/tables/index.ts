// The organisation module's tables: drizzle mirrors of their migrations (the SQL is the truth).
import { bankTables } from './banks.ts';
import { categoryTables, positions } from './categories.ts';
import { contractExpiryNoticeTables } from './contract-expiry-notices.ts';
import { documentRenditionTables } from './document-renditions.ts';
import { fileListTables } from './file-lists.ts';
import { laborContractTables } from './labor-contracts.ts';
import { leaveCategoryTables } from './leave-categories.ts';
import { organizationUnits } from './organization-units.ts';
import { personnelChangeTables } from './personnel-changes.ts';
import { positionUnitTables } from './position-units.ts';
import { scaleGroupTables } from './scale-groups.ts';
import { wageCategoryTables } from './wage-categories.ts';
import { workerTables } from './workers.ts';

/** The module's drizzle mirrors, for the schema check (services/tables.test.ts). */
export const omTables = {
  ...categoryTables,
  positions,
  organizationUnits,
  ...wageCategoryTables,
  ...leaveCategoryTables,
  ...scaleGroupTables,
  ...workerTables,
  ...laborContractTables,
  ...personnelChangeTables,
  ...bankTables,
  ...positionUnitTables,
  ...fileListTables,
  ...contractExpiryNoticeTables,
  ...documentRenditionTables,
};
