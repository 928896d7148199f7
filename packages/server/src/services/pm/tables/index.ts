// The payroll scale module's tables: drizzle mirrors of their migrations (the SQL is the truth).
import { fileListTables } from './file-lists.ts';
import { lookupTableTables } from './lookup-tables.ts';
import { payPeriodTables } from './pay-periods.ts';
import { payrollTemplateTables } from './payroll-templates.ts';
import { positionCoefficientTables } from './position-coefficients.ts';
import { salaryComponentTables } from './salary-components.ts';
import { salaryPeriodTables } from './salary-periods.ts';

/** The module's drizzle mirrors, for the schema check (services/tables.test.ts). */
export const pmTables = {
  ...positionCoefficientTables,
  ...fileListTables,
  ...salaryPeriodTables,
  ...salaryComponentTables,
  ...payrollTemplateTables,
  ...lookupTableTables,
  ...payPeriodTables,
};
