import type { PermissionResource } from '@hcm/contracts';
import { categoryContracts } from '@hcm/contracts/categories';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  coefficients,
  payrollCoefficients,
  technicalLevels,
  timeSalaryCoefficients,
} from '../tables/system-catalogues.ts';
import { bindResource, type ResourceDefinition } from '../../../resources/index.ts';

/** A contract of modules/system-catalogues.ts bound to its table (categories.ts lists, not re-exports, it). */
function bind(permission: PermissionResource, table: PgTable) {
  const contract = categoryContracts.find((candidate) => candidate.permission === permission);
  if (!contract) throw new Error(`@hcm/contracts/categories has no contract of ${permission}`);
  return bindResource(contract, { table });
}

/**
 * System › Categories (catalogues §2.2): /api/system/coefficients, /payroll-coefficients,
 * /time-salary-coefficients and /technical-levels. Contract level 'both', so the resource scope
 * 'shared': one global list each, written by system users holding the permission, read by tenant
 * users holding `<permission>.view` (their writes answer 403). No rule beyond the fields: the
 * value (3 decimals, at least 0) and the level (1 to 20) are the contracts' limits.
 */
export const coefficientResource = bind('coefficient', coefficients);
export const payrollCoefficientResource = bind('payroll_coefficient', payrollCoefficients);
export const timeSalaryCoefficientResource = bind('time_salary_coefficient', timeSalaryCoefficients);
export const technicalLevelResource = bind('technical_level', technicalLevels);

/** The System categories shared by every tenant. */
export const systemCatalogueResources: readonly ResourceDefinition[] = [
  coefficientResource,
  payrollCoefficientResource,
  timeSalaryCoefficientResource,
  technicalLevelResource,
];
