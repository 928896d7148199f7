import { useMemo } from 'react';
import { useTimekeepingTranslation } from '../timekeeping-i18n.ts';

/** Vietnamese and English, in that order. */
export type Words = readonly [string, string];

/*
 * The request documents' shared words, Vietnamese and English, beside the pages (the app's i18n
 * files are edited by every timekeeping page at once; these move there when the pages settle).
 */
const TEXTS = {
  cancelApproved: ['Huỷ sau phê duyệt', 'Cancel after approval'],
  reason: ['Lý do huỷ', 'Why it is canceled'],
  reasonRequired: ['Nhập lý do huỷ', 'Say why the request is canceled'],
  confirm: ['Huỷ chứng từ', 'Cancel the document'],
  close: ['Đóng', 'Close'],
  refused: ['Không huỷ được: {message}', 'Not canceled: {message}'],
} as const satisfies Record<string, Words>;

export type RequestTextKey = keyof typeof TEXTS;

const filled = (text: string, values: Readonly<Record<string, string | number>>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));

/**
 * Words in the user's language: `text(key)` of the shared ones, `text.of(words)` of a page's own
 * pair; `{name}` filled from `values`.
 */
export function useRequestTexts() {
  const { i18n } = useTimekeepingTranslation();
  const english = i18n.language === 'en';
  return useMemo(() => {
    const of = (words: Words, values: Readonly<Record<string, string | number>> = {}) =>
      filled(words[english ? 1 : 0], values);
    const text = (key: RequestTextKey, values: Readonly<Record<string, string | number>> = {}) =>
      of(TEXTS[key], values);
    return Object.assign(text, { of });
  }, [english]);
}
