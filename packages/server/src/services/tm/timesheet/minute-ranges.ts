import type { MinuteRange } from './types.ts';

/*
 * Sets of minutes as sorted, disjoint half-open ranges: presence, scheduled work, breaks and the
 * night, all measured from the work day's 00:00. Integers in, integers out.
 */

const DAY = 1440;

/** Sorted, merged, empty ranges dropped. */
export function normalise(ranges: readonly MinuteRange[]): MinuteRange[] {
  if (isNormal(ranges)) return ranges.slice(); // the usual case: a day's few ranges, already in order
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
  const merged: MinuteRange[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end)
      merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, range.end) };
    else merged.push({ start: range.start, end: range.end });
  }
  return merged;
}

function isNormal(ranges: readonly MinuteRange[]): boolean {
  let previousEnd = Number.NEGATIVE_INFINITY;
  for (const range of ranges) {
    if (range.end <= range.start || range.start <= previousEnd) return false;
    previousEnd = range.end;
  }
  return true;
}

/** `ranges` normalised for reading only: the same array when already normal (no copy), else normalise's. */
function normalView(ranges: readonly MinuteRange[]): readonly MinuteRange[] {
  return isNormal(ranges) ? ranges : normalise(ranges);
}

export function total(ranges: readonly MinuteRange[]): number {
  let sum = 0;
  for (const r of normalView(ranges)) sum += r.end - r.start;
  return sum;
}

export function intersect(a: readonly MinuteRange[], b: readonly MinuteRange[]): MinuteRange[] {
  const xs = normalView(a);
  const ys = normalView(b);
  const out: MinuteRange[] = [];
  // both sorted and disjoint: one pass, the range that ends first moves on
  let i = 0;
  let j = 0;
  while (i < xs.length && j < ys.length) {
    const x = xs[i] as MinuteRange;
    const y = ys[j] as MinuteRange;
    const start = Math.max(x.start, y.start);
    const end = Math.min(x.end, y.end);
    if (end > start) out.push({ start, end });
    if (x.end < y.end) i++;
    else j++;
  }
  return out;
}

/** The minutes of `a` that are not in `b`. */
export function subtract(a: readonly MinuteRange[], b: readonly MinuteRange[]): MinuteRange[] {
  const xs = normalise(a);
  const cuts = normalView(b);
  if (cuts.length === 0) return xs;
  const out: MinuteRange[] = [];
  let j = 0;
  for (const x of xs) {
    let start = x.start;
    // cuts wholly before this range are done with (ranges and cuts are both in order)
    while (j < cuts.length && (cuts[j] as MinuteRange).end <= start) j++;
    let k = j;
    while (k < cuts.length && (cuts[k] as MinuteRange).start < x.end) {
      const cut = cuts[k] as MinuteRange;
      if (cut.start > start) out.push({ start, end: cut.start });
      start = Math.max(start, cut.end);
      k++;
    }
    if (start < x.end) out.push({ start, end: x.end });
  }
  return out;
}

export function contains(range: MinuteRange, minute: number): boolean {
  return minute >= range.start && minute < range.end;
}

/**
 * The night window of every local day a work day can reach (the evening before to the morning
 * after): 22:00–06:00 gives [-120, 360), [1320, 1800) and [2760, 3240).
 */
export function nightRanges(window: MinuteRange): MinuteRange[] {
  let ranges = nights.get(window);
  if (!ranges) {
    ranges = nightRangesOf(window);
    nights.set(window, ranges);
  }
  return ranges;
}

/** Kept per rules' window object: every day of a batch shares its rules. */
const nights = new WeakMap<MinuteRange, MinuteRange[]>();

function nightRangesOf(window: MinuteRange): MinuteRange[] {
  const length = window.end > window.start ? window.end - window.start : window.end + DAY - window.start;
  if (length <= 0) return [];
  return normalise(
    [-1, 0, 1, 2].map((day) => ({
      start: day * DAY + window.start - DAY,
      end: day * DAY + window.start - DAY + length,
    })),
  );
}
