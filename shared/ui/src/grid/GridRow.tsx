import { memo, type CSSProperties, type ReactNode } from 'react';

interface GridRowProps {
  readonly row: number;
  readonly record: unknown;
  readonly className: string;
  readonly style: CSSProperties;
  /** the columns drawn, joined: a horizontal scroll that changes them redraws the row */
  readonly drawn: string;
  /** what of the active cell, the selection and the editor falls on this row, as one string */
  readonly state: string;
  /** changes when anything every row draws with changes (columns, errors, language…) */
  readonly shared: object;
  readonly cells: (row: number) => ReactNode;
}

/**
 * One data row. Scrolling by a few rows keeps most rows in the window: they are not drawn
 * again (their record, columns, state and shared inputs unchanged), which halves a scroll
 * frame's work for 40 columns (bench/grid-scroll.ts).
 */
export const GridRow = memo(
  function GridRow({ row, className, style, cells }: GridRowProps) {
    return (
      <div role="row" aria-rowindex={row + 2} className={className} style={style}>
        {cells(row)}
      </div>
    );
  },
  (before, after) =>
    before.row === after.row &&
    before.record === after.record &&
    before.drawn === after.drawn &&
    before.state === after.state &&
    before.shared === after.shared &&
    before.className === after.className &&
    before.style.top === after.style.top &&
    before.style.width === after.style.width &&
    before.style.height === after.style.height,
);
