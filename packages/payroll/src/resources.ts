import type { AnyResourceContract } from '@hcm/contracts/resource';
import type { ModulePageOptions } from '@hcm/ui';
import { salaryComponentContract } from '@hcm/contracts/salary-components';
import { payrollTemplateContract } from '@hcm/contracts/payroll-templates';
import { salaryComponentPages } from './salary-components/salary-component-pages.tsx';
import { payrollTemplatePages } from './payroll-templates/payroll-template-pages.tsx';

/** A record kind the app draws with the kit's generic pages (list, create, detail, update). */
export interface PayrollResource {
  /** its contract: the route, title, fields, columns and permission come from there */
  readonly contract: AnyResourceContract;
  /** what the generic form or pages cannot do well: a field's own input, a section of its own */
  readonly pages?: ModulePageOptions;
}

/**
 * The payroll records drawn by the generic resource pages, one line each. Adding a line (and its
 * contract's route to PAYROLL_APP in @hcm/contracts micro-apps.ts) is all a record kind needs for
 * its list, create, detail and update pages, export and import included (README "Adding a page").
 *
 * Only the app's page chunk imports this file, so the contracts, the formula language and the
 * editors stay out of the app's entry.
 */
export const PAYROLL_RESOURCES: readonly PayrollResource[] = [
  // salary components: the formula editor for `formula` when the source is a formula
  { contract: salaryComponentContract, pages: salaryComponentPages },
  // payroll templates: the components in order (checked as a whole as they are put together), the payslip's lines
  { contract: payrollTemplateContract, pages: payrollTemplatePages },
];
