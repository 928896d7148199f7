import type { MinuteRange } from './types.ts';

/*
 * Sets of minutes as sorted, disjoint half-open ranges: presence, scheduled work, breaks and the
 * night, all measured from the work day's 00:00. Integers in, integers out.
 */

const DAY = 1440;

/** Sorted, merged, empty ranges dropped. */
export function normalise(ranges: readonly MinuteRange[]): MinuteRange[] {
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

export function total(ranges: readonly MinuteRange[]): number {
  return normalise(ranges).reduce((sum, r) => sum + (r.end - r.start), 0);
}

export function intersect(a: readonly MinuteRange[], b: readonly MinuteRange[]): MinuteRange[] {
  const out: MinuteRange[] = [];
  for (const x of normalise(a))
    for (const y of normalise(b)) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (end > start) out.push({ start, end });
    }
  return normalise(out);
}

/** The minutes of `a` that are not in `b`. */
export function subtract(a: readonly MinuteRange[], b: readonly MinuteRange[]): MinuteRange[] {
  let rest = normalise(a);
  for (const cut of normalise(b))
    rest = rest.flatMap((r) => {
      if (cut.end <= r.start || cut.start >= r.end) return [r];
      const parts: MinuteRange[] = [];
      if (cut.start > r.start) parts.push({ start: r.start, end: cut.start });
      if (cut.end < r.end) parts.push({ start: cut.end, end: r.end });
      return parts;
    });
  return rest;
}

export function contains(range: MinuteRange, minute: number): boolean {
  return minute >= range.start && minute < range.end;
}

/**
 * The night window of every local day a work day can reach (the evening before to the morning
 * after): 22:00–06:00 gives [-120, 360), [1320, 1800) and [2760, 3240).
 */
export function nightRanges(window: MinuteRange): MinuteRange[] {
  const length = window.end > window.start ? window.end - window.start : window.end + DAY - window.start;
  if (length <= 0) return [];
  return normalise(
    [-1, 0, 1, 2].map((day) => ({
      start: day * DAY + window.start - DAY,
      end: day * DAY + window.start - DAY + length,
    })),
  );
}
