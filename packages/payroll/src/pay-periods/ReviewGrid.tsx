import { useMemo, type UIEvent } from 'react';
import {
  PayPeriodWorkerStatusLabels,
  type PayPeriodComponent,
  type PayPeriodTotals,
  type PayPeriodWorkerRow,
} from '@hcm/contracts/pay-periods';
import { DataGrid, useScreenSize, type GridChange, type GridColumn } from '@hcm/ui';
import { componentName, gridFieldOf, gridValueOf, typedInGrid } from './sheet-values.ts';
import { usePayPeriodTexts } from './texts.ts';

/** A component's column as wide as its name needs (Vietnamese names run long), within bounds. */
const widthOf = (header: string, number: boolean) =>
  Math.round(Math.min(240, Math.max(number ? 128 : 144, header.length * 7.5 + 28)));

/** Rows from the bottom edge at which the next page is asked for, as the table is scrolled. */
const LOAD_AHEAD_ROWS = 20;
const ROW_HEIGHT = 32;

/**
 * The detailed table on the kit's grid (docs/grid.md): one row per worker, pinned code, name and
 * unit (the name alone on a phone), the status, then one column per component in the template's
 * order (the chosen payslip group's), money in whole đồng with thousands dots, a totals row of the
 * server's totals over every worker the filter lists. INPUT components are typed in place while
 * the sheet may change; the next page is read when the table nears its last row.
 */
export function ReviewGrid({
  rows,
  components,
  shownCodes,
  totals,
  writable,
  label,
  onChange,
  onNearEnd,
  onFocusRow,
}: {
  rows: readonly PayPeriodWorkerRow[];
  components: readonly PayPeriodComponent[];
  /** the codes of the components shown (a payslip group), null: every one */
  shownCodes: readonly string[] | null;
  totals: PayPeriodTotals | null;
  writable: boolean;
  label: string;
  onChange: (changes: readonly GridChange[]) => void;
  onNearEnd: () => void;
  onFocusRow: (index: number | null) => void;
}) {
  const { text, english } = usePayPeriodTexts();
  const phone = useScreenSize() === 'mobile';
  const columns = useMemo<GridColumn<PayPeriodWorkerRow>[]>(() => {
    const shown = shownCodes ? new Set(shownCodes) : null;
    const statusWords = (row: PayPeriodWorkerRow) => {
      const words = PayPeriodWorkerStatusLabels[row.status];
      return english ? words.en : words.vi;
    };
    return [
      // the totals row's label sits in the first column: wide enough for "Tổng cộng"
      { key: 'code', header: text('code'), width: phone ? 88 : 104, pinned: !phone },
      { key: 'fullName', header: text('fullName'), width: phone ? 136 : 200, pinned: true, rowHeader: true },
      { key: 'unitName', header: text('unitColumn'), width: 160, pinned: !phone },
      { key: 'status', header: text('workerStatus'), width: 88, value: statusWords },
      ...components
        .filter((component) => !shown || shown.has(component.code))
        .map<GridColumn<PayPeriodWorkerRow>>((component) => {
          const field = gridFieldOf(component.valueType);
          const typed = writable && typedInGrid(component);
          const header = componentName(component, english);
          return {
            key: component.code,
            header,
            width: widthOf(header, Boolean(field)),
            ...(field ? { field } : {}),
            value: (row) => gridValueOf(row.values[component.code]),
            editable: typed,
            ...(field ? { total: () => gridValueOf(totals?.totals[component.code] ?? null) } : {}),
          };
        }),
    ];
  }, [components, shownCodes, totals, writable, phone, english, text]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const scroller = event.target as HTMLElement;
    if (scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < LOAD_AHEAD_ROWS * ROW_HEIGHT)
      onNearEnd();
  };
  /** The row of the focused cell, from its row index (the header row is 1). */
  const onFocus = (target: EventTarget) => {
    const element = target instanceof HTMLElement ? target : null;
    const row = Number(element?.closest('[role="row"]')?.getAttribute('aria-rowindex'));
    const index = row - 2;
    onFocusRow(Number.isInteger(index) && index >= 0 && index < rows.length ? index : null);
  };

  return (
    <div onScrollCapture={onScroll} onFocus={(event) => onFocus(event.target)}>
      <DataGrid
        columns={columns}
        rows={rows}
        rowKey={(row) => row.workerId}
        label={label}
        rowHeight={ROW_HEIGHT}
        totals={text('totalsRow')}
        {...(writable ? { onChange } : {})}
      />
    </div>
  );
}
