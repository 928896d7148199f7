/**
 * Which rows and columns a grid draws: the ones in view and a few around them (overscan), so
 * that 10,000 rows × 40 columns cost what a screenful costs. Rows have one height; columns
 * their own widths; pinned columns are always drawn and scroll under nothing.
 */

export interface Span {
  /** first index drawn */
  readonly start: number;
  /** one past the last index drawn */
  readonly end: number;
}

/** Rows drawn for a scroll position: whole rows in view, `overscan` more on each side. */
export function rowSpan(
  scrollTop: number,
  viewHeight: number,
  rowHeight: number,
  count: number,
  overscan = 4,
): Span {
  if (count === 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + Math.max(viewHeight, rowHeight)) / rowHeight);
  return { start: Math.max(0, Math.min(count - 1, first - overscan)), end: Math.min(count, last + overscan) };
}

/** The left edge of each column among the scrolled ones, and their total width. */
export function columnOffsets(widths: readonly number[]): { offsets: number[]; total: number } {
  const offsets: number[] = [];
  let total = 0;
  for (const width of widths) {
    offsets.push(total);
    total += width;
  }
  return { offsets, total };
}

/**
 * Scrolled columns drawn for a scroll position: those crossing the view (whose width is the
 * grid's less its pinned columns), `overscan` more on each side. Binary search: 40 columns or 400.
 */
export function columnSpan(
  offsets: readonly number[],
  scrollLeft: number,
  viewWidth: number,
  overscan = 2,
): Span {
  const count = offsets.length;
  if (count === 0) return { start: 0, end: 0 };
  const left = Math.max(0, scrollLeft);
  const right = left + Math.max(viewWidth, 1);
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((offsets[middle] ?? 0) <= left) low = middle;
    else high = middle - 1;
  }
  let end = low;
  while (end < count && (offsets[end] ?? 0) < right) end += 1;
  return { start: Math.max(0, low - overscan), end: Math.min(count, Math.max(end, low + 1) + overscan) };
}
