import { useMemo } from 'react';
import { useTimekeepingTranslation } from '../timekeeping-i18n.ts';

/*
 * The work update requests' own words, Vietnamese and English, beside the pages (the app's i18n
 * files are edited by every timekeeping page at once; these move there when the pages settle).
 */
const TEXTS = {
  cancelApproved: ['Huỷ sau phê duyệt', 'Cancel after approval'],
  cancelTitle: ['Huỷ đề nghị cập nhật công đã duyệt', 'Cancel an approved work update request'],
  cancelWhat: [
    'Ngày công {date} của nhân viên sẽ được tính lại theo dữ liệu chấm công trên máy, đúng như trước khi đề nghị được duyệt.',
    "The employee's work day {date} is computed again from the device punches, exactly as before the request was approved.",
  ],
  reason: ['Lý do huỷ', 'Why it is canceled'],
  reasonRequired: ['Nhập lý do huỷ', 'Say why the request is canceled'],
  confirm: ['Huỷ đề nghị', 'Cancel the request'],
  close: ['Đóng', 'Close'],
  refused: ['Không huỷ được: {message}', 'Not canceled: {message}'],
} as const satisfies Record<string, readonly [string, string]>;

export type WorkUpdateTextKey = keyof typeof TEXTS;

/** The pages' text of `key` in the user's language, `{name}` filled from `values`. */
export function useWorkUpdateTexts() {
  const { i18n } = useTimekeepingTranslation();
  const english = i18n.language === 'en';
  return useMemo(
    () =>
      (key: WorkUpdateTextKey, values: Record<string, string | number> = {}) =>
        TEXTS[key][english ? 1 : 0].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? '')),
    [english],
  );
}
