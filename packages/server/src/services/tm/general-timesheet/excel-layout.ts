import type { GeneralTimesheetTotals } from '@hcm/contracts/general-timesheet';
import type { Language } from '../../../resources/types.ts';

/*
 * The layout of the general timesheet's workbook (form 01a-LĐTL "Bảng chấm công", a column per
 * day), declared once for the export that writes it and the import that reads it back
 * (docs/general-timesheet.md, "Excel").
 */

type Text = Readonly<Record<Language, string>>;
const t = (vi: string, en: string): Text => ({ vi, en });

export const ExcelTexts = {
  title: t('BẢNG CHẤM CÔNG', 'TIMESHEET'),
  form: t('Mẫu số 01a-LĐTL', 'Form 01a-LĐTL'),
  /** "Bộ phận: Xưởng may (XM)": the import reads the code between the last brackets */
  unit: t('Bộ phận', 'Unit'),
  period: (month: string): Text => {
    const [year, number] = month.split('-');
    return t(`Tháng ${number} năm ${year}`, `Month ${number} of ${year}`);
  },
  number: t('STT', 'No.'),
  code: t('Mã NV', 'Employee code'),
  name: t('Họ và tên', 'Full name'),
  jobTitle: t('Chức danh', 'Job title'),
  days: t('Ngày trong tháng', 'Days of the month'),
  totals: t('Tổng hợp', 'Totals'),
  legend: t('Ký hiệu chấm công', 'Timesheet symbols'),
  dated: t('Ngày …… tháng …… năm ……', 'Date: ……………………'),
  signers: [
    t('Người chấm công', 'Timekeeper'),
    t('Phụ trách bộ phận', 'Head of unit'),
    t('Người duyệt', 'Approved by'),
  ],
  sign: t('(Ký, họ tên)', '(Signature, full name)'),
} as const;

/** The weekday under each day number, Sunday first (Date.getUTCDay). */
export const WeekdayLetters: Readonly<Record<Language, readonly string[]>> = {
  vi: ['CN', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7'],
  en: ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'],
};

/** The totals columns after the days: their header and the value from a worker's totals. */
export interface TotalColumn {
  readonly header: Text;
  readonly value: (totals: GeneralTimesheetTotals) => number | null;
  /** Excel's number format */
  readonly format: string;
}
const days = (units: number) => units / 1000;
const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
const DAYS = '0.###';
const HOURS = '0.##';
const COUNT = '0';

export const TotalColumns: readonly TotalColumn[] = [
  {
    header: t('Ngày công chuẩn', 'Standard days'),
    value: (x) => (x.standardDays === null ? null : Number(x.standardDays)),
    format: DAYS,
  },
  { header: t('Ngày công làm việc', 'Days worked'), value: (x) => days(x.workUnits), format: DAYS },
  { header: t('Nghỉ có lương', 'Paid leave (days)'), value: (x) => days(x.paidLeaveUnits), format: DAYS },
  {
    header: t('Nghỉ không lương', 'Unpaid leave (days)'),
    value: (x) => days(x.unpaidLeaveUnits),
    format: DAYS,
  },
  { header: t('Tổng công hưởng lương', 'Paid days'), value: (x) => days(x.paidUnits), format: DAYS },
  {
    header: t('Tăng ca ngày thường (giờ)', 'Overtime, weekday (h)'),
    value: (x) => hours(x.overtime.weekdayDay),
    format: HOURS,
  },
  {
    header: t('Tăng ca đêm ngày thường (giờ)', 'Overtime, weekday night (h)'),
    value: (x) => hours(x.overtime.weekdayNight),
    format: HOURS,
  },
  {
    header: t('Tăng ca ngày nghỉ (giờ)', 'Overtime, rest day (h)'),
    value: (x) => hours(x.overtime.restDay),
    format: HOURS,
  },
  {
    header: t('Tăng ca đêm ngày nghỉ (giờ)', 'Overtime, rest day night (h)'),
    value: (x) => hours(x.overtime.restNight),
    format: HOURS,
  },
  {
    header: t('Tăng ca ngày lễ (giờ)', 'Overtime, holiday (h)'),
    value: (x) => hours(x.overtime.holidayDay),
    format: HOURS,
  },
  {
    header: t('Tăng ca đêm ngày lễ (giờ)', 'Overtime, holiday night (h)'),
    value: (x) => hours(x.overtime.holidayNight),
    format: HOURS,
  },
  { header: t('Làm đêm (giờ)', 'Night work (h)'), value: (x) => hours(x.nightMinutes), format: HOURS },
  { header: t('Số lần đi muộn', 'Times late'), value: (x) => x.lateCount, format: COUNT },
  { header: t('Phút đi muộn', 'Minutes late'), value: (x) => x.lateMinutes, format: COUNT },
  { header: t('Số lần về sớm', 'Times left early'), value: (x) => x.earlyCount, format: COUNT },
  { header: t('Phút về sớm', 'Minutes left early'), value: (x) => x.earlyMinutes, format: COUNT },
];

/** Columns before the days: STT, code, name, job title (1-based, as exceljs counts). */
export const FIXED_COLUMNS = 4;
export const CODE_COLUMN = 2;
/** The first day's column (1-based). */
export const FIRST_DAY_COLUMN = FIXED_COLUMNS + 1;
/** The widest sheet: 31 days and the totals. */
export const MAX_COLUMNS = FIXED_COLUMNS + 31 + TotalColumns.length;
/** Rows above the header: tenant, unit, blank, title, period, blank. */
export const HEADER_ROW = 7;
/** Rows after the workers: a blank, the legend (a few rows), a blank, the signature block. */
export const TRAILING_ROWS_MAX = 40;

/** A day column's text in the import's messages: "column H (day 4)". */
export const dayColumnOf = (day: number) => FIRST_DAY_COLUMN + day - 1;
