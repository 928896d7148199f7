/**
 * The numbers a pagination bar shows: first–last of total, and the page count. A capped total
 * (page.totalCapped: more rows than `total`) gives the pages known so far and keeps the page
 * asked for, however deep: the list goes on past them.
 */
export function pageRange(pageIndex: number, pageSize: number, total: number, capped = false) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = capped ? Math.max(1, pageIndex) : Math.min(Math.max(1, pageIndex), pages);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  // a capped total is a lower bound: the page is full (the server counts at least past it)
  const last = capped ? page * pageSize : Math.min(total, page * pageSize);
  return { first, last, pages, page };
}

/** A typed page number, clamped into 1..pages; null when it is not a number. */
export function clampPage(text: string, pages: number): number | null {
  const value = Number.parseInt(text.trim(), 10);
  if (!Number.isFinite(value)) return null;
  return Math.min(Math.max(1, value), pages);
}
