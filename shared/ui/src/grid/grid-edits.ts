import type { CellError, CellReading, GridValue } from './cell-values.ts';
import type { CellRange } from './grid-moves.ts';
import type { GridChange } from './grid-types.ts';

/** What an edit needs to know of the grid's cells (data rows 0…rowCount-1). */
export interface EditTarget {
  readonly rowCount: number;
  readonly columnCount: number;
  readonly isEditable: (row: number, column: number) => boolean;
  readonly read: (text: string, row: number, column: number, pasted: boolean) => CellReading;
  readonly valueAt: (row: number, column: number) => GridValue;
  readonly keyOf: (column: number) => string;
}

/** Why nothing was written: a cell named with its reason, or a range past the grid. */
export type EditRefusal =
  | { readonly kind: 'outside'; readonly rows: number; readonly columns: number }
  | { readonly kind: 'readOnly'; readonly row: number; readonly column: number }
  | { readonly kind: 'refused'; readonly row: number; readonly column: number; readonly error: CellError };

export interface PastePlan {
  readonly changes: GridChange[];
  /** the cells the paste covered (selected after it) */
  readonly range: CellRange;
}

/**
 * Where a block from the clipboard goes and what it writes, all or nothing: from the range's
 * top-left cell, or filling the range with one value (as Excel does). An empty cell over a cell
 * that takes nothing is skipped; any other value there, a refused value or a block past the
 * grid's edges refuses the whole paste. Unchanged cells are not written.
 */
export function planPaste(
  block: readonly (readonly string[])[],
  selection: CellRange,
  target: EditTarget,
): PastePlan | EditRefusal | null {
  const height = block.length;
  const width = Math.max(0, ...block.map((line) => line.length));
  if (height === 0 || width === 0) return null;
  const top = Math.max(0, selection.top);
  const left = selection.left;
  const fill = height === 1 && width === 1;
  const bottom = fill ? Math.min(selection.bottom, target.rowCount - 1) : top + height - 1;
  const right = fill ? selection.right : left + width - 1;
  if (selection.top >= target.rowCount || bottom >= target.rowCount || right >= target.columnCount)
    return { kind: 'outside', rows: height, columns: width };
  const changes: GridChange[] = [];
  for (let row = top; row <= bottom; row += 1)
    for (let column = left; column <= right; column += 1) {
      const text = fill ? (block[0]?.[0] ?? '') : (block[row - top]?.[column - left] ?? '');
      if (!target.isEditable(row, column)) {
        if (text.trim() === '') continue;
        return { kind: 'readOnly', row, column };
      }
      const reading = target.read(text, row, column, true);
      if (reading.error) return { kind: 'refused', row, column, error: reading.error };
      if (reading.value !== target.valueAt(row, column))
        changes.push({ rowIndex: row, columnKey: target.keyOf(column), value: reading.value });
    }
  return { changes, range: { top, left, bottom, right } };
}

/** The cells Delete empties in a range: the editable ones holding a value; refused if one must keep it. */
export function planClear(selection: CellRange, target: EditTarget): GridChange[] | EditRefusal {
  const changes: GridChange[] = [];
  for (let row = Math.max(0, selection.top); row <= Math.min(selection.bottom, target.rowCount - 1); row += 1)
    for (let column = selection.left; column <= selection.right; column += 1) {
      if (!target.isEditable(row, column) || target.valueAt(row, column) === null) continue;
      const reading = target.read('', row, column, false);
      if (reading.error) return { kind: 'refused', row, column, error: reading.error };
      changes.push({ rowIndex: row, columnKey: target.keyOf(column), value: null });
    }
  return changes;
}
