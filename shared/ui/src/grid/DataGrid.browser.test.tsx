import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { f, label } from '@hcm/contracts/resource';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../testing/axe.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { DataGrid } from './DataGrid.tsx';
import type { GridChange, GridColumn } from './grid-types.ts';

type Row = Record<string, string | null>;

/** A payroll-like sheet: a pinned name, then money columns (numeric(18, 2), ≥ 0) and days (0–31). */
const money = f.money({ label: label('test.amount', 'Số tiền', 'Amount') });
const days = f.integer({ label: label('test.days', 'Ngày công', 'Days'), minimum: 0, maximum: 31 });

function sheetColumns(amounts: number): GridColumn<Row>[] {
  return [
    { key: 'name', header: 'Họ tên', pinned: true, rowHeader: true, width: 160 },
    { key: 'days', header: 'Ngày công', field: days, editable: true, total: 'sum', width: 100 },
    ...Array.from({ length: amounts }, (_, i) => ({
      key: `m${i + 1}`,
      header: `Khoản ${i + 1}`,
      field: money,
      editable: true,
      total: 'sum' as const,
    })),
  ];
}

function sheetRows(count: number, amounts: number): Row[] {
  return Array.from({ length: count }, (_, r) => {
    const row: Row = { id: `w${r + 1}`, name: `Nhân viên ${r + 1}`, days: String(20 + (r % 5)) };
    for (let i = 1; i <= amounts; i += 1) row[`m${i}`] = String((r + 1) * 1000 + i);
    return row;
  });
}

/** The grid over rows kept in state, as a page keeps them; every change batch is recorded. */
function Sheet({ count, amounts, batches }: { count: number; amounts: number; batches: GridChange[][] }) {
  const [rows, setRows] = useState(() => sheetRows(count, amounts));
  return (
    <DataGrid
      label="Bảng lương"
      columns={sheetColumns(amounts)}
      rows={rows}
      rowKey={(row) => String(row.id)}
      totals
      maxHeight="20rem"
      onChange={(changes) => {
        batches.push([...changes]);
        setRows((current) => {
          const next = [...current];
          for (const { rowIndex, columnKey, value } of changes)
            next[rowIndex] = { ...next[rowIndex], [columnKey]: value };
          return next;
        });
      }}
    />
  );
}

const grid = () => screen.getByRole('grid', { name: 'Bảng lương' });
/** A data cell by its row's name and its column's header. */
function cell(rowName: string, header: string): HTMLElement {
  const headers = within(grid()).getAllByRole('columnheader');
  const index = headers.find((h) => h.textContent === header)?.getAttribute('aria-colindex');
  const row = within(grid()).getByRole('rowheader', { name: rowName }).closest('[role="row"]') as HTMLElement;
  const found = row.querySelector<HTMLElement>(`[aria-colindex="${index}"]`);
  if (!found) throw new Error(`no cell ${rowName} / ${header}`);
  return found;
}
const totalOf = (header: string) => {
  const headers = within(grid()).getAllByRole('columnheader');
  const index = headers.find((h) => h.textContent === header)?.getAttribute('aria-colindex');
  const totals = within(grid())
    .getAllByRole('row')
    .find((row) => row.getAttribute('aria-rowindex') === grid().getAttribute('aria-rowcount'));
  return totals?.querySelector(`[aria-colindex="${index}"]`)?.textContent;
};
const status = () => screen.getByRole('status').textContent;

describe('DataGrid', () => {
  beforeEach(prepareUi);
  afterEach(resetUi);

  it('is a grid to screen readers: counts, indexes, headers, a pinned row header; axe finds nothing', async () => {
    renderUi(<Sheet count={3} amounts={3} batches={[]} />);
    await screen.findByRole('grid', { name: 'Bảng lương' });
    expect(grid().getAttribute('aria-rowcount')).to.equal('5'); // header, 3 rows, totals
    expect(grid().getAttribute('aria-colcount')).to.equal('5');
    expect(
      within(grid())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).to.deep.equal(['Họ tên', 'Ngày công', 'Khoản 1', 'Khoản 2', 'Khoản 3']);
    expect(cell('Nhân viên 2', 'Khoản 1').textContent).to.equal('2.001');
    expect(cell('Nhân viên 2', 'Khoản 1').closest('[role="row"]')?.getAttribute('aria-rowindex')).to.equal(
      '3',
    );
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('moves by keys: arrows, Home/End, Ctrl+End to the totals, Ctrl+Home to the header', async () => {
    const user = userEvent.setup();
    renderUi(<Sheet count={3} amounts={3} batches={[]} />);
    await screen.findByRole('grid', { name: 'Bảng lương' });
    await user.click(cell('Nhân viên 1', 'Ngày công'));
    expect(document.activeElement).to.equal(cell('Nhân viên 1', 'Ngày công'));
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(document.activeElement).to.equal(cell('Nhân viên 2', 'Khoản 1'));
    await user.keyboard('{End}');
    expect(document.activeElement).to.equal(cell('Nhân viên 2', 'Khoản 3'));
    await user.keyboard('{Home}');
    expect(document.activeElement).to.equal(within(grid()).getByRole('rowheader', { name: 'Nhân viên 2' }));
    await user.keyboard('{Control>}{End}{/Control}');
    expect(document.activeElement?.textContent).to.equal(totalOf('Khoản 3'));
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(document.activeElement?.textContent).to.equal('Họ tên');
    // only one cell is a tab stop
    expect(grid().querySelectorAll('[tabindex="0"]')).to.have.length(1);
  });

  it('edits a cell: a value past the contract limit is refused and not written, a valid one is', async () => {
    const user = userEvent.setup();
    const batches: GridChange[][] = [];
    renderUi(<Sheet count={3} amounts={2} batches={batches} />);
    await screen.findByRole('grid', { name: 'Bảng lương' });
    await user.click(cell('Nhân viên 1', 'Ngày công'));
    // typing replaces the value; 32 days is over the field's maximum of 31
    await user.keyboard('32{Enter}');
    const editor = screen.getByRole('textbox', { name: 'Nhân viên 1 – Ngày công' });
    expect(editor.getAttribute('aria-invalid')).to.equal('true');
    expect(status()).to.contain('phải nhỏ hơn hoặc bằng 31');
    expect(batches).to.deep.equal([]);
    // Escape gives the old value back
    await user.keyboard('{Escape}');
    expect(cell('Nhân viên 1', 'Ngày công').textContent).to.equal('20');
    await user.keyboard('{Backspace}');
    // Backspace on a cell clears it (days are not required)
    expect(batches).to.deep.equal([[{ rowIndex: 0, columnKey: 'days', value: null }]]);
    await user.keyboard('{Enter}');
    await user.keyboard('{Backspace}{Backspace}25{Enter}');
    // one batch per edit: the clear, then the 25 (the editor leaving the DOM writes nothing again)
    expect(batches).to.deep.equal([
      [{ rowIndex: 0, columnKey: 'days', value: null }],
      [{ rowIndex: 0, columnKey: 'days', value: '25' }],
    ]);
    // Enter wrote and moved down
    expect(document.activeElement).to.equal(cell('Nhân viên 2', 'Ngày công'));
    expect(totalOf('Ngày công')).to.equal('68'); // 25 + 21 + 22
  });

  it('pastes a 3 × 2 range from Excel in one change, and refuses a range with a bad value whole', async () => {
    const user = userEvent.setup();
    const batches: GridChange[][] = [];
    renderUi(<Sheet count={4} amounts={3} batches={batches} />);
    await screen.findByRole('grid', { name: 'Bảng lương' });
    await user.click(cell('Nhân viên 2', 'Khoản 1'));
    // as Excel writes it: tabs between cells, CR LF after each row, Vietnamese notation
    await user.paste('1.500.000\t2000000\r\n3,5\t0\r\n12.345\t7\r\n');
    expect(batches).to.deep.equal([
      [
        { rowIndex: 1, columnKey: 'm1', value: '1500000' },
        { rowIndex: 1, columnKey: 'm2', value: '2000000' },
        { rowIndex: 2, columnKey: 'm1', value: '3.5' },
        { rowIndex: 2, columnKey: 'm2', value: '0' },
        { rowIndex: 3, columnKey: 'm1', value: '12345' },
        { rowIndex: 3, columnKey: 'm2', value: '7' },
      ],
    ]);
    expect(cell('Nhân viên 2', 'Khoản 1').textContent).to.equal('1.500.000');
    expect(cell('Nhân viên 3', 'Khoản 1').textContent).to.equal('3,5');
    expect(status()).to.equal('Đã dán 6 ô.');
    // the pasted range stays selected
    expect(grid().querySelectorAll('[aria-selected="true"]')).to.have.length(6);
    // a negative amount (money is ≥ 0) and a word: nothing is written, the cell is named
    await user.click(cell('Nhân viên 1', 'Khoản 2'));
    await user.paste('5\t-3\r\n');
    expect(status()).to.contain('Nhân viên 1 – Khoản 3');
    await user.paste('năm\r\n');
    expect(status()).to.contain('Không dán được');
    expect(batches).to.have.length(1);
    // past the last row
    await user.click(cell('Nhân viên 4', 'Khoản 1'));
    await user.paste('1\r\n2\r\n');
    expect(status()).to.contain('vượt ra ngoài bảng');
    expect(batches).to.have.length(1);
  });

  it('copies a range as tab-separated rows, as Excel reads them', async () => {
    const user = userEvent.setup();
    renderUi(<Sheet count={4} amounts={3} batches={[]} />);
    await screen.findByRole('grid', { name: 'Bảng lương' });
    await user.click(cell('Nhân viên 1', 'Khoản 1'));
    await user.keyboard('{Shift>}{ArrowDown}{ArrowRight}{/Shift}');
    // Ctrl + C with no text selected: the browser's copy event at the focused cell
    const clipboardData = new DataTransfer();
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('copy', { clipboardData, bubbles: true, cancelable: true }),
    );
    expect(clipboardData.getData('text/plain')).to.equal('1.001\t1.002\r\n2.001\t2.002\r\n');
    await waitFor(() => expect(status()).to.equal('Đã sao chép 4 ô.'));
  });

  it('adds the totals row exactly and keeps it in view, pinned to the bottom', async () => {
    renderUi(<Sheet count={1000} amounts={3} batches={[]} />);
    await screen.findByRole('grid', { name: 'Bảng lương' });
    // (r + 1) * 1000 + 1 for r < 1000: 1000 * 1001 / 2 * 1000 + 1000
    expect(totalOf('Khoản 1')).to.equal('500.501.000');
    expect(totalOf('Ngày công')).to.equal('22.000');
    const totalsRow = within(grid()).getByRole('rowheader', { name: 'Tổng cộng' });
    const gridBox = grid().getBoundingClientRect();
    expect(Math.round(totalsRow.getBoundingClientRect().bottom)).to.be.at.most(Math.round(gridBox.bottom));
  });

  it('draws only a window of 10,000 rows × 40 columns, and follows the keys to the far corner', async () => {
    const user = userEvent.setup();
    renderUi(<Sheet count={10_000} amounts={38} batches={[]} />);
    await screen.findByRole('grid', { name: 'Bảng lương' });
    expect(grid().getAttribute('aria-rowcount')).to.equal('10002');
    expect(grid().getAttribute('aria-colcount')).to.equal('40');
    const drawnRows = () => grid().querySelectorAll('[role="rowgroup"]:nth-child(2) > [role="row"]').length;
    const drawnCells = () => grid().querySelectorAll('[role="gridcell"], [role="rowheader"]').length;
    expect(drawnRows()).to.be.greaterThan(5).and.lessThan(40);
    expect(drawnCells()).to.be.lessThan(40 * 30);
    await user.click(cell('Nhân viên 1', 'Ngày công'));
    await user.keyboard('{Control>}{ArrowDown}{/Control}{ArrowUp}{Control>}{ArrowRight}{/Control}');
    // the last data row's last cell, scrolled to: the window moved, not grew
    const active = document.activeElement as HTMLElement;
    expect(active.closest('[role="row"]')?.getAttribute('aria-rowindex')).to.equal('10001');
    expect(active.getAttribute('aria-colindex')).to.equal('40');
    expect(active.textContent).to.equal('10.000.038');
    await waitFor(() =>
      expect(within(grid()).queryByRole('rowheader', { name: 'Nhân viên 1' })).to.equal(null),
    );
    expect(drawnRows()).to.be.lessThan(40);
    // the pinned name column is still drawn beside the far columns
    within(grid()).getByRole('rowheader', { name: 'Nhân viên 10000' });
  });

  it('says its words in English', async () => {
    const { setLanguage } = await import('@hcm/i18n');
    await setLanguage('en');
    renderUi(<Sheet count={2} amounts={1} batches={[]} />);
    await screen.findByRole('grid', { name: 'Bảng lương' });
    within(grid()).getByRole('rowheader', { name: 'Total' });
    screen.getByText(/Arrow keys move between cells/);
  });
});
