import { useMemo } from 'react';
import { formatDate } from '@hcm/ui';
import { useTimekeepingTranslation } from '../timekeeping-i18n.ts';

/*
 * The page's words, Vietnamese and English, beside the page (the settings' own labels are the
 * contract's: @hcm/contracts/timekeeping-config). `{name}` is filled in.
 */
const TEXTS = {
  title: ['Cấu hình chung', 'General configuration'],
  intro: [
    'Ký hiệu ghi trên bảng công, cách tính giờ làm thêm và các lần chấm trùng. Mỗi cấu hình áp dụng từ một tháng đến khi có cấu hình mới; tháng đã duyệt bảng công giữ nguyên ký hiệu đã duyệt.',
    'The symbols the timesheet writes, how overtime is counted and repeated punches. Each version applies from a month until the next one; an approved month keeps the symbols it was approved with.',
  ],
  viewMonth: ['Xem cấu hình của tháng', 'Settings of the month'],
  inForceSeeded: [
    'Tháng {month} tính theo cấu hình mặc định (mẫu 01a-LĐTL).',
    'The month {month} is computed with the default settings (form 01a-LĐTL).',
  ],
  inForceVersion: [
    'Tháng {month} tính theo cấu hình áp dụng từ tháng {from} ({who}, {at}: {reason}).',
    'The month {month} is computed with the settings from {from} ({who}, {at}: {reason}).',
  ],
  editing: ['Cấu hình áp dụng', 'Settings to apply'],
  effectiveMonth: ['Áp dụng từ tháng', 'Apply from month'],
  editingStored: [
    'Đang sửa cấu hình đã lưu từ tháng {month} (lần sửa thứ {version}).',
    'Changing the settings stored from {month} (version {version}).',
  ],
  editingNew: [
    'Tạo cấu hình mới từ tháng {month}, bắt đầu từ cấu hình đang áp dụng tháng đó.',
    'New settings from {month}, starting from those in force that month.',
  ],
  overtimeHintREGISTERED: [
    'Chỉ giờ có mặt trong phiếu đăng ký làm thêm đã duyệt mới tính là làm thêm.',
    'Only presence inside an approved overtime registration counts as overtime.',
  ],
  overtimeHintPUNCHED: [
    'Giờ ở lại sau ca, và mọi giờ làm ngày nghỉ, ngày lễ, đều tính là làm thêm.',
    'Time after the shift, and all time on a rest day or holiday, counts as overtime.',
  ],
  symbols: ['Ký hiệu chấm công', 'Timesheet symbols'],
  symbolsIntro: [
    'Để trống để ô bảng công để trắng. Tối đa 8 ký tự, không chứa "/" (dùng để ghép "+/P"). Một ký hiệu chỉ dùng chung cho các loại tính công giống nhau.',
    'Leave blank for a blank cell. At most 8 characters, no "/" (it joins "+/P"). Keys may share a symbol only when they count alike.',
  ],
  meaning: ['Loại ngày', 'Day'],
  kind: ['Tính công', 'Counts as'],
  seeded: ['Mặc định', 'Default'],
  symbol: ['Ký hiệu', 'Symbol'],
  symbolOf: ['Ký hiệu: {meaning}', 'Symbol: {meaning}'],
  blank: ['(trống)', '(blank)'],
  reason: ['Lý do thay đổi', 'Why'],
  reasonRequired: ['Nhập lý do thay đổi', 'Say why the settings change'],
  save: ['Lưu cấu hình', 'Save'],
  useSeeded: ['Dùng ký hiệu mặc định', 'Use the default symbols'],
  remove: ['Xoá cấu hình từ tháng {month}', 'Remove the settings from {month}'],
  removeTitle: ['Xoá cấu hình từ tháng {month}?', 'Remove the settings from {month}?'],
  removeWhat: [
    'Các tháng này sẽ tính lại theo cấu hình trước đó. Lý do ghi vào nhật ký: {reason}',
    'These months are computed again with the settings before. The reason logged: {reason}',
  ],
  saved: [
    'Đã lưu. Bảng công từ tháng {from} đang được tính lại theo cấu hình mới.',
    'Saved. The timesheet from {from} is being computed again with the new settings.',
  ],
  savedUntil: [
    'Đã lưu. Bảng công từ tháng {from} đến trước tháng {until} đang được tính lại.',
    'Saved. The timesheet from {from} until {until} is being computed again.',
  ],
  removed: [
    'Đã xoá. Bảng công từ tháng {from} đang được tính lại theo cấu hình trước đó.',
    'Removed. The timesheet from {from} is being computed again with the settings before.',
  ],
  locked: [
    'Bảng công tháng {month} đã duyệt và khoá: mở lại bảng công đó, hoặc áp dụng từ tháng sau.',
    'The timesheet of {month} is approved and locked: reopen it, or apply from a later month.',
  ],
  conflict: [
    'Cấu hình này vừa được người khác sửa. Tải lại trang để xem bản mới.',
    'Someone else just changed these settings. Reload to see them.',
  ],
  invalid: [
    'Cấu hình chưa hợp lệ: xem các ô được đánh dấu.',
    'The settings are not valid: see the marked fields.',
  ],
  tooLong: ['Tối đa {max} ký tự', 'At most {max} characters'],
  atMost: ['Tối đa {max}', 'At most {max}'],
  wholeNumber: ['Nhập số nguyên từ 0', 'A whole number from 0'],
  forbidden: ['Không chứa "/", khoảng trắng, hay bắt đầu bằng "="', 'No "/", space, or "=" first'],
  clash: [
    '"{symbol}" đã dùng cho: {others}, tính công khác',
    '"{symbol}" is also: {others}, which counts differently',
  ],
  loadFailed: ['Không tải được cấu hình. Thử lại sau.', 'The settings could not be loaded. Try again later.'],
  history: ['Lịch sử cấu hình', 'Versions'],
  historyEmpty: ['Chưa có cấu hình riêng: đang dùng mặc định.', 'No settings stored: the defaults apply.'],
  fromMonth: ['Từ tháng', 'From'],
  overtimeMode: ['Làm thêm', 'Overtime'],
  changedSymbols: ['Ký hiệu khác mặc định', 'Symbols other than the default'],
  changedBy: ['Người sửa', 'Changed by'],
  changedAt: ['Lúc', 'At'],
  none: ['—', '—'],
  readOnly: ['Bạn chỉ có quyền xem cấu hình.', 'You may only view the settings.'],
} as const satisfies Record<string, readonly [string, string]>;

export type ConfigTextKey = keyof typeof TEXTS;

/** The page's text of `key` in the user's language, `{name}` filled from `values`. */
export function useConfigTexts() {
  const { i18n } = useTimekeepingTranslation();
  const english = i18n.language === 'en';
  return useMemo(
    () => ({
      english,
      text: (key: ConfigTextKey, values: Record<string, string | number> = {}) =>
        TEXTS[key][english ? 1 : 0].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? '')),
    }),
    [english],
  );
}

/** 'YYYY-MM' as HR writes a month, MM/yyyy (the kit's format). */
export const shownMonth = (month: string) => formatDate(`${month}-01`, 'monthYear');
