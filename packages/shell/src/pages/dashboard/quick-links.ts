import type { MenuEntry, MenuNode } from '@hcm/contracts';

/** One tile of the dashboard: a first-level group of the menu and the entries below it. */
export interface QuickLinkGroup {
  readonly key: string;
  readonly entries: readonly MenuEntry[];
}

const entriesBelow = (nodes: readonly MenuNode[]): MenuEntry[] =>
  nodes.flatMap((node) => (node.kind === 'entry' ? [node] : entriesBelow(node.children)));

/**
 * The dashboard's quick links: the menu this user sees (already cut down to what they may open
 * and what is installed), one tile per first-level group with every entry below it, subgroups
 * flattened. First-level entries (the dashboard itself) are not links to where the user is.
 */
export function quickLinkGroups(menu: readonly MenuNode[]): QuickLinkGroup[] {
  return menu.flatMap((node) =>
    node.kind === 'group' ? [{ key: node.key, entries: entriesBelow(node.children) }] : [],
  );
}
