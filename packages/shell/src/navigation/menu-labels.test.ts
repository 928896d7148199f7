import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MENU, menuEntries, type MenuNode } from '@hcm/contracts';
import { shellTexts } from '../testing/shell-texts.ts';
import { PageActions } from './menu-service.ts';

const dictionary = (language: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../i18n/${language}.json`, import.meta.url), 'utf8'));

const lookUp = (tree: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

const keysOf = (nodes: readonly MenuNode[]): string[] =>
  nodes.flatMap((n) => (n.kind === 'entry' ? [n.key] : [n.key, ...keysOf(n.children)]));

/** The entries the declaration names by their contracts' titles (navigation/menu-texts.ts). */
const titled = menuEntries()
  .map(({ entry }) => entry)
  .filter((entry) => entry.label !== undefined);

describe('navigation texts', () => {
  it.each(['vi', 'en'] as const)('names every menu node and breadcrumb step in %s', (language) => {
    const texts = shellTexts(language);
    const keys = [
      ...keysOf(MENU).map((k) => `navigation.menu.${k}`),
      ...PageActions.map((a) => `navigation.actions.${a}`),
      'navigation.home',
      'navigation.mainMenu',
      'navigation.breadcrumb',
      'navigation.openMenu',
      'navigation.closeMenu',
      'navigation.forbiddenToast',
      'navigation.moduleMissing.title',
      'navigation.moduleMissing.message',
      'navigation.moduleMissing.backToDashboard',
      'navigation.shellPages.myProfile',
    ];
    for (const key of keys) expect(typeof lookUp(texts, key), key).toBe('string');
  });

  it.each(['vi', 'en'])(
    'restates no contract’s title in %s: an entry the declaration names has no text in the file',
    (language) => {
      expect(titled.length).toBeGreaterThan(0);
      const restated = titled.filter((entry) => lookUp(dictionary(language), `navigation.menu.${entry.key}`));
      expect(restated.map((entry) => entry.key)).toEqual([]);
    },
  );

  it('says the exact words of the no-permission toast', () => {
    expect(lookUp(dictionary('vi'), 'navigation.forbiddenToast')).toBe(
      'Bạn không có quyền truy cập chức năng này.',
    );
    expect(lookUp(dictionary('en'), 'navigation.forbiddenToast')).toBe(
      'You do not have permission to access this page.',
    );
  });
});
