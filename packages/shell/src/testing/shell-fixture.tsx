import { cleanup, render, type RenderResult } from '@testing-library/react';
import { initI18n, loadAppDictionary, setLanguage } from '@hcm/i18n';
import { clearSession, configureHttp, signIn } from '@hcm/session';
import { UI_NAMESPACE } from '@hcm/ui';
import { WIDGETS_APP } from '@hcm/widgets';
import { ShellRoot, type ShellRootProps } from '../ShellRoot.tsx';
import { SHELL_APP } from '../shell-i18n.ts';
import type { FakeApi } from '../../../../shared/session/src/testing/fake-iam.ts';

const testPageUrl = window.location.href;

/**
 * Puts the page in a known state: the real dictionaries (served by the test runner from
 * packages/shell/i18n, and @hcm/ui's from shared/ui/i18n), Vietnamese, no session, empty
 * storages, and `api` answering the session's HTTP client.
 */
export async function prepareShell(api: FakeApi): Promise<void> {
  await initI18n({
    dictionaryUrl: (app, language) =>
      app === UI_NAMESPACE ? `/shared/ui/i18n/${language}.json` : `/packages/${app}/i18n/${language}.json`,
  });
  await Promise.all([loadAppDictionary(SHELL_APP), loadAppDictionary(WIDGETS_APP)]);
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
  await setLanguage('vi');
  configureHttp({ fetch: api.fetch });
}

/** Signs in through the real session code (against the fake API) before the shell renders. */
export async function signInAsHrAdmin(): Promise<void> {
  await signIn({ username: 'hradmin', password: 'right', rememberMe: false });
}

export function renderShellAt(path: string, props: ShellRootProps = {}): RenderResult {
  window.history.replaceState(null, '', path);
  return render(<ShellRoot {...props} />);
}

/** Unmounts and puts the test page's own URL back. */
export function resetShell(): void {
  cleanup();
  clearSession();
  window.history.replaceState(null, '', testPageUrl);
}

export const currentPath = () => `${window.location.pathname}${window.location.search}`;
