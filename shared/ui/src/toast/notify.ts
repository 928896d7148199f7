import { loadUiDictionary } from '../i18n/ui-i18n.ts';

/** Toasts from anywhere (no hook, no provider to mount): the toaster itself loads on first use. */
export type ToastIntent = 'success' | 'error' | 'info' | 'warning';

export interface ToastOptions {
  intent: ToastIntent;
  /** the text, already translated, or a function giving it once the kit's dictionary is loaded */
  message: string | (() => string);
  /** default: the intent's title (Thành công, Lỗi, Thông tin, Cảnh báo) */
  title?: string;
}

/** Shows a toast at the top right (at most 5 stacked, 3000 ms each, not paused by hovering). */
export function showToast(options: ToastOptions): Promise<void> {
  return import('./toaster.tsx').then((toaster) => toaster.showToast(options));
}

export const notify = {
  success: (message: string, title?: string) => showToast({ intent: 'success', message, title }),
  error: (message: string, title?: string) => showToast({ intent: 'error', message, title }),
  info: (message: string, title?: string) => showToast({ intent: 'info', message, title }),
  warning: (message: string, title?: string) => showToast({ intent: 'warning', message, title }),
};

/**
 * Downloads the toaster and the kit's texts ahead of need, without showing anything: a toast
 * that says the network is gone could not download them any more.
 */
export function preloadToaster(): Promise<void> {
  return Promise.all([import('./toaster.tsx'), loadUiDictionary()]).then(() => undefined);
}

/** Closes every toast shown (a page change, a test's clean-up). */
export function dismissAllToasts(): Promise<void> {
  return import('./toaster.tsx').then((toaster) => toaster.dismissAllToasts());
}
