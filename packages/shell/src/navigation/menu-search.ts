import type { MenuNode } from '@hcm/contracts';

/**
 * Folds a text for matching: lower case, without Vietnamese tone and vowel marks, "đ" as "d",
 * spaces collapsed. People type "nhan vien" for "Nhân viên", or mix the two.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a menu search found: the menu cut down to the matches, and how many entries they are. */
export interface MenuSearchResult {
  readonly nodes: MenuNode[];
  readonly entryCount: number;
}

/**
 * The entries whose label holds every word of the query, in any order ("nhan vien" finds "Danh
 * sách nhân viên"), and every entry of a group whose label holds the whole query ("cham cong"
 * lists the Timekeeping group). Words of a group's label do not count towards an entry's: "chuc
 * danh" should not find "Danh sách nhân viên" because it sits under "Tổ chức". Groups are kept
 * only around their matching entries.
 */
export function searchMenu(
  nodes: readonly MenuNode[],
  query: string,
  labelOf: (key: string) => string,
): MenuSearchResult {
  const phrase = foldForSearch(query);
  const words = phrase.split(' ').filter(Boolean);
  let entryCount = 0;
  const walk = (level: readonly MenuNode[], groupMatched: boolean): MenuNode[] =>
    level.flatMap((node): MenuNode[] => {
      const label = foldForSearch(labelOf(node.key));
      if (node.kind === 'entry') {
        if (!groupMatched && !words.every((word) => label.includes(word))) return [];
        entryCount += 1;
        return [node];
      }
      const children = walk(node.children, groupMatched || label.includes(phrase));
      return children.length > 0 ? [{ ...node, children }] : [];
    });
  if (words.length === 0) return { nodes: [], entryCount: 0 };
  const found = walk(nodes, false);
  return { nodes: found, entryCount };
}

/** Every group key of a (searched) menu: a search shows its results with their groups open. */
export function groupKeysOf(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((node) => (node.kind === 'group' ? [node.key, ...groupKeysOf(node.children)] : []));
}
