import type { FieldContract } from '@hcm/contracts/resource';
import type { FieldError } from '../form/validators.ts';
import type { CellError, GridValue } from './cell-values.ts';

/** A column of a DataGrid. */
export interface GridColumn<R> {
  /** the value's key in a row (and in `GridChange`, errors and copy) */
  readonly key: string;
  /** the header's text, already translated */
  readonly header: string;
  /** in px; default 120 */
  readonly width?: number;
  /** stays at the start edge while the others scroll; pinned columns are drawn first */
  readonly pinned?: boolean;
  /** its cells name their row (role rowheader): a person's name, a grade */
  readonly rowHeader?: boolean;
  /**
   * the contract's field: a number kind (integer, decimal, money) is typed in Vietnamese
   * notation and right-aligned; its limits (required, min/max, precision and scale) refuse a
   * value when it is typed or pasted, as the form and the server do
   */
  readonly field?: FieldContract;
  /** a tighter largest value than the field's precision allows (a decimal string) */
  readonly max?: string;
  /** the cell's value; default `row[key]` */
  readonly value?: (row: R) => GridValue;
  /** the cell's text; default: numbers in Vietnamese notation, text as it is */
  readonly format?: (value: GridValue, row: R) => string;
  /** whether a cell can be edited; default false */
  readonly editable?: boolean | ((row: R, rowIndex: number) => boolean);
  /** a cell that takes no value in this row (drawn grey): why, for the tooltip and screen readers */
  readonly unavailable?: (row: R, rowIndex: number) => string | null;
  /** a rule beyond the field's limits (a text is shown as it is); refused like theirs */
  readonly validate?: (value: GridValue, row: R) => CellError | null;
  /**
   * a column shaded as a day off, header and cells (a timesheet's weekly rest days and public
   * holidays, as HR's paper and Excel sheets shade them)
   */
  readonly tone?: 'rest' | 'holiday';
  /** the totals row's value of the column: 'sum' adds the values exactly (decimal strings) */
  readonly total?: 'sum' | ((rows: readonly R[]) => GridValue);
}

/** One cell written by an edit, a paste or a clear. */
export interface GridChange {
  readonly rowIndex: number;
  readonly columnKey: string;
  readonly value: GridValue;
}

export interface DataGridProps<R> {
  readonly columns: readonly GridColumn<R>[];
  readonly rows: readonly R[];
  /** a row's stable key (errors are keyed `<row key>:<column key>`) */
  readonly rowKey: (row: R, index: number) => string;
  /** the grid's accessible name, or the id of what names it */
  readonly label?: string;
  readonly labelledBy?: string;
  /** every change of one edit, paste or clear, at once; without it the grid is read only */
  readonly onChange?: (changes: readonly GridChange[]) => void;
  /** errors shown on cells (the server's), keyed `<row key>:<column key>` */
  readonly errors?: Readonly<Record<string, FieldError>>;
  /** px; default 32 */
  readonly rowHeight?: number;
  /** the grid's largest height (CSS); shorter when it has fewer rows; default min(70vh, 36rem) */
  readonly maxHeight?: string;
  /** a totals row pinned at the bottom, with this label (default: the kit's "Total") */
  readonly totals?: boolean | string;
  /** a cell left while editing (the form's touched state) */
  readonly onBlur?: () => void;
}
