import { label } from '@hcm/contracts/resource';
import type { TableInfo } from '@hcm/formula';

/*
 * The lookup tables the payroll module derives from records the tenant keeps elsewhere, so they
 * are never stored twice (docs/payroll-variables.md): their rows are read for the run's date by
 * load-tables.ts. A stored table may not take one of these codes.
 */

/** LOOKUP(LTT_VUNG, VUNG): the region minimum wage in force (Admin › Region wage). */
export const LTT_VUNG: TableInfo = {
  code: 'LTT_VUNG',
  kind: 'keyed',
  keyType: 'TEXT',
  columns: [
    {
      code: 'LUONG_TOI_THIEU',
      type: 'MONEY',
      label: label('payrollTable.lttVung.luongToiThieu', 'Lương tối thiểu vùng', 'Region minimum wage'),
    },
  ],
  label: label('payrollTable.lttVung', 'Lương tối thiểu vùng', 'Region minimum wages'),
};

/**
 * LOOKUP(HE_SO_BAC, MA_NGACH & "/" & BAC_LUONG): a grade's coefficient on a step in the payroll
 * scale in force (Salary › Payroll scale). The scale gives each grade a coefficient per step, so
 * the key is the grade's code and the step joined by "/" (a character no code holds): "A1/3".
 */
export const HE_SO_BAC: TableInfo = {
  code: 'HE_SO_BAC',
  kind: 'keyed',
  keyType: 'TEXT',
  columns: [
    {
      code: 'HE_SO',
      type: 'NUMBER',
      label: label('payrollTable.heSoBac.heSo', 'Hệ số', 'Coefficient'),
    },
  ],
  label: label('payrollTable.heSoBac', 'Hệ số lương theo ngạch, bậc', 'Coefficients by grade and step'),
};

export const DERIVED_TABLES: readonly TableInfo[] = [LTT_VUNG, HE_SO_BAC];

/** The derived table codes, which a stored table may not take. */
export const DERIVED_TABLE_CODES: ReadonlySet<string> = new Set(DERIVED_TABLES.map((table) => table.code));

/** The key of HE_SO_BAC for a grade code and a step. */
export const gradeStepKey = (gradeCode: string, step: number | string): string => `${gradeCode}/${step}`;
