/**
 * The rows a scrolled list draws: those in view and `overscan` more on each side (so that Tab
 * and the arrow keys always find the next row drawn), of `count` rows `rowHeight` px high.
 */
export function visibleRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan = 4,
): { first: number; last: number } {
  if (count === 0) return { first: 0, last: -1 };
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((scrollTop + viewportHeight) / rowHeight) + overscan);
  return { first, last };
}

/** Whether the reader is within `rows` rows of the end of what is loaded: time for the next page. */
export const nearEnd = (
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  loaded: number,
  rows = 3,
) => scrollTop + viewportHeight >= (loaded - rows) * rowHeight;

/**
 * The list after the next page arrived: in order, each id once. A page read after newer
 * notifications arrived starts with rows already shown (the pages shifted): they are kept once.
 */
export function appendPage<T extends { id: string }>(shown: readonly T[], page: readonly T[]): T[] {
  const seen = new Set(shown.map((item) => item.id));
  return [...shown, ...page.filter((item) => !seen.has(item.id))];
}
