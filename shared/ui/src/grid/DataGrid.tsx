import {
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { mergeClasses } from '@fluentui/react-components';
import { fieldErrorText } from '../form/validators.ts';
import { readDecimalText, type DecimalInputRules } from '../input/decimal-text.ts';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import {
  displayOf,
  editTextOf,
  groupedCount,
  numberRules,
  readCell,
  sumOf,
  type CellError,
  type GridValue,
} from './cell-values.ts';
import { fromClipboardText, toClipboardText } from './clipboard.ts';
import { CellEditor, type Editing } from './CellEditor.tsx';
import { planClear, planPaste, type EditRefusal, type EditTarget } from './grid-edits.ts';
import { inRange, moveFor, rangeOf, type CellPosition } from './grid-moves.ts';
import { useGridStyles } from './grid-styles.ts';
import { GridRow } from './GridRow.tsx';
import type { DataGridProps, GridColumn } from './grid-types.ts';
import { useGridWindow } from './use-grid-window.ts';

const NO_ERRORS: Readonly<Record<string, never>> = {};
const DEFAULT_WIDTH = 120;

const valueOf = <R,>(column: GridColumn<R>, row: R): GridValue => {
  if (column.value) return column.value(row);
  const raw = (row as Record<string, unknown>)[column.key];
  return raw === null || raw === undefined ? null : String(raw);
};

/** The totals row's texts: each column's sum (exact, on decimal strings) or its own total. */
function totalTextsOf<R>(
  columns: readonly GridColumn<R>[],
  rows: readonly R[],
  rules: readonly (DecimalInputRules | null)[],
): string[] {
  return columns.map((column, index) => {
    if (!column.total) return '';
    const total =
      column.total === 'sum' ? sumOf(rows.map((row) => valueOf(column, row))) : column.total(rows);
    return displayOf(total, rules[index] ?? null);
  });
}

/**
 * A grid for wide data (docs/grid.md): an ARIA grid virtualised in both directions (only the
 * rows and columns in view, and the active cell, are in the DOM), pinned columns, a header and a
 * totals row pinned to the edges, spreadsheet keys, cell editing refused against the contract's
 * limits, and ranges copied and pasted as Excel writes them. Values are decimal strings or
 * text; every change of an edit or a paste comes in one `onChange`.
 */
export function DataGrid<R>(props: DataGridProps<R>) {
  const { rows, rowKey, label, labelledBy, onChange, errors = NO_ERRORS, rowHeight = 32 } = props;
  const { maxHeight = 'min(70vh, 36rem)', totals, onBlur } = props;
  const styles = useGridStyles();
  const { t, i18n } = useUiTranslation();
  const messageId = useId();
  const hintId = useId();
  const columns = useMemo(
    () => [...props.columns.filter((c) => c.pinned), ...props.columns.filter((c) => !c.pinned)],
    [props.columns],
  );
  const rules = useMemo(() => columns.map((column) => numberRules(column.field, column.max)), [columns]);
  const widths = useMemo(() => columns.map((column) => column.width ?? DEFAULT_WIDTH), [columns]);
  const pinnedCount = columns.filter((column) => column.pinned).length;
  const hasTotals = Boolean(totals);
  const lastRow = rows.length - 1 + (hasTotals ? 1 : 0);
  const editable = Boolean(onChange);
  const totalTexts = useMemo(
    () => (hasTotals ? totalTextsOf(columns, rows, rules) : []),
    [hasTotals, columns, rows, rules],
  );

  // a new object whenever something every row draws with changes (GridRow compares it)
  const shared = useMemo(
    () => ({ columns, rules, widths, errors, rowKey, editable, language: i18n.language }),
    [columns, rules, widths, errors, rowKey, editable, i18n.language],
  );
  const scrollerRef = useRef<HTMLDivElement>(null);
  const win = useGridWindow(scrollerRef, {
    widths,
    pinnedCount,
    rowHeight,
    rowCount: rows.length,
    hasTotals,
  });

  const [active, setActive] = useState<CellPosition>({ row: rows.length > 0 ? 0 : -1, column: 0 });
  const [anchor, setAnchor] = useState<CellPosition>(active);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const focusInside = useRef(false);
  const reveal = useRef(false);

  // rows may shrink under the active cell
  const at = { row: Math.min(active.row, lastRow), column: Math.min(active.column, columns.length - 1) };
  const range = rangeOf(anchor, at);

  const translate = useCallback(
    (key: string, params: Record<string, string | number>) =>
      i18n.exists(key, { ns: 'ui' }) ? t(key, params) : undefined,
    [i18n, t],
  );
  const rowName = (row: number) => {
    const header = columns.find((column) => column.rowHeader);
    const record = rows[row];
    const name = header && record !== undefined ? displayOf(valueOf(header, record), null) : '';
    return name || t('grid.rowName', { row: row + 1 });
  };
  const cellName = (row: number, column: number) =>
    t('grid.cellName', { row: rowName(row), column: columns[column]?.header ?? '' });
  const errorText = (error: CellError, row: number, column: number) =>
    typeof error === 'string' ? error : fieldErrorText(error, cellName(row, column), translate);

  const isEditable = (row: number, column: number) => {
    const record = rows[row];
    const spec = columns[column];
    if (!editable || !spec || record === undefined || spec.unavailable?.(record, row)) return false;
    return typeof spec.editable === 'function' ? spec.editable(record, row) : (spec.editable ?? false);
  };
  const textAt = (row: number, column: number): string => {
    const spec = columns[column];
    if (!spec) return '';
    if (row === -1) return spec.header;
    if (row === rows.length) return totalTexts[column] ?? '';
    const record = rows[row];
    if (record === undefined || spec.unavailable?.(record, row)) return '';
    const value = valueOf(spec, record);
    return spec.format ? spec.format(value, record) : displayOf(value, rules[column] ?? null);
  };
  const read = (text: string, row: number, column: number, pasted = false) => {
    const spec = columns[column];
    const record = rows[row];
    return readCell(
      text,
      spec?.field,
      rules[column] ?? null,
      spec?.validate && record !== undefined ? (value) => spec.validate?.(value, record) ?? null : undefined,
      pasted,
    );
  };

  const moveTo = (to: CellPosition, extend = false) => {
    reveal.current = true;
    setActive(to);
    if (!extend) setAnchor(to);
  };

  /** Writes the editor's value; false (and the reason shown) when the value is refused. */
  const commit = (): boolean => {
    if (!editing) return true;
    const reading = read(editing.text, editing.row, editing.column);
    if (reading.error) {
      setEditing({ ...editing, error: errorText(reading.error, editing.row, editing.column) });
      return false;
    }
    const spec = columns[editing.column];
    const record = rows[editing.row];
    setEditing(null);
    if (spec && record !== undefined && reading.value !== valueOf(spec, record))
      onChange?.([{ rowIndex: editing.row, columnKey: spec.key, value: reading.value }]);
    return true;
  };

  const startEditing = (text: string, quick: boolean) => {
    if (!isEditable(at.row, at.column)) {
      if (editable && at.row >= 0 && at.row < rows.length)
        setMessage({ text: t('grid.readOnlyCell', { cell: cellName(at.row, at.column) }), error: true });
      return;
    }
    setMessage(null);
    setAnchor(at);
    // a key that began the edit is judged as the next ones will be
    const error = quick ? read(text, at.row, at.column).error : null;
    setEditing({
      row: at.row,
      column: at.column,
      text,
      quick,
      error: error ? errorText(error, at.row, at.column) : null,
    });
  };

  const target: EditTarget = {
    rowCount: rows.length,
    columnCount: columns.length,
    isEditable,
    read,
    valueAt: (row, column) => {
      const spec = columns[column];
      const record = rows[row];
      return spec && record !== undefined ? valueOf(spec, record) : null;
    },
    keyOf: (column) => columns[column]?.key ?? '',
  };
  const refusalText = (refusal: EditRefusal) =>
    refusal.kind === 'outside'
      ? t('grid.pasteOutside', { rows: refusal.rows, columns: refusal.columns })
      : refusal.kind === 'readOnly'
        ? t('grid.readOnlyCell', { cell: cellName(refusal.row, refusal.column) })
        : t('grid.pasteRefused', {
            cell: cellName(refusal.row, refusal.column),
            problem: errorText(refusal.error, refusal.row, refusal.column),
          });

  const clearRange = () => {
    const changes = planClear(range, target);
    if (!Array.isArray(changes)) {
      setMessage({ text: refusalText(changes), error: true });
      return;
    }
    if (changes.length > 0) onChange?.(changes);
    setMessage({ text: t('grid.cleared', { count: groupedCount(changes.length) }), error: false });
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing) return;
    const { key } = event;
    const ctrl = event.ctrlKey || event.metaKey;
    const to = moveFor(
      key,
      at,
      {
        firstRow: -1,
        lastRow,
        columns: columns.length,
        pageRows: Math.max(1, win.pageRows - 1),
      },
      ctrl,
    );
    if (to) {
      event.preventDefault();
      moveTo(to, event.shiftKey);
      return;
    }
    if (ctrl && key.toLowerCase() === 'a') {
      event.preventDefault();
      setAnchor({ row: 0, column: 0 });
      moveTo({ row: rows.length - 1, column: columns.length - 1 }, true);
    } else if (key === 'Enter' || key === 'F2') {
      event.preventDefault();
      if (isEditable(at.row, at.column)) {
        const spec = columns[at.column];
        const record = rows[at.row];
        startEditing(
          spec && record !== undefined ? editTextOf(valueOf(spec, record), rules[at.column] ?? null) : '',
          false,
        );
      } else if (key === 'Enter') moveTo({ row: Math.min(lastRow, at.row + 1), column: at.column });
    } else if ((key === 'Delete' || key === 'Backspace') && editable) {
      event.preventDefault();
      clearRange();
    } else if (key === 'Escape') setAnchor(at);
    else if (key.length === 1 && !ctrl && !event.altKey && editable) {
      // typing replaces the cell's value, as in a spreadsheet
      event.preventDefault();
      const rule = rules[at.column];
      startEditing(rule ? (readDecimalText(key, { ...rule, max: undefined })?.display ?? '') : key, true);
    }
  };

  const onEditorKey = (event: KeyboardEvent<HTMLInputElement>, target: Editing) => {
    const { key } = event;
    const quickMove = target.quick && key.startsWith('Arrow');
    if (key === 'Escape') {
      event.preventDefault();
      setEditing(null);
      setMessage(null);
    } else if (key === 'Enter' || key === 'Tab' || quickMove) {
      event.preventDefault();
      if (!commit()) return;
      const step = event.shiftKey ? -1 : 1;
      const to =
        key === 'Enter'
          ? { row: Math.min(rows.length - 1, Math.max(0, target.row + step)), column: target.column }
          : key === 'Tab'
            ? { row: target.row, column: Math.min(columns.length - 1, Math.max(0, target.column + step)) }
            : moveFor(
                key,
                target,
                { firstRow: 0, lastRow: rows.length - 1, columns: columns.length, pageRows: 1 },
                false,
              );
      if (to) moveTo(to);
    }
    // the grid's own keys do not act on the editor's
    event.stopPropagation();
  };

  const positionOf = (event: MouseEvent): CellPosition | null => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-cell]');
    if (!cell || !scrollerRef.current?.contains(cell)) return null;
    const [row, column] = (cell.dataset.cell ?? '').split(':').map(Number);
    return row === undefined || column === undefined ? null : { row, column };
  };
  const onMouseDown = (event: MouseEvent) => {
    const position = positionOf(event);
    if (!position) return;
    if (editing && (editing.row !== position.row || editing.column !== position.column)) {
      if (!commit()) {
        event.preventDefault();
        return;
      }
    } else if (editing) return;
    reveal.current = false;
    setActive(position);
    if (!event.shiftKey) setAnchor(position);
  };
  const onDoubleClick = (event: MouseEvent) => {
    const position = positionOf(event);
    if (!position || editing) return;
    const spec = columns[position.column];
    const record = rows[position.row];
    if (spec && record !== undefined && isEditable(position.row, position.column))
      setEditing({
        row: position.row,
        column: position.column,
        text: editTextOf(valueOf(spec, record), rules[position.column] ?? null),
        quick: false,
        error: null,
      });
  };

  const onCopy = (event: ClipboardEvent) => {
    if (editing) return;
    event.preventDefault();
    const lines: string[][] = [];
    for (let row = range.top; row <= range.bottom; row += 1) {
      const line: string[] = [];
      for (let column = range.left; column <= range.right; column += 1) line.push(textAt(row, column));
      lines.push(line);
    }
    event.clipboardData.setData('text/plain', toClipboardText(lines));
    const count = (range.bottom - range.top + 1) * (range.right - range.left + 1);
    setMessage({ text: t('grid.copied', { count: groupedCount(count) }), error: false });
  };

  const onPaste = (event: ClipboardEvent) => {
    if (editing || !editable) return;
    event.preventDefault();
    const plan = planPaste(fromClipboardText(event.clipboardData.getData('text/plain')), range, target);
    if (!plan) return;
    if (!('changes' in plan)) {
      setMessage({ text: refusalText(plan), error: true });
      return;
    }
    if (plan.changes.length > 0) onChange?.(plan.changes);
    const { top, left, bottom, right } = plan.range;
    setMessage({
      text: t('grid.pasted', { count: groupedCount((bottom - top + 1) * (right - left + 1)) }),
      error: false,
    });
    setAnchor({ row: bottom, column: right });
    setActive({ row: top, column: left });
  };

  // the active cell in view after a key moved it, and focused while the grid has the focus
  useLayoutEffect(() => {
    if (reveal.current) {
      reveal.current = false;
      win.reveal(at.row, at.column);
    }
  });
  useLayoutEffect(() => {
    if (!focusInside.current || editing) return;
    const cell = scrollerRef.current?.querySelector<HTMLElement>(`[data-cell="${at.row}:${at.column}"]`);
    if (cell && document.activeElement !== cell) cell.focus({ preventScroll: true });
  });

  const activeError = (() => {
    const record = rows[at.row];
    const spec = columns[at.column];
    if (record === undefined || !spec) return null;
    const error = errors[`${rowKey(record, at.row)}:${spec.key}`];
    return error ? errorText(error, at.row, at.column) : null;
  })();
  const shown = editing?.error
    ? { text: t('grid.refused', { problem: editing.error }), error: true }
    : (message ?? (activeError ? { text: activeError, error: true } : null));

  const drawnColumns = win.columnsWith(at.column);
  const drawnKey = drawnColumns.join(',');
  const drawCells = (row: number) => drawnColumns.map((column) => dataCell(row, column));
  // what a row's cells show beyond its record: the active cell, the selection, the editor
  const rowState = (row: number) => {
    const active = row === at.row ? `${at.column}:${shown?.text ?? ''}` : '';
    const selected =
      row >= range.top && row <= range.bottom
        ? `${range.left}-${range.right}:${range.top !== range.bottom}`
        : '';
    const edit = editing?.row === row ? `${editing.column}:${editing.text}:${editing.error ?? ''}` : '';
    return `${active}|${selected}|${edit}`;
  };
  const toneOf = (column: number) => {
    const tone = columns[column]?.tone;
    return tone ? styles[tone] : undefined;
  };
  const cellClasses = (row: number, column: number, extra?: string) =>
    mergeClasses(
      styles.cell,
      column < pinnedCount && styles.pinned,
      rules[column] ? styles.number : undefined,
      toneOf(column),
      inRange(range, row, column) &&
        (range.top !== range.bottom || range.left !== range.right) &&
        styles.selected,
      row === at.row && column === at.column && styles.active,
      extra,
    );
  // one line of text, centred in the row (the bottom border takes a pixel)
  const lineHeight = `${rowHeight - 1}px`;
  const place = (column: number) =>
    column < pinnedCount
      ? {
          left: win.pinnedLeft(column),
          width: widths[column],
          height: rowHeight,
          lineHeight,
          position: 'sticky' as const,
        }
      : { left: win.columnLeft(column), width: widths[column], height: rowHeight, lineHeight };
  const tab = (row: number, column: number) => (row === at.row && column === at.column ? 0 : -1);

  const dataCell = (row: number, column: number): ReactNode => {
    const spec = columns[column];
    const record = rows[row];
    if (!spec || record === undefined) return null;
    const why = spec.unavailable?.(record, row) ?? null;
    const error = errors[`${rowKey(record, row)}:${spec.key}`];
    const isActive = row === at.row && column === at.column;
    const editor = editing && editing.row === row && editing.column === column ? editing : null;
    return (
      <div
        key={column}
        role={spec.rowHeader ? 'rowheader' : 'gridcell'}
        aria-colindex={column + 1}
        aria-selected={editable ? inRange(range, row, column) : undefined}
        aria-readonly={editable && !why && !isEditable(row, column) ? true : undefined}
        aria-disabled={why ? true : undefined}
        aria-invalid={error || editor?.error ? true : undefined}
        aria-describedby={isActive && shown ? messageId : undefined}
        title={why ?? undefined}
        data-cell={`${row}:${column}`}
        tabIndex={tab(row, column)}
        className={cellClasses(
          row,
          column,
          mergeClasses(
            why ? styles.unavailable : undefined,
            error || editor?.error ? styles.invalid : undefined,
          ),
        )}
        style={place(column)}
      >
        {editor ? (
          <CellEditor
            className={styles.editor}
            editing={editor}
            label={cellName(row, column)}
            rules={rules[column] ?? null}
            describedBy={shown ? messageId : undefined}
            onText={(text, error) =>
              setEditing({ ...editor, text, error: error ? errorText(error, row, column) : null })
            }
            read={(text) => read(text, row, column)}
            onKeyDown={(event) => onEditorKey(event, editor)}
          />
        ) : why ? (
          <span className={styles.hidden}>{why}</span>
        ) : (
          textAt(row, column)
        )}
      </div>
    );
  };

  const edgeRow = (row: number, className: string, cellClass: string, role: 'columnheader' | 'gridcell') => (
    <div
      role="row"
      aria-rowindex={row === -1 ? 1 : rows.length + 2}
      className={styles.stickyRow}
      style={{ height: rowHeight, width: win.totalWidth }}
    >
      {drawnColumns.map((column) => (
        <div
          key={column}
          role={role === 'gridcell' && columns[column]?.rowHeader ? 'rowheader' : role}
          aria-colindex={column + 1}
          data-cell={`${row}:${column}`}
          tabIndex={tab(row, column)}
          title={role === 'columnheader' ? columns[column]?.header : undefined}
          className={cellClasses(row, column, mergeClasses(className, cellClass, toneOf(column)))}
          style={place(column)}
        >
          {row === -1
            ? columns[column]?.header
            : column === 0 && !columns[0]?.total
              ? typeof totals === 'string'
                ? totals
                : t('grid.totals')
              : totalTexts[column]}
        </div>
      ))}
    </div>
  );

  return (
    <div className={styles.root}>
      <div
        ref={scrollerRef}
        role="grid"
        aria-label={label}
        aria-labelledby={labelledBy}
        aria-describedby={hintId}
        aria-rowcount={rows.length + 1 + (hasTotals ? 1 : 0)}
        aria-colcount={columns.length}
        aria-multiselectable={editable ? true : undefined}
        aria-readonly={editable ? undefined : true}
        tabIndex={-1}
        className={styles.scroller}
        style={{ maxHeight }}
        onScroll={win.onScroll}
        onKeyDown={onGridKeyDown}
        onMouseDown={onMouseDown}
        onDoubleClick={onDoubleClick}
        onCopy={onCopy}
        onPaste={onPaste}
        onFocus={() => {
          focusInside.current = true;
        }}
        onBlur={(event) => {
          if (scrollerRef.current?.contains(event.relatedTarget as Node | null)) return;
          focusInside.current = false;
          if (editing) commit();
          onBlur?.();
        }}
      >
        <div role="rowgroup" className={styles.header} style={{ width: win.totalWidth }}>
          {edgeRow(-1, styles.headerCell, '', 'columnheader')}
        </div>
        <div
          role="rowgroup"
          className={styles.body}
          style={{ height: rows.length * rowHeight, width: win.totalWidth }}
        >
          {win.rowsWith(at.row).map((row) => (
            <GridRow
              key={rowKey(rows[row] as R, row)}
              row={row}
              record={rows[row]}
              className={styles.row}
              style={{ top: row * rowHeight, height: rowHeight, width: win.totalWidth }}
              drawn={drawnKey}
              state={rowState(row)}
              shared={shared}
              cells={drawCells}
            />
          ))}
        </div>
        {hasTotals && (
          <div role="rowgroup" className={styles.totals} style={{ width: win.totalWidth }}>
            {edgeRow(rows.length, styles.totalsCell, '', 'gridcell')}
          </div>
        )}
      </div>
      <div id={hintId} className={styles.hint}>
        {t('grid.keyboardHint')}
      </div>
      <div
        id={messageId}
        role="status"
        className={mergeClasses(styles.message, shown?.error && styles.messageError)}
      >
        {shown?.text}
      </div>
    </div>
  );
}
