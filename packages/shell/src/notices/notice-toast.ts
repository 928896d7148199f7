import type { SessionNotice } from '@hcm/session';
import { noticeText, type ToastOptions, type UiTranslate } from '@hcm/ui';

/**
 * A session notice as a toast: the key's title and its text in the current language, with the
 * notice's values: @hcm/ui's `notices` texts (noticeText), the words a screen that says a
 * failure in place uses too. The server's own (English) words are never shown: @hcm/session
 * decides the key from the error's code (notices.ts); the permissions a 403 names are shown by
 * their labels in the permission catalogue, never by their codes. A 409 the record's state
 * refused (its reason said) has a title of its own: nothing was "changed meanwhile".
 */
export function noticeToast(notice: SessionNotice, t: UiTranslate): ToastOptions {
  return {
    intent: notice.intent,
    title: t(`notices.${notice.key}.${notice.title ?? 'title'}`),
    message: noticeText(notice, t),
  };
}
