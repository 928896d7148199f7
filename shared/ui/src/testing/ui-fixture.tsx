import type { ReactElement } from 'react';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { i18n, initI18n, setLanguage } from '@hcm/i18n';
import { HcmProvider } from '../HcmProvider.tsx';
import { loadUiDictionary } from '../i18n/ui-i18n.ts';
import { settleConfirmations } from '../dialog/confirm-host.tsx';
import { dismissAllToasts } from '../toast/notify.ts';

const testPageUrl = window.location.href;

/**
 * The page in a known state for a kit test: the real dictionaries (served by the test runner
 * from shared/ui/i18n), Vietnamese, empty storages, the test page's own URL.
 */
export async function prepareUi(): Promise<void> {
  await initI18n({ dictionaryUrl: (app, language) => `/shared/${app}/i18n/${language}.json` });
  await loadUiDictionary();
  await setLanguage('vi');
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', testPageUrl);
}

export function renderUi(element: ReactElement): RenderResult {
  return render(<HcmProvider>{element}</HcmProvider>);
}

/** Unmounts, closes confirmations and toasts, and puts the language and the URL back. */
export async function resetUi(): Promise<void> {
  cleanup();
  await settleConfirmations();
  await dismissAllToasts();
  if (i18n.language !== 'vi') await setLanguage('vi');
  window.history.replaceState(null, '', testPageUrl);
}

export const currentQuery = () => new URLSearchParams(window.location.search).get('q');
export const currentQueryJson = (): Record<string, unknown> => JSON.parse(currentQuery() ?? '{}');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A micro-app's own Vietnamese texts, as the test runner serves them from its package
 * (`/packages/<package>/i18n/vi.json`; prepareUi's dictionaries are those under shared/).
 */
export async function loadAppTexts(app: string, packageFolder: string): Promise<void> {
  const response = await fetch(`/packages/${packageFolder}/i18n/vi.json`);
  const dictionary = (await response.json()) as Record<string, unknown>;
  i18n.addResourceBundle('vi', app, dictionary, true, true);
}

/** Navigates the page as a link would: the new path, then the popstate routers listen to. */
export function openPath(path: string): void {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}
