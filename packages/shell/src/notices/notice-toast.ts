import type { SessionNotice } from '@hcm/session';
import type { ToastOptions } from '@hcm/ui';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A notice's values as the text's interpolation takes them: lists (permission codes) joined. */
const interpolation = (notice: SessionNotice): Record<string, string | number> =>
  Object.fromEntries(
    Object.entries(notice.params ?? {}).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : (value as string | number),
    ]),
  );

/**
 * A session notice as a toast: the key's title and its text (`text`, or the variant the notice
 * names) in the current language, with the notice's values. The server's own (English) words
 * are never shown: @hcm/session decides the key from the error's code (notices.ts). Permission
 * codes are shown as they are: @hcm/contracts' permission catalogue has no labels to translate.
 */
export function noticeToast(notice: SessionNotice, t: Translate): ToastOptions {
  const base = `notices.${notice.key}`;
  const message =
    notice.retryAfterSeconds === undefined
      ? t(`${base}.${notice.text ?? 'text'}`, interpolation(notice))
      : t(`${base}.textWithSeconds`, { seconds: notice.retryAfterSeconds });
  return { intent: notice.intent, title: t(`${base}.title`), message };
}
