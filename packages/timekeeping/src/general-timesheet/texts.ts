import { useMemo } from 'react';
import { useTimekeepingTranslation } from '../timekeeping-i18n.ts';

/*
 * The page's words, Vietnamese and English, kept beside the page (the app's i18n files are shared
 * by every timekeeping page; these move to them when the page settles). `{name}` is filled in.
 */
const TEXTS = {
  title: ['Bảng công tổng hợp', 'General timesheet'],
  unit: ['Đơn vị', 'Unit'],
  month: ['Tháng', 'Month'],
  show: ['Xem', 'Show'],
  loading: ['Đang tải…', 'Loading…'],
  loadFailed: [
    'Không tải được bảng công. Thử lại sau.',
    'The timesheet could not be loaded. Try again later.',
  ],
  empty: ['Đơn vị không có nhân viên nào bạn được xem.', 'The unit has no workers you may see.'],
  gridLabel: ['Bảng công tháng {month}', 'Timesheet of {month}'],
  code: ['Mã NV', 'Code'],
  name: ['Họ và tên', 'Full name'],
  standardDays: ['Công chuẩn', 'Standard days'],
  workDays: ['Công làm', 'Days worked'],
  paidLeave: ['Nghỉ hưởng lương', 'Paid leave'],
  unpaidLeave: ['Nghỉ không lương', 'Unpaid leave'],
  paidDays: ['Tổng công hưởng lương', 'Paid days'],
  otWeekday: ['TC ngày thường (giờ)', 'OT weekday (h)'],
  otWeekdayNight: ['TC đêm ngày thường (giờ)', 'OT weekday night (h)'],
  otRest: ['TC nghỉ tuần (giờ)', 'OT rest day (h)'],
  otRestNight: ['TC đêm nghỉ tuần (giờ)', 'OT rest-day night (h)'],
  otHoliday: ['TC lễ tết (giờ)', 'OT holiday (h)'],
  otHolidayNight: ['TC đêm lễ tết (giờ)', 'OT holiday night (h)'],
  night: ['Giờ làm đêm', 'Night hours'],
  late: ['Đi muộn (lần/phút)', 'Late (times/min)'],
  early: ['Về sớm (lần/phút)', 'Early (times/min)'],
  legend: ['Ký hiệu chấm công', 'Timesheet symbols'],
  howToCorrect: [
    'Gõ ký hiệu mới vào ô (hoặc Enter, F2, nhấp đúp) để sửa công của ngày đó kèm lý do; ô có dấu * đã được sửa tay.',
    'Type a new symbol in a cell (or Enter, F2, a double click) to correct that day with a reason; a cell marked * was corrected by hand.',
  ],
  shown: ['Đang hiển thị {count} nhân viên', '{count} workers shown'],
  more: ['Tải thêm', 'Load more'],
  locked: [
    'Tháng đã khoá cho {count} nhân viên: không sửa được công.',
    'The month is locked for {count} workers: their days cannot be corrected.',
  ],
  held: [
    '{count} ngày (dấu !) có dữ liệu chấm công đến sau khi khoá tháng: đang chờ xem xét, chưa được tính. Mở lại bảng chấm công để tính lại các ngày này.',
    '{count} days (marked !) have punches that arrived after the month was locked: held for review, not counted. Reopen the timesheet to compute them again.',
  ],
  heldDay: [
    'Có chấm công đến sau khi khoá tháng, chưa được tính',
    'Punches held: they arrived after the month was locked',
  ],
  dialogTitle: ['Sửa công {name}, ngày {date}', 'Correct {name}, {date}'],
  computed: ['Máy tính: {value}', 'Computed: {value}'],
  shift: ['Ca: {value}', 'Shift: {value}'],
  inOut: ['Vào/ra: {value}', 'In/out: {value}'],
  worked: ['Giờ làm: {value}', 'Worked: {value}'],
  lateEarly: ['Muộn/sớm: {late} / {early} phút', 'Late/early: {late} / {early} min'],
  overtime: ['Tăng ca: {value}', 'Overtime: {value}'],
  correctedBecause: ['Đã sửa: {reason}', 'Corrected: {reason}'],
  none: ['không có', 'none'],
  symbol: ['Ký hiệu', 'Symbol'],
  paidValue: ['Công hưởng lương (ngày)', 'Paid value (days)'],
  reason: ['Lý do', 'Reason'],
  reasonRequired: ['Nhập lý do sửa công', 'Say why the day is corrected'],
  save: ['Lưu', 'Save'],
  clear: ['Trả lại công máy tính', 'Give the day back to the engine'],
  cancel: ['Huỷ', 'Cancel'],
  details: ['Ngày {date} của {name}: {facts}', '{name}, {date}: {facts}'],
  refused: ['Không lưu được: {message}', 'Not saved: {message}'],
  // the Excel form (01a-LĐTL) and back: ExcelActions.tsx
  exportExcel: ['Xuất Excel', 'Export to Excel'],
  importExcel: ['Nhập từ Excel', 'Import from Excel'],
  importHint: [
    'Tệp Excel theo mẫu vừa xuất: mỗi ô có ký hiệu khác bảng công thành một lần sửa công, lý do "Nhập từ Excel <tên tệp>"',
    'An Excel file in the exported layout: each cell whose symbol differs becomes a correction, with the reason "Imported from Excel <file>"',
  ],
  imported: ['Đã nhập {file}: sửa {count} ô công.', 'Imported {file}: {count} days corrected.'],
  importedNothing: [
    'Đã đọc {file}: không ô nào khác bảng công, không có gì thay đổi.',
    'Read {file}: no day differs from the timesheet, nothing was changed.',
  ],
  importChange: ['{code} ngày {date}: {before} → {after}', '{code} on {date}: {before} → {after}'],
  importRefused: [
    'Không nhập được tệp, không có gì thay đổi:',
    'The file was not imported and nothing was changed:',
  ],
  blank: ['(trống)', '(blank)'],
  problemAt: ['Ô {column}{row}: {problem}', 'Cell {column}{row}: {problem}'],
  problemRow: ['Dòng {row}: {problem}', 'Row {row}: {problem}'],
  'problem.unknownSymbol': [
    '"{value}" không phải ký hiệu chấm công ({symbols})',
    '"{value}" is not a timesheet symbol ({symbols})',
  ],
  'problem.unknownWorker': [
    'không có nhân viên mã {value} trong đơn vị mà bạn được xem',
    'no employee with code {value} in the unit that you may see',
  ],
  'problem.duplicateWorker': [
    'nhân viên {value} đã có ở dòng {earlier}',
    'employee {value} is already on row {earlier}',
  ],
  'problem.noCode': ['có ký hiệu nhưng không có mã nhân viên', 'symbols without an employee code'],
  'problem.formula': [
    'công thức không có giá trị: hãy ghi chính ký hiệu',
    'a formula with no value: write the symbol itself',
  ],
  'problem.noHeader': [
    'không thấy dòng tiêu đề có "Mã NV" và các ngày 1, 2, 3…: hãy dùng tệp vừa xuất làm mẫu',
    'no header row with "Employee code" and the days 1, 2, 3…: use an exported file as the template',
  ],
  'problem.noMonth': ['tệp không ghi tháng ("Tháng MM năm YYYY")', 'the file does not say its month'],
  'problem.wrongMonth': [
    'tệp là bảng chấm công tháng {file}, không phải tháng {expected}',
    'the file is the timesheet of {file}, not of {expected}',
  ],
  'problem.noUnit': ['tệp không ghi bộ phận ("Bộ phận: … (mã)")', 'the file does not say its unit'],
  'problem.wrongUnit': [
    'tệp là bảng chấm công của bộ phận {file}, không phải {expected}',
    'the file is the timesheet of unit {file}, not of {expected}',
  ],
  'problem.wrongDays': [
    'dòng tiêu đề có {actual} ngày, tháng này có {expected} ngày',
    'the header has {actual} days; the month has {expected}',
  ],
  'problem.tooManyChanges': [
    '{actual} ô khác bảng công; mỗi tệp sửa được tối đa {required} ô',
    '{actual} days differ; one file corrects at most {required}',
  ],
  'problem.locked': [
    'bảng chấm công tháng của {value} đã duyệt và khoá: mở lại trước khi nhập',
    'the month of {value} is approved and locked: reopen it before importing',
  ],
} as const satisfies Record<string, readonly [string, string]>;

export type TextKey = keyof typeof TEXTS;

/** The page's text of `key` in the user's language, `{name}` filled from `values`. */
export function useTexts() {
  const { i18n } = useTimekeepingTranslation();
  const english = i18n.language === 'en';
  return useMemo(
    () => ({
      english,
      text: (key: TextKey, values: Record<string, string | number> = {}) =>
        TEXTS[key][english ? 1 : 0].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? '')),
    }),
    [english],
  );
}
