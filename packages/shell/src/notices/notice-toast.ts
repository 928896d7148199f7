import type { SessionNotice } from '@hcm/session';
import type { ToastOptions } from '@hcm/ui';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A session notice as a toast: the key's title, and the server's own words when it gave some
 * (shown as they are), else the key's text in the current language.
 */
export function noticeToast(notice: SessionNotice, t: Translate): ToastOptions {
  const base = `notices.${notice.key}`;
  const text =
    notice.retryAfterSeconds === undefined
      ? t(`${base}.text`)
      : t(`${base}.textWithSeconds`, { seconds: notice.retryAfterSeconds });
  return { intent: notice.intent, title: t(`${base}.title`), message: notice.message ?? text };
}
