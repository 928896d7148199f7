import { useMemo } from 'react';
import type { Label } from '@hcm/contracts/resource';
import { useTimekeepingTranslation } from '../timekeeping-i18n.ts';

/*
 * The reports' own words (Vietnamese, English), beside the pages as the general timesheet keeps
 * its own (the app's i18n files are edited by every timekeeping page at once); the words the
 * server's workbooks share are the contract's (TimekeepingReportLabels). `{name}` is filled in.
 */
const TEXTS = {
  reports: ['Các báo cáo chấm công', 'Timekeeping reports'],
  wholeScope: ['Tất cả đơn vị được xem', 'Every unit you may see'],
  show: ['Xem', 'Show'],
  export: ['Xuất Excel', 'Export to Excel'],
  loading: ['Đang tải…', 'Loading…'],
  failed: [
    'Không tải được báo cáo. Kiểm tra điều kiện lọc rồi thử lại.',
    'The report could not be loaded. Check the filters and try again.',
  ],
  nobody: ['Không có nhân viên nào trong phạm vi này.', 'Nobody in this scope.'],
  nothing: ['Không có số liệu trong kỳ này.', 'No figures in this period.'],
  byDay: ['Theo ngày', 'By day'],
  byMonth: ['Theo tháng', 'By month'],
  monthOrRange: ['Chọn tháng hoặc khoảng ngày (tối đa 366 ngày)', 'A month or a range of days (366 at most)'],
  todayNote: [
    'Hôm nay: người chưa chấm giờ ra chưa bị tính là thiếu giờ ra.',
    'Today: a checkout still to come is not counted as missing.',
  ],
  namesOf: ['{figure} – {unit}, ngày {date}', '{figure} – {unit}, {date}'],
  namesLatest: ['{figure}: {kind} {times} lần', '{figure}: {kind} {times} times'],
  showNames: ['Xem danh sách {figure} – {unit}: {count} người', 'List {figure} – {unit}: {count} people'],
  close: ['Đóng', 'Close'],
  previous: ['Trang trước', 'Previous page'],
  next: ['Trang sau', 'Next page'],
  pageOf: ['Trang {page}/{pages} ({total} người)', 'Page {page} of {pages} ({total} people)'],
  chart: ['Biểu đồ {title}', 'Chart: {title}'],
  late: ['Đi muộn', 'Late'],
  early: ['Về sớm', 'Early'],
  workersLate: ['Những người đi muộn, về sớm', 'Workers late or early'],
  hoursUnit: ['giờ', 'h'],
  byUnit: ['Theo đơn vị', 'By unit'],
  minutesShort: ['{value} phút', '{value} min'],
} as const satisfies Record<string, readonly [string, string]>;

export type ReportTextKey = keyof typeof TEXTS;

/** The reports' text of `key` in the user's language, and a contract label's. */
export function useReportTexts() {
  const { i18n } = useTimekeepingTranslation();
  const english = i18n.language === 'en';
  return useMemo(
    () => ({
      english,
      text: (key: ReportTextKey, values: Record<string, string | number> = {}) =>
        TEXTS[key][english ? 1 : 0].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? '')),
      label: (label: Label) => (english ? label.en : label.vi),
    }),
    [english],
  );
}

/** Minutes as hours with up to two decimals, in the page's language ("7,5" / "7.5"). */
export const hoursText = (minutes: number, english: boolean) =>
  (Math.round((minutes / 60) * 100) / 100).toLocaleString(english ? 'en-US' : 'vi-VN');
