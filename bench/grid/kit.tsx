import { createRoot } from 'react-dom/client';
import { f, label } from '../../shared/contracts/src/resource/index.ts';
import { initI18n } from '../../shared/i18n/src/index.ts';
import { HcmProvider } from '../../shared/ui/src/HcmProvider.tsx';
import { useState } from 'react';
import { DataGrid } from '../../shared/ui/src/grid/DataGrid.tsx';
import type { GridColumn } from '../../shared/ui/src/grid/grid-types.ts';
import { announceReady, sheetFromQuery, type SheetRow } from './data.ts';

/** The kit's own DataGrid (hand-made windowing), editable, a pinned name and a totals row. */
const money = f.money({ label: label('bench.amount', 'Số tiền', 'Amount') });
const sheet = sheetFromQuery();
const columns: GridColumn<SheetRow>[] = [
  { key: 'name', header: 'Họ tên', pinned: true, rowHeader: true, width: 160 },
  ...sheet.keys.map((key) => ({ key, header: key, field: money, editable: true, total: 'sum' as const })),
];

function Page() {
  const [rows, setRows] = useState(sheet.rows);
  return (
    <DataGrid
      label="bench"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id ?? ''}
      totals
      maxHeight="640px"
      onChange={(changes) =>
        setRows((current) => {
          const next = [...current];
          for (const { rowIndex, columnKey, value } of changes)
            next[rowIndex] = { ...next[rowIndex], [columnKey]: value ?? '' };
          return next;
        })
      }
    />
  );
}

void initI18n({}).then(() => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <HcmProvider>
      <Page />
    </HcmProvider>,
  );
  announceReady('[role="grid"]');
});
