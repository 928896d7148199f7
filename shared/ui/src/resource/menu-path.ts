import { MENU, menuEntries, type MenuNode } from '@hcm/contracts';
import { i18n } from '@hcm/i18n';

/** Where the menu labels live: the shell's dictionary, section navigation.menu (catalogues §2.2). */
const SHELL_APP = 'shell';
const labelKey = (key: string) => `navigation.menu.${key}`;

export interface MenuTrail {
  /** the keys of the groups, outermost first, then the entry's */
  readonly keys: readonly string[];
  readonly path: string;
}

/** The groups and the entry of a menu entry, read from the declared menu (never written by hand). */
export function menuTrailOf(entryKey: string, nodes: readonly MenuNode[] = MENU): MenuTrail {
  const place = menuEntries(nodes).find((found) => found.entry.key === entryKey);
  if (!place) throw new Error(`the menu has no entry ${entryKey}`);
  return { keys: [...place.groups.map((group) => group.key), place.entry.key], path: place.entry.path };
}

/**
 * The trail as a person reads it, "Quản trị › Biểu mẫu › Mẫu tài liệu", in the current language,
 * with the shell's labels; where they are not loaded (a widget outside the portal), the page's
 * address instead, which is still right.
 */
export function menuTrailText(trail: MenuTrail): string {
  const labels = trail.keys.map((key) => labelKey(key));
  if (!labels.every((key) => i18n.exists(key, { ns: SHELL_APP }))) return trail.path;
  return labels.map((key) => i18n.t(key, { ns: SHELL_APP })).join(' › ');
}

/** Where an administrator adds document templates. */
export const DOCUMENT_TEMPLATE_MENU = 'documentTemplate';
