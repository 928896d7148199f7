import { payPeriodContract } from '@hcm/contracts/pay-periods';

/** The query parameter of the detailed table naming its sheet. */
export const SHEET_PARAM = 'payPeriod';

/** Salary › Payroll period › Detailed payroll: the menu entry's path. */
export const DETAIL_PAYROLL_ROUTE = '/pm/detail-payroll';

/** The detailed table of a sheet: `/pm/detail-payroll?payPeriod=<id>` (the sheet's page links here). */
export const detailPayrollPath = (id: string) =>
  `${DETAIL_PAYROLL_ROUTE}?${SHEET_PARAM}=${encodeURIComponent(id)}`;

/** The sheet's own page: its record's detail in the pay period list. */
export const sheetDetailPath = (id: string) => `${payPeriodContract.route}/${encodeURIComponent(id)}/detail`;
