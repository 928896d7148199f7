import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, layoutTree } from './layout.ts';
import { buildUnitTree } from './unit-tree.ts';
import { generatedUnits } from './test-units.ts';
import {
  MAX_DRAWN,
  MAX_SCALE,
  MIN_SCALE,
  bringIntoView,
  centreOn,
  drawnFor,
  fitView,
  worldInView,
  zoomAt,
} from './viewport.ts';

const units = generatedUnits(5000);
const tree = buildUnitTree(units);
const layout = layoutTree(tree, new Set(units.map((u) => u.id)));
const frame = { width: 1200, height: 700 };
const { nodeWidth: W, nodeHeight: H } = DEFAULT_LAYOUT;

describe('what the chart draws for a view (windowing)', () => {
  it('draws the boxes in the frame and a margin around it, not the 5,000', () => {
    const view = centreOn({ x: 0, y: 0, scale: 1 }, layout, 'u2500', frame);
    const drawn = drawnFor(layout, view, frame, { margin: 0 });
    const seen = worldInView(view, frame);
    expect(drawn.units.length).toBeGreaterThan(0);
    expect(drawn.units.length).toBeLessThan(60);
    expect(drawn.units.map((u) => u.id)).toContain('u2500');
    for (const unit of drawn.units) {
      expect(unit.x + W).toBeGreaterThanOrEqual(seen.x);
      expect(unit.x).toBeLessThanOrEqual(seen.x + seen.width);
      expect(unit.y + H).toBeGreaterThanOrEqual(seen.y);
      expect(unit.y).toBeLessThanOrEqual(seen.y + seen.height);
    }
    // and every box of the layout that overlaps the frame is among them
    const inFrame = layout.units.filter(
      (u) =>
        u.x + W >= seen.x && u.x <= seen.x + seen.width && u.y + H >= seen.y && u.y <= seen.y + seen.height,
    );
    expect(drawn.units.length).toBe(inFrame.length);
  });

  it('draws the connectors that cross the frame, even when both ends are outside it', () => {
    const small = buildUnitTree(generatedUnits(3, 2));
    const wide = layoutTree(small, new Set(['u0']));
    // a frame showing only the gap between the two children's tops, below the parent
    const view = { scale: 1, x: -(wide.width / 2 - 10), y: -(H + 10) };
    const drawn = drawnFor(wide, view, { width: 20, height: 20 }, { margin: 0 });
    expect(drawn.units).toEqual([]);
    expect(drawn.connectors.map((line) => line.to)).toEqual(['u1', 'u2']);
  });

  it('keeps at most MAX_DRAWN boxes however far out, the shallowest, plus the focused one', () => {
    const view = { x: 0, y: 0, scale: MIN_SCALE };
    const huge = { width: 100_000, height: 100_000 };
    const last = `u${units.length - 1}`;
    const drawn = drawnFor(layout, view, huge, { keep: [last] });
    expect(drawn.units).toHaveLength(MAX_DRAWN + 1);
    expect(drawn.leftOut).toBe(5000 - MAX_DRAWN);
    expect(drawn.units.map((u) => u.id)).toContain('u0');
    expect(drawn.units.map((u) => u.id)).toContain(last);
    const drawnIds = new Set(drawn.units.map((u) => u.id));
    for (const line of drawn.connectors) expect(drawnIds.has(line.to)).toBe(true);
  });
});

describe('moving and zooming the view', () => {
  it('zooms around the cursor: the world point under it stays under it', () => {
    const view = { x: 40, y: -20, scale: 1 };
    const cursor = { x: 300, y: 200 };
    const next = zoomAt(view, 1.5, cursor);
    const before = { x: (cursor.x - view.x) / view.scale, y: (cursor.y - view.y) / view.scale };
    const after = { x: (cursor.x - next.x) / next.scale, y: (cursor.y - next.y) / next.scale };
    expect(next.scale).toBe(1.5);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  it('keeps the scale between its limits', () => {
    expect(zoomAt({ x: 0, y: 0, scale: 1 }, 100, { x: 0, y: 0 }).scale).toBe(MAX_SCALE);
    expect(zoomAt({ x: 0, y: 0, scale: 1 }, 0.001, { x: 0, y: 0 }).scale).toBe(MIN_SCALE);
  });

  it('fits a small chart at full size, centred, and a large one scaled down', () => {
    const small = layoutTree(buildUnitTree(generatedUnits(3, 2)), new Set(['u0']));
    const fit = fitView(small, frame);
    expect(fit.scale).toBe(1);
    expect(fit.x).toBeCloseTo((frame.width - small.width) / 2);
    const big = fitView(layout, frame);
    expect(big.scale).toBeLessThan(1);
  });

  it('brings a box into the frame with the least move, and leaves a box in view alone', () => {
    const view = { x: 0, y: 0, scale: 1 };
    const far = layout.units[300];
    if (!far) throw new Error('the layout has 5,000 units');
    const moved = bringIntoView(view, layout, far.id, frame);
    const left = far.x * moved.scale + moved.x;
    const top = far.y * moved.scale + moved.y;
    expect(left).toBeGreaterThanOrEqual(16);
    expect(left + W).toBeLessThanOrEqual(frame.width - 16);
    expect(top + H).toBeLessThanOrEqual(frame.height - 16);
    expect(bringIntoView(moved, layout, far.id, frame)).toBe(moved);
  });
});
