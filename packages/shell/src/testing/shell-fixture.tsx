import { cleanup, render, type RenderResult } from '@testing-library/react';
import { i18n, loadAppDictionary } from '@hcm/i18n';
import { clearSession } from '@hcm/session';
import { ShellRoot, type ShellRootProps } from '../ShellRoot.tsx';
import { SHELL_APP } from '../shell-i18n.ts';
import { addDeclaredMenuTexts } from '../navigation/menu-texts.ts';
import type { FakeApi } from '../../../../shared/session/src/testing/fake-iam.ts';
import { prepareWidgets } from '../../../widgets/src/testing/widgets-fixture.ts';

export { signInAsHrAdmin } from '../../../widgets/src/testing/widgets-fixture.ts';

const testPageUrl = window.location.href;

/**
 * Puts the page in a known state as the widgets' tests do (the real dictionaries served by the
 * test runner, Vietnamese, no session, empty storages, `api` answering the session's HTTP
 * client), with the shell's own dictionary loaded too, and the menu's declared texts as the
 * portal adds them (navigation/menu-texts.ts).
 */
export async function prepareShell(api: FakeApi): Promise<void> {
  await prepareWidgets(api);
  addDeclaredMenuTexts(i18n, SHELL_APP);
  await loadAppDictionary(SHELL_APP);
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
