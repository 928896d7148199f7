import type { ReactNode } from 'react';
import {
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableCellLayout,
  TableHeader,
  TableHeaderCell,
  TableRow,
  TableSelectionCell,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from '@hcm/i18n';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { parseSortBy, toggleSortBy } from '../list/list-query.ts';
import { cellText, sortFieldOf, type ColumnDef } from './columns.ts';
import { TruncatedText } from './TruncatedText.tsx';
import { useOverflowing } from '../hooks/overflowing.ts';

/** A column's least width when it declares none (catalogues §9: table columns 150 px). */
const COLUMN_MIN_PX = 150;
const SELECTION_PX = 44;

/**
 * The table is never narrower than its columns need, with rows or without: on a phone it
 * scrolls sideways inside its wrapper instead of squeezing each column (and its header) to a
 * word per line or over its neighbour. An empty table's "nothing to show" is as wide as the
 * wrapper and sticks to its start edge, so it stays in view (styles.emptyText).
 */
function tableMinWidth(
  columns: readonly { width?: number | string }[],
  selectable: boolean | undefined,
): string {
  const px = columns.reduce(
    (sum, column) => sum + (typeof column.width === 'number' ? column.width : COLUMN_MIN_PX),
    0,
  );
  return `max(100%, ${px + (selectable ? SELECTION_PX : 0)}px)`;
}

const useStyles = makeStyles({
  // A size container, so the empty message can be exactly as wide as what is in view (100cqi).
  wrapper: { overflowX: 'auto', position: 'relative', containerType: 'inline-size' },
  empty: {
    color: tokens.colorNeutralForeground3,
    paddingBlock: tokens.spacingVerticalXXL,
    paddingInline: 0,
  },
  emptyText: {
    position: 'sticky',
    insetInlineStart: 0,
    width: '100cqi',
    boxSizing: 'border-box',
    paddingInline: tokens.spacingHorizontalM,
    textAlign: 'center',
  },
});

export interface DataTableProps<T> {
  columns: readonly ColumnDef<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** the table's accessible name, already translated */
  ariaLabel: string;
  /** namespace for column label keys without one */
  ns?: string;
  /** current sort, `field.asc|desc` */
  sortBy?: string;
  onSortChange?: (sortBy: string) => void;
  /** shows a checkbox per row and a select-all in the header */
  selectable?: boolean;
  selectedIds?: readonly string[];
  onSelectionChange?: (ids: string[]) => void;
  /** rows that cannot be selected */
  isRowDisabled?: (row: T) => boolean;
  loading?: boolean;
  /** default: the kit's 'no data' */
  emptyText?: ReactNode;
  /** number of rows before this page (index columns count from it) */
  rowOffset?: number;
}

/**
 * A table declared by its columns: sortable headers (a click sorts ascending, the next flips,
 * reported as `field.asc|desc`), optional selection with a select-all that shows a mixed state.
 */
export function DataTable<T>({
  columns,
  rows,
  getRowId,
  ariaLabel,
  ns,
  sortBy,
  onSortChange,
  selectable = false,
  selectedIds = [],
  onSelectionChange,
  isRowDisabled,
  loading = false,
  emptyText,
  rowOffset = 0,
}: DataTableProps<T>) {
  const styles = useStyles();
  const { ref: scrollerRef, overflowing } = useOverflowing<HTMLDivElement>();
  const { t: tUi } = useUiTranslation();
  const { t } = useTranslation(ns);
  const sort = parseSortBy(sortBy);
  const selected = new Set(selectedIds);
  const selectableIds = rows.filter((row) => !isRowDisabled?.(row)).map(getRowId);
  const selectedOnPage = selectableIds.filter((id) => selected.has(id)).length;
  const allState: boolean | 'mixed' =
    selectedOnPage === 0 ? false : selectedOnPage === selectableIds.length ? true : 'mixed';

  const toggleAll = () => {
    const next = new Set(selected);
    if (allState === true) selectableIds.forEach((id) => next.delete(id));
    else selectableIds.forEach((id) => next.add(id));
    onSelectionChange?.([...next]);
  };
  const toggleRow = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectionChange?.([...next]);
  };

  return (
    <div
      ref={scrollerRef}
      className={styles.wrapper}
      aria-busy={loading}
      // scrolled by keyboard too when it is wider than the screen (WCAG 2.1.1)
      // (named apart from the page's own region of the same title, which it sits in)
      {...(overflowing
        ? { tabIndex: 0, role: 'region', 'aria-label': tUi('table.scrollRegion', { name: ariaLabel }) }
        : {})}
    >
      <Table aria-label={ariaLabel} style={{ minWidth: tableMinWidth(columns, selectable) }}>
        <TableHeader>
          <TableRow>
            {selectable && (
              <TableSelectionCell
                type="checkbox"
                checked={allState}
                onClick={toggleAll}
                onKeyDown={(event) => {
                  if (event.key === ' ' || event.key === 'Enter') {
                    event.preventDefault();
                    toggleAll();
                  }
                }}
                checkboxIndicator={{ 'aria-label': tUi('table.selectAll') }}
                invisible={selectableIds.length === 0}
              />
            )}
            {columns.map((column) => {
              const field = sortFieldOf(column);
              const direction = field && sort?.field === field ? sort.direction : undefined;
              return (
                <TableHeaderCell
                  key={column.key}
                  // border-box: the declared width holds the cell's padding, so the columns add up
                  // to tableMinWidth and a column without a width keeps its 150 px
                  style={
                    column.width !== undefined ? { width: column.width, boxSizing: 'border-box' } : undefined
                  }
                  sortable={field !== null}
                  sortDirection={
                    direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined
                  }
                  onClick={field ? () => onSortChange?.(toggleSortBy(sortBy, field)) : undefined}
                >
                  {t(column.labelKey)}
                </TableHeaderCell>
              );
            })}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, index) => {
            const id = getRowId(row);
            const disabled = isRowDisabled?.(row) ?? false;
            return (
              <TableRow key={id} aria-selected={selectable ? selected.has(id) : undefined}>
                {selectable && (
                  <TableSelectionCell
                    type="checkbox"
                    checked={selected.has(id)}
                    onClick={() => !disabled && toggleRow(id)}
                    checkboxIndicator={{
                      'aria-label': tUi('table.selectRow', { index: rowOffset + index + 1 }),
                      disabled,
                    }}
                  />
                )}
                {columns.map((column) => (
                  <TableCell key={column.key} style={{ textAlign: column.align ?? 'start' }}>
                    <TableCellLayout truncate={column.truncate !== undefined}>
                      {column.render ? (
                        column.render(row, rowOffset + index)
                      ) : column.truncate !== undefined ? (
                        <TruncatedText text={cellText(row, column.key)} limit={column.truncate} />
                      ) : (
                        cellText(row, column.key)
                      )}
                    </TableCellLayout>
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length + (selectable ? 1 : 0)} className={styles.empty}>
                <div className={styles.emptyText}>
                  {loading ? (
                    <Spinner size="small" label={tUi('table.loading')} />
                  ) : (
                    (emptyText ?? tUi('table.noData'))
                  )}
                </div>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
