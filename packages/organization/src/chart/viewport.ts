import type { Box, ChartLayout, Connector, PlacedUnit } from './layout.ts';

/**
 * How the chart's world (the layout, in pixels) sits in its frame: a point of the world is drawn
 * at `world × scale + (x, y)` of the frame. Pure functions; the component keeps the state.
 */
export interface View {
  readonly x: number;
  readonly y: number;
  readonly scale: number;
}

export interface Size {
  readonly width: number;
  readonly height: number;
}

export const MIN_SCALE = 0.25;
export const MAX_SCALE = 2;
/** The most boxes drawn at once: the DOM stays small however far out the user zooms. */
export const MAX_DRAWN = 400;

export const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** The part of the world the frame shows. */
export function worldInView(view: View, frame: Size): Box {
  return {
    x: -view.x / view.scale,
    y: -view.y / view.scale,
    width: frame.width / view.scale,
    height: frame.height / view.scale,
  };
}

const overlaps = (a: Box, b: Box) =>
  a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;

export interface Drawn {
  readonly units: readonly PlacedUnit[];
  readonly connectors: readonly Connector[];
  /** units in view that were left out to stay under `max` (the user zoomed far out) */
  readonly leftOut: number;
}

/**
 * What to draw for a view (windowing): the boxes and connectors that overlap the frame widened
 * by `margin` frame pixels on each side, so that a short pan shows boxes already drawn. Beyond
 * `max` boxes the shallowest are kept (the outline of the organisation), and `keep` (the unit
 * holding the keyboard focus) is always drawn, in view or not.
 */
export function drawnFor(
  layout: ChartLayout,
  view: View,
  frame: Size,
  { margin = 200, max = MAX_DRAWN, keep = [] as readonly string[] } = {},
): Drawn {
  const seen = worldInView(view, frame);
  const pad = margin / view.scale;
  const area: Box = {
    x: seen.x - pad,
    y: seen.y - pad,
    width: seen.width + 2 * pad,
    height: seen.height + 2 * pad,
  };
  const { nodeWidth: width, nodeHeight: height } = layout.options;
  let units = layout.units.filter((unit) => overlaps(area, { x: unit.x, y: unit.y, width, height }));
  let leftOut = 0;
  if (units.length > max) {
    leftOut = units.length - max;
    units = [...units].sort((a, b) => a.depth - b.depth).slice(0, max);
  }
  const drawnIds = new Set(units.map((unit) => unit.id));
  for (const id of keep) {
    const unit = layout.byId.get(id);
    if (unit && !drawnIds.has(id)) {
      units = [...units, unit];
      drawnIds.add(id);
    }
  }
  const connectors = layout.connectors.filter(
    (line) => overlaps(area, line.box) && (leftOut === 0 || drawnIds.has(line.to)),
  );
  return { units, connectors, leftOut };
}

/** The view scaled by `factor` around a point of the frame (the cursor, the pinch's centre). */
export function zoomAt(view: View, factor: number, point: { x: number; y: number }): View {
  const scale = clampScale(view.scale * factor);
  const ratio = scale / view.scale;
  return { scale, x: point.x - (point.x - view.x) * ratio, y: point.y - (point.y - view.y) * ratio };
}

/** The view showing the whole layout in the frame, `padding` frame pixels from its edges. */
export function fitView(layout: ChartLayout, frame: Size, padding = 24): View {
  const width = Math.max(1, frame.width - 2 * padding);
  const height = Math.max(1, frame.height - 2 * padding);
  const scale = clampScale(
    Math.min(1, width / Math.max(1, layout.width), height / Math.max(1, layout.height)),
  );
  return {
    scale,
    x: (frame.width - layout.width * scale) / 2,
    y: Math.max(padding, (frame.height - layout.height * scale) / 2),
  };
}

/** The view with the unit's box in the middle of the frame, at the same scale. */
export function centreOn(view: View, layout: ChartLayout, id: string, frame: Size): View {
  const unit = layout.byId.get(id);
  if (!unit) return view;
  const { nodeWidth, nodeHeight } = layout.options;
  return {
    scale: view.scale,
    x: frame.width / 2 - (unit.x + nodeWidth / 2) * view.scale,
    y: frame.height / 2 - (unit.y + nodeHeight / 2) * view.scale,
  };
}

/** The view moved just enough that the unit's whole box is in the frame (`margin` inside it). */
export function bringIntoView(view: View, layout: ChartLayout, id: string, frame: Size, margin = 16): View {
  const unit = layout.byId.get(id);
  if (!unit) return view;
  const { nodeWidth, nodeHeight } = layout.options;
  const left = unit.x * view.scale + view.x;
  const top = unit.y * view.scale + view.y;
  const right = left + nodeWidth * view.scale;
  const bottom = top + nodeHeight * view.scale;
  let dx = 0;
  let dy = 0;
  if (left < margin) dx = margin - left;
  else if (right > frame.width - margin) dx = frame.width - margin - right;
  if (top < margin) dy = margin - top;
  else if (bottom > frame.height - margin) dy = frame.height - margin - bottom;
  return dx === 0 && dy === 0 ? view : { ...view, x: view.x + dx, y: view.y + dy };
}
