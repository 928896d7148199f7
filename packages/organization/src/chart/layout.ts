/* eslint-disable @typescript-eslint/no-non-null-assertion -- the layout reads arrays within their bounds and shapes already made (post-order) in loops over 5,000 units; a `?? 0` on each read would hide a real mistake behind a wrong place */
import { childrenOf, type UnitTree } from './unit-tree.ts';

/**
 * A top-down tidy layout of the shown part of the unit tree (a pure function: the same tree and
 * open units give the same places). Subtrees are packed side by side as close as their outlines
 * allow, level by level (Reingold–Tilford's contours), each parent centred over its children.
 * A unit whose children (three or more) have no children of their own lists them in a column
 * under it instead of a row: a company's forty departments stay one screen wide.
 * Everything is in world pixels; the viewport scales and moves the whole.
 */
export interface LayoutOptions {
  readonly nodeWidth: number;
  readonly nodeHeight: number;
  /** between the boxes of neighbouring subtrees */
  readonly siblingGap: number;
  /** between a parent's box and its children's row */
  readonly levelGap: number;
  /** how far a column of leaves sits right of its parent's left edge */
  readonly stackIndent: number;
  /** between the boxes of a column */
  readonly stackGap: number;
  /** leaves listed in a column from this many on */
  readonly stackFrom: number;
}

export const DEFAULT_LAYOUT: LayoutOptions = {
  nodeWidth: 232,
  nodeHeight: 100,
  siblingGap: 20,
  levelGap: 56,
  stackIndent: 28,
  stackGap: 12,
  stackFrom: 3,
};

export interface PlacedUnit {
  readonly id: string;
  /** top-left corner */
  readonly x: number;
  readonly y: number;
  readonly depth: number;
}

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A connector from a parent to one child: a polyline, and the box around it. */
export interface Connector {
  readonly from: string;
  readonly to: string;
  readonly points: readonly (readonly [number, number])[];
  readonly box: Box;
}

export interface ChartLayout {
  /** in reading order (depth first) */
  readonly units: readonly PlacedUnit[];
  readonly byId: ReadonlyMap<string, PlacedUnit>;
  readonly connectors: readonly Connector[];
  readonly width: number;
  readonly height: number;
  readonly options: LayoutOptions;
}

/** A subtree's outline: per row below its top, the leftmost and rightmost x, relative to its box. */
type Contour = { left: number[]; right: number[] };

interface Shape {
  contour: Contour;
  /** the children's x relative to this unit's x */
  offsets: number[];
  /** children listed in a column */
  stacked: boolean;
}

export function layoutTree(
  tree: UnitTree,
  expanded: ReadonlySet<string>,
  options: LayoutOptions = DEFAULT_LAYOUT,
): ChartLayout {
  const { nodeWidth: W, nodeHeight: H, siblingGap, levelGap, stackIndent, stackGap, stackFrom } = options;
  const rowHeight = H + levelGap;
  const shownChildren = (id: string) => (expanded.has(id) ? childrenOf(tree, id) : []);

  // Post-order without recursion: each unit's shape from its children's.
  const shapes = new Map<string, Shape>();
  const post: string[] = [];
  const stack = [...tree.roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    post.push(id);
    for (const child of shownChildren(id)) stack.push(child);
  }
  for (let i = post.length - 1; i >= 0; i--) {
    const id = post[i]!;
    const kids = shownChildren(id);
    if (kids.length === 0) {
      shapes.set(id, { contour: { left: [0], right: [W] }, offsets: [], stacked: false });
      continue;
    }
    const leavesOnly = kids.every((kid) => childrenOf(tree, kid).length === 0);
    if (leavesOnly && kids.length >= stackFrom) {
      const columnBottom = H + stackGap + kids.length * (H + stackGap);
      const rows = Math.max(1, Math.ceil((columnBottom - H) / rowHeight));
      const left = [0, ...Array<number>(rows).fill(stackIndent)];
      const right = [W, ...Array<number>(rows).fill(stackIndent + W)];
      shapes.set(id, {
        contour: { left, right },
        offsets: kids.map(() => stackIndent),
        stacked: true,
      });
      continue;
    }
    const { merged, offsets } = packSideBySide(
      kids.map((kid) => shapes.get(kid)!.contour),
      siblingGap,
    );
    // centre the parent over its first and last child
    const centre = (offsets[0]! + offsets[offsets.length - 1]! + W) / 2;
    const shift = centre - W / 2;
    shapes.set(id, {
      contour: {
        left: [0, ...merged.left.map((x) => x - shift)],
        right: [W, ...merged.right.map((x) => x - shift)],
      },
      offsets: offsets.map((x) => x - shift),
      stacked: false,
    });
  }

  // The top units side by side, like the children of an invisible parent.
  const top = packSideBySide(
    tree.roots.map((id) => shapes.get(id)!.contour),
    siblingGap * 3,
  );
  const placed = new Map<string, PlacedUnit>();
  const order: PlacedUnit[] = [];
  const connectors: Connector[] = [];
  const walk: { id: string; x: number; y: number; depth: number }[] = tree.roots
    .map((id, index) => ({ id, x: top.offsets[index]!, y: 0, depth: 0 }))
    .reverse();
  while (walk.length > 0) {
    const unit = walk.pop()!;
    order.push(unit);
    placed.set(unit.id, unit);
    const shape = shapes.get(unit.id)!;
    const kids = shownChildren(unit.id);
    const next: typeof walk = [];
    kids.forEach((kid, index) => {
      const x = unit.x + shape.offsets[index]!;
      const y = shape.stacked
        ? unit.y + H + stackGap + index * (H + stackGap) + stackGap
        : unit.y + rowHeight;
      next.push({ id: kid, x, y, depth: unit.depth + 1 });
      connectors.push(
        connector(
          unit.id,
          kid,
          shape.stacked
            ? [
                [unit.x + stackIndent / 2, unit.y + H],
                [unit.x + stackIndent / 2, y + H / 2],
                [x, y + H / 2],
              ]
            : [
                [unit.x + W / 2, unit.y + H],
                [unit.x + W / 2, unit.y + H + levelGap / 2],
                [x + W / 2, unit.y + H + levelGap / 2],
                [x + W / 2, y],
              ],
        ),
      );
    });
    for (let i = next.length - 1; i >= 0; i--) walk.push(next[i]!);
  }

  // Move everything right of and below the origin.
  let minX = Infinity;
  let maxX = -Infinity;
  let maxY = 0;
  for (const unit of order) {
    minX = Math.min(minX, unit.x);
    maxX = Math.max(maxX, unit.x + W);
    maxY = Math.max(maxY, unit.y + H);
  }
  if (order.length === 0) minX = maxX = 0;
  const units = order.map((unit) => ({ ...unit, x: unit.x - minX }));
  return {
    units,
    byId: new Map(units.map((unit) => [unit.id, unit])),
    connectors: connectors.map((line) => shiftConnector(line, -minX)),
    width: maxX - minX,
    height: maxY,
    options,
  };
}

/**
 * Places outlines left to right, each as far left as every shared row allows (`gap` apart), and
 * answers each one's x and the outline of them all.
 */
function packSideBySide(contours: readonly Contour[], gap: number): { merged: Contour; offsets: number[] } {
  const merged: Contour = { left: [], right: [] };
  const offsets: number[] = [];
  for (const contour of contours) {
    let offset = 0;
    if (offsets.length > 0) {
      offset = -Infinity;
      const rows = Math.min(merged.right.length, contour.left.length);
      for (let row = 0; row < rows; row++)
        offset = Math.max(offset, merged.right[row]! + gap - contour.left[row]!);
    }
    offsets.push(offset);
    for (let row = 0; row < contour.left.length; row++) {
      const left = offset + contour.left[row]!;
      const right = offset + contour.right[row]!;
      if (row < merged.left.length) {
        merged.left[row] = Math.min(merged.left[row]!, left);
        merged.right[row] = Math.max(merged.right[row]!, right);
      } else {
        merged.left.push(left);
        merged.right.push(right);
      }
    }
  }
  return { merged, offsets };
}

function connector(from: string, to: string, points: [number, number][]): Connector {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { from, to, points, box: { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y } };
}

function shiftConnector(line: Connector, dx: number): Connector {
  return {
    ...line,
    points: line.points.map(([x, y]) => [x + dx, y] as const),
    box: { ...line.box, x: line.box.x + dx },
  };
}
