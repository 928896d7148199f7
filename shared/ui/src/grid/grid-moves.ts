/** A cell position: the row among the grid's rows (-1 the header, rows.length the totals), the column index. */
export interface CellPosition {
  readonly row: number;
  readonly column: number;
}

export interface GridBounds {
  /** first navigable row: -1 (the header) */
  readonly firstRow: number;
  /** last navigable row: the totals row when there is one, else the last data row */
  readonly lastRow: number;
  readonly columns: number;
  /** data rows a page key moves by */
  readonly pageRows: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * Where a navigation key takes the active cell (APG grid keys, and Excel's Ctrl + arrows to the
 * edge): null for a key that does not move.
 */
export function moveFor(
  key: string,
  from: CellPosition,
  bounds: GridBounds,
  ctrl: boolean,
): CellPosition | null {
  const { firstRow, lastRow, columns, pageRows } = bounds;
  const at = (row: number, column: number) => ({
    row: clamp(row, firstRow, lastRow),
    column: clamp(column, 0, columns - 1),
  });
  switch (key) {
    case 'ArrowUp':
      return at(ctrl ? firstRow : from.row - 1, from.column);
    case 'ArrowDown':
      return at(ctrl ? lastRow : from.row + 1, from.column);
    case 'ArrowLeft':
      return at(from.row, ctrl ? 0 : from.column - 1);
    case 'ArrowRight':
      return at(from.row, ctrl ? columns - 1 : from.column + 1);
    case 'Home':
      return ctrl ? at(firstRow, 0) : at(from.row, 0);
    case 'End':
      return ctrl ? at(lastRow, columns - 1) : at(from.row, columns - 1);
    case 'PageUp':
      return at(from.row - pageRows, from.column);
    case 'PageDown':
      return at(from.row + pageRows, from.column);
    default:
      return null;
  }
}

/** The rectangle between two cells (inclusive). */
export function rangeOf(a: CellPosition, b: CellPosition) {
  return {
    top: Math.min(a.row, b.row),
    bottom: Math.max(a.row, b.row),
    left: Math.min(a.column, b.column),
    right: Math.max(a.column, b.column),
  };
}
export type CellRange = ReturnType<typeof rangeOf>;

export const inRange = (range: CellRange, row: number, column: number) =>
  row >= range.top && row <= range.bottom && column >= range.left && column <= range.right;
