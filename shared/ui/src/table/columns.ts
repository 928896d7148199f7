import type { ReactNode } from 'react';
import type { TruncateKind } from '../format/truncate.ts';

/**
 * One column of a list, declared as data: the same declaration drives the table's headers,
 * cells, widths, sorting and truncation.
 */
export interface ColumnDef<T> {
  /** the row property shown by default, and the column's id */
  key: string;
  /** i18next key of the header, with its namespace: 'payroll:periods.name' (or use the table's `ns`) */
  labelKey: string;
  /** CSS width: 150 (px) or '20%' */
  width?: number | string;
  /** the cell's content; default: the row's `key` property as text */
  render?: (row: T, index: number) => ReactNode;
  /** true: sortable by `key`; a string: sortable by that field (sortBy `field.asc|desc`) */
  sortable?: boolean | string;
  /** cut the default text to a limit of catalogues §9 (or a number) with a tooltip of the full text */
  truncate?: TruncateKind | number;
  align?: 'start' | 'center' | 'end';
}

/** The field a column sorts by, or null when it does not sort. */
export const sortFieldOf = <T>(column: ColumnDef<T>): string | null =>
  column.sortable === true ? column.key : typeof column.sortable === 'string' ? column.sortable : null;

/** A row's default cell text: strings and numbers as they are, anything else blank. */
export function cellText(row: unknown, key: string): string {
  const value = (row as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** An index column (STT): the row's number across pages. */
export const indexColumn = <T>(labelKey = 'ui:table.index'): ColumnDef<T> => ({
  key: '__index',
  labelKey,
  width: 64,
  render: (_row, index) => index + 1,
});
