import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, layoutTree, type ChartLayout } from './layout.ts';
import { buildUnitTree, shownUnits } from './unit-tree.ts';
import { generatedUnits, unit } from './test-units.ts';

const { nodeWidth: W, nodeHeight: H, siblingGap } = DEFAULT_LAYOUT;

/** Whether any two boxes of the layout overlap (or come closer than `gap`). */
function overlapping(layout: ChartLayout, gap = 0): [string, string] | null {
  const boxes = [...layout.units].sort((a, b) => a.x - b.x);
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1)) {
      if (b.x >= a.x + W + gap) break;
      if (Math.abs(a.y - b.y) < H) return [a.id, b.id];
    }
  return null;
}

/** The place of a unit the layout must hold. */
function placeOf(layout: ChartLayout, id: string) {
  const place = layout.byId.get(id);
  if (!place) throw new Error(`${id} is not laid out`);
  return place;
}

describe('the chart layout', () => {
  it('puts children one level down, side by side in order, the parent centred over them', () => {
    const tree = buildUnitTree([unit('CT', null), unit('A', 'CT'), unit('B', 'CT')]);
    const layout = layoutTree(tree, new Set(['CT']));
    const [ct, a, b] = [placeOf(layout, 'CT'), placeOf(layout, 'A'), placeOf(layout, 'B')];
    expect(a.y).toBe(b.y);
    expect(a.y).toBeGreaterThan(ct.y + H);
    expect(b.x - a.x).toBe(W + siblingGap);
    expect(ct.x + W / 2).toBe((a.x + b.x + W) / 2);
    expect(layout.width).toBe(2 * W + siblingGap);
  });

  it('draws one connector per shown child, from the bottom of the parent to the top of the child', () => {
    const tree = buildUnitTree([unit('CT', null), unit('A', 'CT'), unit('B', 'CT')]);
    const layout = layoutTree(tree, new Set(['CT']));
    expect(layout.connectors.map((line) => `${line.from}>${line.to}`)).toEqual(['CT>A', 'CT>B']);
    const ct = placeOf(layout, 'CT');
    const b = placeOf(layout, 'B');
    const line = layout.connectors.find((each) => each.to === 'B');
    expect(line?.points[0]).toEqual([ct.x + W / 2, ct.y + H]);
    expect(line?.points.at(-1)).toEqual([b.x + W / 2, b.y]);
  });

  it('lists three or more leaves in a column under their parent', () => {
    const tree = buildUnitTree([unit('P', null), unit('A', 'P'), unit('B', 'P'), unit('C', 'P')]);
    const layout = layoutTree(tree, new Set(['P']));
    const xs = ['A', 'B', 'C'].map((id) => placeOf(layout, id).x);
    const [a, b, c] = ['A', 'B', 'C'].map((id) => placeOf(layout, id).y);
    expect(new Set(xs).size).toBe(1);
    expect(Number(b) - Number(a)).toBeGreaterThanOrEqual(H);
    expect(Number(c) - Number(b)).toBe(Number(b) - Number(a));
    expect(layout.width).toBe(DEFAULT_LAYOUT.stackIndent + W);
  });

  it('packs subtrees as close as their outlines allow: a wide grandchild row does not push a leaf away', () => {
    // A has a wide row of grandchildren; B is a leaf beside A: B sits next to A's box, since
    // only the rows they share must not overlap (a row-width layout would put B past A4).
    const units = [unit('R', null), unit('A', 'R'), unit('B', 'R')];
    for (const n of [1, 2, 3, 4]) units.push(unit(`A${n}`, 'A'), unit(`A${n}x`, `A${n}`));
    const tree = buildUnitTree(units);
    const open = new Set(['R', 'A', 'A1', 'A2', 'A3', 'A4']);
    const layout = layoutTree(tree, open);
    expect(overlapping(layout, siblingGap)).toBeNull();
    const a = placeOf(layout, 'A');
    const a4 = placeOf(layout, 'A4');
    const b = placeOf(layout, 'B');
    expect(b.x).toBe(a.x + W + siblingGap);
    expect(b.x).toBeLessThan(a4.x);
  });

  it('lays out only the shown units: a closed unit hides everything below it', () => {
    const tree = buildUnitTree(generatedUnits(200));
    const open = new Set(['u0', 'u1']);
    const layout = layoutTree(tree, open);
    expect(layout.units.map((u) => u.id)).toEqual(shownUnits(tree, open));
  });

  it('gives 5,000 units of a generated organisation, all open, places where no two boxes overlap', () => {
    const units = generatedUnits(5000);
    const tree = buildUnitTree(units);
    const layout = layoutTree(tree, new Set(units.map((u) => u.id)));
    expect(layout.units).toHaveLength(5000);
    expect(overlapping(layout, siblingGap - 1)).toBeNull();
    for (const u of layout.units) {
      expect(u.x).toBeGreaterThanOrEqual(0);
      expect(u.x + W).toBeLessThanOrEqual(layout.width);
    }
  });

  it('is empty for no units', () => {
    const layout = layoutTree(buildUnitTree([]), new Set());
    expect(layout.units).toEqual([]);
    expect(layout.width).toBe(0);
  });
});
