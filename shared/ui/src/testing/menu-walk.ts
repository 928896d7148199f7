import {
  MENU,
  menuEntries,
  permissionCodesForLevel,
  servesPath,
  type MenuEntry,
  type MicroAppDeclaration,
  type UserLevel,
} from '@hcm/contracts';
import { configureHttp } from '@hcm/session';
import type { FakeResourceApi } from './fake-resource-api.ts';

/**
 * For a micro-app's menu walk (issue 28: the per-page walk of e2e/admin-pages moved into the
 * browser tests; the e2e file keeps what needs the built portal): the app's menu entries a
 * user of each level sees, the words the shell's menu shows for each, and a signed-in
 * administrator of that level.
 */

/**
 * The entries `app` draws that an administrator of `level` (holding every permission of the
 * level) sees, in menu order: the e2e file's expected menu, restricted to the app.
 */
export function appMenuEntries(app: MicroAppDeclaration, level: UserLevel): MenuEntry[] {
  return menuEntries(MENU)
    .map((place) => place.entry)
    .filter((entry) => entry.levels.includes(level) && servesPath(app.routes, entry.path));
}

let shellTexts: Promise<Record<string, unknown>> | null = null;

/**
 * The Vietnamese words the shell's menu shows for an entry: `navigation.menu.<key>` of the
 * shell's dictionary (as the test runner serves it), else the title of the contract whose page
 * the entry is, which it carries as its `label` (the shell's order: an administrator's text for
 * the key wins). A page's heading must say the same words as the link that opened it.
 */
export async function shellMenuLabel(entry: MenuEntry): Promise<string> {
  shellTexts ??= fetch('/packages/shell/i18n/vi.json').then(
    (response) => response.json() as Promise<Record<string, unknown>>,
  );
  const texts = await shellTexts;
  const menu = (texts.navigation as { menu?: Record<string, unknown> } | undefined)?.menu;
  const label = menu?.[entry.key] ?? (entry as { label?: { vi: string } }).label?.vi;
  if (typeof label !== 'string') throw new Error(`the shell's menu has no label for ${entry.key}`);
  return label;
}

/**
 * Signs in the administrator of a level as the e2e accounts are (every permission of the
 * level; root for the system level) and answers whether the page has settled: no call of the
 * fake unanswered and nothing loading (a spinner, a busy table), so that axe reads the page
 * with its first answers in, as the e2e walk waited for a quiet network. (The call count alone
 * is not enough: a list asks for its saved settings, then, answered, for its rows.)
 */
export async function signInAdministrator(api: FakeResourceApi, level: UserLevel): Promise<() => boolean> {
  await api.signInWith(permissionCodesForLevel(level), level === 'SYSTEM', level);
  let pending = 0;
  configureHttp({
    fetch: async (input, init) => {
      pending++;
      try {
        return await api.fetch(input, init);
      } finally {
        pending--;
      }
    },
  });
  return () => pending === 0 && document.querySelector('[role="progressbar"], [aria-busy="true"]') === null;
}
