import {
  LeavePayerLabels,
  LeaveStatisticsGroupingLabels as G,
  LeaveStatisticsLabels as L,
  type LeaveStatistics,
} from '@hcm/contracts/leave-statistics';
import ExcelJS from 'exceljs';
import type { Language } from '../../../resources/types.ts';

/*
 * The leave statistics as a workbook: a sheet per grouping asked (the page's table: the row, the
 * days, who pays them, each leave type's days, the workers on leave, the total), the words in the
 * caller's language. Days are numbers with three decimals, as the API's strings say them.
 */

function addSheet(workbook: ExcelJS.Workbook, report: LeaveStatistics, language: Language) {
  const w = (label: { vi: string; en: string }) => label[language];
  const headerOf = { month: L.month, unit: L.unit, type: L.type } as const;
  const sheet = workbook.addWorksheet(w(G[report.groupBy]).slice(0, 31));
  const header = [
    w(headerOf[report.groupBy]),
    w(L.days),
    w(LeavePayerLabels.EMPLOYER),
    w(LeavePayerLabels.SOCIAL_INSURANCE),
    w(LeavePayerLabels.UNPAID),
    ...report.types.map((t) => t.name),
    w(L.workers),
  ];
  sheet.columns = header.map((text, index) => ({ header: text, width: index === 0 ? 32 : 16 }));
  sheet.getRow(1).font = { bold: true };
  const line = (name: string, row: LeaveStatistics['total']) => {
    const days = new Map(row.byType.map((t) => [t.leaveTypeId, Number(t.days)]));
    return [
      name,
      Number(row.days),
      Number(row.employerDays),
      Number(row.socialInsuranceDays),
      Number(row.unpaidDays),
      ...report.types.map((t) => days.get(t.leaveTypeId) ?? 0),
      row.workers,
    ];
  };
  for (const row of report.rows) sheet.addRow(line(row.name || row.code, row));
  const total = sheet.addRow(line(w(L.total), report.total));
  total.font = { bold: true };
  for (let column = 2; column <= header.length - 1; column++) sheet.getColumn(column).numFmt = '0.000';
}

/** One sheet per report, in the order given (the grouping asked first). */
export async function leaveStatisticsWorkbook(
  reports: readonly LeaveStatistics[],
  language: Language,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const report of reports) addSheet(workbook, report, language);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
