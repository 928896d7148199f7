import { useMemo } from 'react';
import { useTimekeepingTranslation } from '../timekeeping-i18n.ts';

/*
 * The timesheet pages' own words, Vietnamese and English, beside the pages (the app's i18n files
 * are edited by every timekeeping page at once; these move there when the pages settle).
 */
const TEXTS = {
  openGrid: ['Xem bảng công tổng hợp', 'Open the general timesheet'],
  reopen: ['Mở lại (bỏ khoá tháng)', 'Reopen (unlock the month)'],
  reopenTitle: ['Mở lại bảng chấm công {code}', 'Reopen the timesheet {code}'],
  reopenWhat: [
    'Tháng {month} sẽ được mở khoá: bảng chấm công về trạng thái Huỷ duyệt để sửa và gửi duyệt lại, các ngày có chấm công bị giữ lại được tính lại.',
    'The month {month} is unlocked: the timesheet becomes Cancelled, to be corrected and sent for approval again, and the days whose punches were held are computed again.',
  ],
  reason: ['Lý do', 'Reason'],
  reasonRequired: ['Nhập lý do mở lại', 'Say why the month is reopened'],
  confirm: ['Mở lại', 'Reopen'],
  cancel: ['Huỷ', 'Cancel'],
  refused: ['Không mở lại được: {message}', 'Not reopened: {message}'],
  heldTitle: ['Ngày công bị giữ lại', 'Days held for review'],
  heldSummary: [
    '{count} ngày có chấm công đến sau khi tháng đã khoá: bảng công giữ nguyên giá trị đã duyệt. Mở lại bảng chấm công để tính lại các ngày này.',
    '{count} days have punches that arrived after the month was locked: the timesheet keeps what was approved. Reopen the timesheet to compute these days again.',
  ],
  heldCode: ['Mã NV', 'Code'],
  heldName: ['Họ và tên', 'Full name'],
  heldDay: ['Ngày', 'Day'],
  heldSymbol: ['Ký hiệu đã duyệt', 'Approved symbol'],
  heldAt: ['Giữ lại lúc', 'Held at'],
  heldMore: [
    '… và {count} ngày khác (xem bảng công tổng hợp).',
    '… and {count} more (see the general timesheet).',
  ],
  heldFailed: ['Không tải được các ngày công bị giữ lại.', 'The held days could not be loaded.'],
} as const satisfies Record<string, readonly [string, string]>;

export type TimesheetTextKey = keyof typeof TEXTS;

/** The pages' text of `key` in the user's language, `{name}` filled from `values`. */
export function useTimesheetTexts() {
  const { i18n } = useTimekeepingTranslation();
  const english = i18n.language === 'en';
  return useMemo(
    () =>
      (key: TimesheetTextKey, values: Record<string, string | number> = {}) =>
        TEXTS[key][english ? 1 : 0].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? '')),
    [english],
  );
}
