import { MENU, menuEntries, type MenuEntry, type MenuNode } from '@hcm/contracts';
import { i18n } from '@hcm/i18n';

/** Where the menu labels live: the shell's dictionary, section navigation.menu (catalogues §2.2). */
const SHELL_APP = 'shell';
const labelKey = (key: string) => `navigation.menu.${key}`;

export interface MenuTrail {
  /** the keys of the groups, outermost first, then the entry's */
  readonly keys: readonly string[];
  readonly path: string;
  /** the entry's own label when the declaration names it (a contract's page: its title) */
  readonly label?: MenuEntry['label'];
}

/** The groups and the entry of a menu entry, read from the declared menu (never written by hand). */
export function menuTrailOf(entryKey: string, nodes: readonly MenuNode[] = MENU): MenuTrail {
  const place = menuEntries(nodes).find((found) => found.entry.key === entryKey);
  if (!place) throw new Error(`the menu has no entry ${entryKey}`);
  const { key, path, label } = place.entry;
  return { keys: [...place.groups.map((group) => group.key), key], path, ...(label ? { label } : {}) };
}

/**
 * The trail as a person reads it, "Quản trị › Biểu mẫu › Mẫu tài liệu", in the current language,
 * with the shell's labels (an entry the declaration names: its own label, unless the shell holds
 * a text for it); where they are not loaded (a widget outside the portal), the page's address
 * instead, which is still right.
 */
export function menuTrailText(trail: MenuTrail): string {
  const language = i18n.language === 'en' ? 'en' : 'vi';
  const texts = trail.keys.map((key, at) => {
    const shellKey = labelKey(key);
    if (i18n.exists(shellKey, { ns: SHELL_APP })) return i18n.t(shellKey, { ns: SHELL_APP });
    return at === trail.keys.length - 1 ? trail.label?.[language] : undefined;
  });
  return texts.every((text) => text !== undefined) ? texts.join(' › ') : trail.path;
}

/** Where an administrator adds document templates. */
export const DOCUMENT_TEMPLATE_MENU = 'documentTemplate';
