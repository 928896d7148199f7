// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- see the next line
// @ts-nocheck -- its library is installed by bench/grid-scroll.ts into .cache, not the workspace
import { createRoot } from 'react-dom/client';
import { useMemo, useRef } from 'react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { announceReady, sheetFromQuery, type SheetRow } from './data.ts';

/**
 * @tanstack/react-table with @tanstack/react-virtual: headless, so the grid's markup is ours
 * (ARIA grid, a sticky pinned name column, sticky header and totals), rows and columns windowed
 * by two virtualisers, as a kit grid on them would be (editing left out: it would be ours too).
 */
const sheet = sheetFromQuery();
const ROW = 32;
const WIDTH = 120;
const NAME = 160;

function Page() {
  const scroller = useRef<HTMLDivElement>(null);
  const columns = useMemo<ColumnDef<SheetRow>[]>(
    () => sheet.keys.map((key) => ({ id: key, accessorKey: key, header: key, size: WIDTH })),
    [],
  );
  // the React Compiler cannot memoise TanStack Table (its lint says so): a cost of this candidate
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data: sheet.rows, columns, getCoreRowModel: getCoreRowModel() });
  const rows = table.getRowModel().rows;
  const leaf = table.getVisibleLeafColumns();
  const totals = useMemo(
    () => sheet.keys.map((key) => sheet.rows.reduce((sum, row) => sum + Number(row[key]), 0)),
    [],
  );
  const rowWindow = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 4,
  });
  const columnWindow = useVirtualizer({
    horizontal: true,
    count: leaf.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => WIDTH,
    overscan: 2,
  });
  const width = NAME + columnWindow.getTotalSize();
  const cell = {
    position: 'absolute',
    top: 0,
    height: ROW,
    width: WIDTH,
    boxSizing: 'border-box',
    padding: '0 8px',
    borderRight: '1px solid #ddd',
    borderBottom: '1px solid #ddd',
    overflow: 'hidden',
    background: '#fff',
  } as const;
  const pinned = {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    width: NAME,
    height: ROW,
    boxSizing: 'border-box',
    padding: '0 8px',
    background: '#f5f5f5',
    borderRight: '1px solid #ccc',
  } as const;
  const edge = (top: boolean, texts: (i: number) => string, first: string) => (
    <div
      role="rowgroup"
      style={{ position: 'sticky', [top ? 'top' : 'bottom']: 0, zIndex: 2, width, height: ROW }}
    >
      <div role="row" style={{ position: 'relative', display: 'flex', height: ROW }}>
        <div role="columnheader" style={pinned}>
          {first}
        </div>
        {columnWindow.getVirtualItems().map((c) => (
          <div
            key={c.key}
            role={top ? 'columnheader' : 'gridcell'}
            style={{ ...cell, left: NAME + c.start, background: '#eee' }}
          >
            {texts(c.index)}
          </div>
        ))}
      </div>
    </div>
  );
  return (
    <div
      ref={scroller}
      role="grid"
      aria-label="bench"
      aria-rowcount={rows.length + 2}
      style={{ height: 640, overflow: 'auto', position: 'relative' }}
    >
      {edge(true, (i) => String(leaf[i]?.columnDef.header ?? ''), 'Họ tên')}
      <div role="rowgroup" style={{ position: 'relative', height: rowWindow.getTotalSize(), width }}>
        {rowWindow.getVirtualItems().map((r) => {
          const row = rows[r.index];
          const cells = row?.getVisibleCells() ?? [];
          return (
            <div
              key={r.key}
              role="row"
              aria-rowindex={r.index + 2}
              style={{ position: 'absolute', top: r.start, height: ROW, width, display: 'flex' }}
            >
              <div role="rowheader" style={pinned}>
                {row?.original.name}
              </div>
              {columnWindow.getVirtualItems().map((c) => {
                const item = cells[c.index];
                return (
                  <div
                    key={c.key}
                    role="gridcell"
                    style={{ ...cell, left: NAME + c.start, textAlign: 'right' }}
                  >
                    {item ? flexRender(item.column.columnDef.cell, item.getContext()) : null}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
      {edge(false, (i) => String(totals[i] ?? ''), 'Tổng cộng')}
    </div>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<Page />);
announceReady('[role="grid"]');
