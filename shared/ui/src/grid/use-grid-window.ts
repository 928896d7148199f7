import { useCallback, useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import { columnOffsets, columnSpan, rowSpan, type Span } from './grid-window.ts';

interface WindowInput {
  readonly widths: readonly number[];
  readonly pinnedCount: number;
  readonly rowHeight: number;
  readonly rowCount: number;
  readonly hasTotals: boolean;
}

interface Drawn {
  readonly rows: Span;
  readonly columns: Span;
  readonly height: number;
}

const sameDrawn = (a: Drawn, b: Drawn) =>
  a.height === b.height &&
  a.rows.start === b.rows.start &&
  a.rows.end === b.rows.end &&
  a.columns.start === b.columns.start &&
  a.columns.end === b.columns.end;

/**
 * The grid's window on its rows and columns: what is drawn for the scroller's position and
 * size, recomputed on scroll and resize but set (and so rendered) only when it changes.
 */
export function useGridWindow(scrollerRef: RefObject<HTMLDivElement | null>, input: WindowInput) {
  const { widths, pinnedCount, rowHeight, rowCount, hasTotals } = input;
  const pinned = useMemo(() => columnOffsets(widths.slice(0, pinnedCount)), [widths, pinnedCount]);
  const scrolled = useMemo(() => columnOffsets(widths.slice(pinnedCount)), [widths, pinnedCount]);
  // the header and the totals row cover the scroller's edges
  const edges = rowHeight * (1 + (hasTotals ? 1 : 0));

  const measure = useCallback((): Drawn => {
    const scroller = scrollerRef.current;
    const height = scroller?.clientHeight || 600;
    const width = scroller?.clientWidth || 1024;
    return {
      height,
      rows: rowSpan(scroller?.scrollTop ?? 0, height - edges, rowHeight, rowCount),
      columns: columnSpan(scrolled.offsets, scroller?.scrollLeft ?? 0, width - pinned.total),
    };
  }, [scrollerRef, edges, rowHeight, rowCount, scrolled, pinned.total]);

  // before the first layout (the observer then measures): a screenful of a usual size
  const [drawn, setDrawn] = useState<Drawn>(() => ({
    height: 600,
    rows: rowSpan(0, 600 - edges, rowHeight, rowCount),
    columns: columnSpan(scrolled.offsets, 0, 1024 - pinned.total),
  }));
  const update = useCallback(() => {
    const next = measure();
    setDrawn((current) => (sameDrawn(current, next) ? current : next));
  }, [measure]);

  // the observer reports the scroller's size once when it starts observing, then on each change
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scrollerRef, update]);

  /** Scrolls the least that shows a cell whole, beside the pinned columns and between the edges. */
  const reveal = useCallback(
    (row: number, column: number) => {
      const scroller = scrollerRef.current;
      if (!scroller) return;
      if (row >= 0 && row < rowCount) {
        const top = row * rowHeight;
        const view = scroller.clientHeight - edges;
        if (top < scroller.scrollTop) scroller.scrollTop = top;
        else if (top + rowHeight > scroller.scrollTop + view) scroller.scrollTop = top + rowHeight - view;
      }
      if (column >= pinnedCount) {
        const left = scrolled.offsets[column - pinnedCount] ?? 0;
        const width = widths[column] ?? 0;
        const view = scroller.clientWidth - pinned.total;
        if (left < scroller.scrollLeft) scroller.scrollLeft = left;
        else if (left + width > scroller.scrollLeft + view) scroller.scrollLeft = left + width - view;
      }
      update();
    },
    [scrollerRef, rowCount, rowHeight, edges, pinnedCount, scrolled, widths, pinned.total, update],
  );

  const rowsWith = (activeRow: number): number[] => {
    const list: number[] = [];
    if (activeRow >= 0 && activeRow < drawn.rows.start && activeRow < rowCount) list.push(activeRow);
    for (let row = drawn.rows.start; row < Math.min(drawn.rows.end, rowCount); row += 1) list.push(row);
    if (activeRow >= Math.max(drawn.rows.end, drawn.rows.start) && activeRow < rowCount) list.push(activeRow);
    return list;
  };
  const columnsWith = (activeColumn: number): number[] => {
    const list: number[] = [];
    for (let column = 0; column < pinnedCount; column += 1) list.push(column);
    const start = drawn.columns.start + pinnedCount;
    const end = drawn.columns.end + pinnedCount;
    if (activeColumn >= pinnedCount && activeColumn < start) list.push(activeColumn);
    for (let column = start; column < end; column += 1) list.push(column);
    if (activeColumn >= end && activeColumn < widths.length) list.push(activeColumn);
    return list;
  };

  return {
    totalWidth: pinned.total + scrolled.total,
    pageRows: Math.max(1, Math.floor((drawn.height - edges) / rowHeight)),
    pinnedLeft: (column: number) => pinned.offsets[column] ?? 0,
    columnLeft: (column: number) => pinned.total + (scrolled.offsets[column - pinnedCount] ?? 0),
    onScroll: update,
    reveal,
    rowsWith,
    columnsWith,
  };
}
