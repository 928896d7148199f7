/* eslint-disable @typescript-eslint/no-non-null-assertion -- the walks read arrays and maps within their bounds (an index below length, an id just put in the map) in loops over 5,000 units */
import type { OrganizationUnitNode } from '@hcm/contracts/organization';

/**
 * The units of GET /find-all-tree (flat, in priority-then-name order) as a tree the chart walks:
 * each unit's children in that order, its depth, and how many units are under it. Built once per
 * answer; every walk below is linear in the units it visits.
 */
export interface UnitTree {
  readonly units: ReadonlyMap<string, OrganizationUnitNode>;
  /** the top units (no parent, or a parent the answer does not hold) */
  readonly roots: readonly string[];
  readonly children: ReadonlyMap<string, readonly string[]>;
  readonly depth: ReadonlyMap<string, number>;
  /** the number of units below each unit, at every level */
  readonly below: ReadonlyMap<string, number>;
  /** the workers working in each unit and every unit below it (the head count a box shows) */
  readonly headCount: ReadonlyMap<string, number>;
}

const NO_CHILDREN: readonly string[] = [];

export function buildUnitTree(nodes: readonly OrganizationUnitNode[]): UnitTree {
  const units = new Map(nodes.map((node) => [node.id, node]));
  const children = new Map<string, string[]>();
  const roots: string[] = [];
  for (const node of nodes) {
    const parent = node.parentId !== null && units.has(node.parentId) ? node.parentId : null;
    if (parent === null) roots.push(node.id);
    else {
      const list = children.get(parent);
      if (list) list.push(node.id);
      else children.set(parent, [node.id]);
    }
  }
  // Depth first from the roots, without recursion (a deep chain must not overflow the stack);
  // a unit on a loop (the server refuses those) is never reached and so never drawn.
  const depth = new Map<string, number>();
  const order: string[] = [];
  const stack: [string, number][] = roots.map((id): [string, number] => [id, 0]).reverse();
  while (stack.length > 0) {
    const [id, level] = stack.pop()!;
    if (depth.has(id)) continue;
    depth.set(id, level);
    order.push(id);
    const below = children.get(id) ?? NO_CHILDREN;
    for (let i = below.length - 1; i >= 0; i--) stack.push([below[i]!, level + 1]);
  }
  const below = new Map<string, number>();
  const headCount = new Map<string, number>();
  for (let i = order.length - 1; i >= 0; i--) {
    const id = order[i]!;
    let count = 0;
    let people = units.get(id)!.workerQuantity;
    for (const child of children.get(id) ?? NO_CHILDREN) {
      count += 1 + (below.get(child) ?? 0);
      people += headCount.get(child) ?? 0;
    }
    below.set(id, count);
    headCount.set(id, people);
  }
  return { units, roots, children, depth, below, headCount };
}

export const childrenOf = (tree: UnitTree, id: string): readonly string[] =>
  tree.children.get(id) ?? NO_CHILDREN;

/** The units above `id`, the top one first (empty for a top unit or an unknown id). */
export function ancestorsOf(tree: UnitTree, id: string): string[] {
  const path: string[] = [];
  const seen = new Set<string>([id]);
  let parent = tree.units.get(id)?.parentId ?? null;
  while (parent !== null && tree.units.has(parent) && !seen.has(parent)) {
    path.unshift(parent);
    seen.add(parent);
    parent = tree.units.get(parent)?.parentId ?? null;
  }
  return path;
}

/**
 * The units open at first: the top `levels` levels are shown, so only units above the last
 * shown level are open ("collapsed below the second level" is levels = 2: the top units open,
 * their children shown closed).
 */
export function initiallyExpanded(tree: UnitTree, levels = 2): Set<string> {
  const open = new Set<string>();
  for (const [id, level] of tree.depth)
    if (level < levels - 1 && childrenOf(tree, id).length > 0) open.add(id);
  return open;
}

/** The open units with every ancestor of `id` opened too, so that `id` is shown. */
export function expandPathTo(tree: UnitTree, expanded: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const closed = ancestorsOf(tree, id).filter((ancestor) => !expanded.has(ancestor));
  // the same set when nothing changes: the layout is not made again
  return closed.length === 0 ? expanded : new Set([...expanded, ...closed]);
}

/** The units shown, in reading order (depth first, children in order): the keyboard's order. */
export function shownUnits(tree: UnitTree, expanded: ReadonlySet<string>): string[] {
  const order: string[] = [];
  const stack = [...tree.roots].reverse();
  while (stack.length > 0) {
    const id = stack.pop()!;
    order.push(id);
    if (!expanded.has(id)) continue;
    const below = childrenOf(tree, id);
    for (let i = below.length - 1; i >= 0; i--) stack.push(below[i]!);
  }
  return order;
}

/** Lower case without Vietnamese diacritics, so that "phong ke toan" finds "Phòng Kế toán". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .trim();
}

/**
 * The units whose name or code contains every word of `query` (diacritics and case ignored),
 * names that start with the query first, at most `limit`.
 */
export function searchUnits(tree: UnitTree, query: string, limit = 20): OrganizationUnitNode[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const whole = words.join(' ');
  const starts: OrganizationUnitNode[] = [];
  const contains: OrganizationUnitNode[] = [];
  for (const unit of tree.units.values()) {
    if (!tree.depth.has(unit.id)) continue;
    const name = foldText(unit.name);
    const text = `${name} ${foldText(unit.code)}`;
    if (!words.every((word) => text.includes(word))) continue;
    (name.startsWith(whole) ? starts : contains).push(unit);
    if (starts.length >= limit) break;
  }
  return [...starts, ...contains].slice(0, limit);
}
