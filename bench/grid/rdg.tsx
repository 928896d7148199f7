// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- see the next line
// @ts-nocheck -- its library is installed by bench/grid-scroll.ts into .cache, not the workspace
import { createRoot } from 'react-dom/client';
import { useMemo, useState } from 'react';
import { DataGrid, renderTextEditor, type Column } from 'react-data-grid';
import 'react-data-grid/lib/styles.css';
import { announceReady, sheetFromQuery, type SheetRow } from './data.ts';

/** react-data-grid 7 beta: frozen name column, a bottom summary row, text editors on the cells. */
const sheet = sheetFromQuery();
type Summary = Record<string, string>;

function Page() {
  const [rows, setRows] = useState(sheet.rows);
  const columns = useMemo<Column<SheetRow, Summary>[]>(
    () => [
      { key: 'name', name: 'Họ tên', frozen: true, width: 160, renderSummaryCell: () => 'Tổng cộng' },
      ...sheet.keys.map((key) => ({
        key,
        name: key,
        width: 120,
        renderEditCell: renderTextEditor,
        renderSummaryCell: ({ row }: { row: Summary }) => row[key],
      })),
    ],
    [],
  );
  const summary = useMemo(() => {
    const totals: Summary = {};
    for (const key of sheet.keys) totals[key] = String(rows.reduce((sum, row) => sum + Number(row[key]), 0));
    return [totals];
  }, [rows]);
  return (
    <DataGrid
      aria-label="bench"
      columns={columns}
      rows={rows}
      rowKeyGetter={(row) => row.id ?? ''}
      onRowsChange={setRows}
      bottomSummaryRows={summary}
      style={{ height: 640 }}
    />
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<Page />);
announceReady('[role="grid"]');
