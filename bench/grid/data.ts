/**
 * The sheets the grid candidates draw: a name column, then number columns as decimal strings
 * (payroll: 10,000 rows × 40 columns; timekeeping: 1,000 rows × 31 day columns), built the same
 * way for every candidate from the page's query (?rows=&columns=).
 */
export type SheetRow = Record<string, string>;

export interface Sheet {
  readonly rows: SheetRow[];
  /** the value columns' keys (the name column is `name`) */
  readonly keys: string[];
}

export function sheetFromQuery(): Sheet {
  const query = new URLSearchParams(window.location.search);
  const rowCount = Number(query.get('rows') ?? 10_000);
  const columnCount = Number(query.get('columns') ?? 40);
  const keys = Array.from({ length: columnCount - 1 }, (_, i) => `c${i + 1}`);
  const rows = Array.from({ length: rowCount }, (_, r) => {
    const row: SheetRow = { id: String(r), name: `Nhân viên ${r + 1}` };
    keys.forEach((key, i) => {
      row[key] = String(((r + 1) * 7919 + i * 104_729) % 50_000_000);
    });
    return row;
  });
  return { rows, keys };
}

/** Tells the runner the grid is drawn: its scroller, found by the selector. */
export function announceReady(scrollerSelector: string) {
  const wait = () => {
    const scroller = document.querySelector(scrollerSelector);
    if (scroller) (window as unknown as { benchScroller: Element }).benchScroller = scroller;
    else requestAnimationFrame(wait);
  };
  requestAnimationFrame(wait);
}
