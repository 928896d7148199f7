import {
  TROOP_COUNT_KEYS,
  TimekeepingReportLabels as L,
  TroopCountLabels,
  type DailyWorkers,
  type HoursReport,
  type LateEarlyFrequency,
  type TroopReport,
} from '@hcm/contracts/timekeeping-reports';
import type { Label } from '@hcm/contracts/resource';
import ExcelJS from 'exceljs';
import type { Language } from '../../../resources/types.ts';
import type { HoursMeasure } from './hours.ts';

/*
 * Each report's table as a workbook: the page's table, with the contract's words in the caller's
 * language; hours as decimal hours (two places), as the page shows them.
 */

type Cell = string | number;
const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

async function workbookOf(
  title: string,
  header: readonly string[],
  rows: readonly Cell[][],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.columns = header.map((text, index) => ({ header: text, width: index === 0 ? 32 : 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const words = (language: Language) => (label: Label) => label[language];

export function troopWorkbook(report: TroopReport, language: Language) {
  const w = words(language);
  const counts = (row: TroopReport['total']) => TROOP_COUNT_KEYS.map((key) => row[key]);
  return workbookOf(
    `${w(L.troop)} ${report.date}`,
    [w(L.unit), ...TROOP_COUNT_KEYS.map((key) => w(TroopCountLabels[key]))],
    [...report.units.map((unit) => [unit.name, ...counts(unit)]), [w(L.total), ...counts(report.total)]],
  );
}

export function dailyWorkersWorkbook(report: DailyWorkers, language: Language) {
  const w = words(language);
  return workbookOf(
    w(L.dailyWorkers),
    [w(L.date), ...TROOP_COUNT_KEYS.map((key) => w(TroopCountLabels[key]))],
    report.days.map((day) => [day.date, ...TROOP_COUNT_KEYS.map((key) => day[key])]),
  );
}

export function lateEarlyWorkbook(report: LateEarlyFrequency, language: Language) {
  const w = words(language);
  return workbookOf(
    w(L.lateEarly),
    [w(L.times), w(L.lateWorkers), w(L.earlyWorkers)],
    [
      ...report.groups.map((g) => [
        g.times === report.groups.length ? w(L.sixOrMore) : g.times,
        g.late,
        g.early,
      ]),
      [w(L.total), report.lateWorkers, report.earlyWorkers],
    ],
  );
}

export function hoursWorkbook(report: HoursReport, measure: HoursMeasure, language: Language) {
  const w = words(language);
  const [main, overtime] =
    measure === 'working' ? [L.hours, L.overtimeHours] : [L.nightWork, L.nightOvertime];
  const figures = (row: HoursReport['total']) => [
    hours(row.minutes),
    hours(row.overtimeMinutes),
    row.workers,
  ];
  return workbookOf(
    w(measure === 'working' ? L.workingHours : L.nightHours),
    [w(L.period), w(main), w(overtime), w(L.workers)],
    [
      ...report.periods.map((row) => [row.period, ...figures(row)]),
      [w(L.total), ...figures(report.total)],
      [],
      [w(L.unit), w(main), w(overtime), w(L.workers)],
      ...report.units.map((row) => [row.name, ...figures(row)]),
    ],
  );
}
