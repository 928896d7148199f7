import { cleanup } from '@testing-library/react';
import { initI18n, loadAppDictionary, setLanguage } from '@hcm/i18n';
import { clearSession, configureHttp, signIn } from '@hcm/session';
import { UI_NAMESPACE, dismissAllToasts } from '@hcm/ui';
import type { FakeApi } from '../../../../shared/session/src/testing/fake-iam.ts';
import { WIDGETS_APP } from '../widgets-i18n.ts';

/**
 * A page in a known state for a widget test: the real dictionaries (served by the test runner
 * from packages/widgets/i18n and shared/ui/i18n), Vietnamese, no session, empty storages, and
 * `api` answering the session's HTTP client.
 */
export async function prepareWidgets(api: FakeApi): Promise<void> {
  await initI18n({
    dictionaryUrl: (app, language) =>
      app === UI_NAMESPACE ? `/shared/ui/i18n/${language}.json` : `/packages/${app}/i18n/${language}.json`,
  });
  await loadAppDictionary(WIDGETS_APP);
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
  await setLanguage('vi');
  configureHttp({ fetch: api.fetch });
}

export async function signInAsHrAdmin(): Promise<void> {
  await signIn({ username: 'hradmin', password: 'right', rememberMe: false });
}

/**
 * Adds an element from HTML at the end of <body> and answers it once it has rendered a frame.
 * `listeners` are attached before the element is connected: an event it tells while it loads
 * (a value chosen for the user) may come before that frame on a loaded machine, and a listener
 * added after it would miss it.
 */
export async function addElement<E extends HTMLElement = HTMLElement>(
  html: string,
  listeners: Readonly<Record<string, (event: Event) => void>> = {},
): Promise<E> {
  const holder = document.createElement('div');
  holder.dataset.widgetTest = '';
  holder.innerHTML = html;
  for (const [type, listener] of Object.entries(listeners))
    holder.firstElementChild?.addEventListener(type, listener);
  document.body.appendChild(holder);
  await new Promise((resolve) => requestAnimationFrame(resolve));
  return holder.firstElementChild as E;
}

/** Removes what the test added, closes toasts, forgets the session. */
export async function resetWidgets(): Promise<void> {
  document.querySelectorAll('[data-widget-test]').forEach((holder) => holder.remove());
  cleanup();
  await dismissAllToasts();
  clearSession();
}

/** The next event `name` that reaches the document, with its detail. */
export function nextEvent<T>(name: string): Promise<CustomEvent<T>> {
  return new Promise((resolve) =>
    document.addEventListener(name, (event) => resolve(event as CustomEvent<T>), { once: true }),
  );
}
