import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { i18n } from '@hcm/i18n';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { DataTable } from './DataTable.tsx';
import type { ColumnDef } from './columns.ts';
import { StatusBadge } from '../status/StatusBadge.tsx';

interface Unit {
  id: string;
  code: string;
  name: string;
  description: string;
  status: string;
}

const units: Unit[] = [
  { id: 'u1', code: 'KT', name: 'Phòng Kế toán', description: 'Ngắn', status: 'ACTIVE' },
  {
    id: 'u2',
    code: 'NS',
    name: 'Phòng Nhân sự',
    description: 'Phụ trách tuyển dụng, đào tạo, chế độ chính sách và quan hệ lao động toàn công ty',
    status: 'INACTIVE',
  },
  { id: 'u3', code: 'IT', name: 'Phòng Công nghệ', description: '', status: 'ACTIVE' },
];

const columns: ColumnDef<Unit>[] = [
  { key: 'code', labelKey: 'code', sortable: true, width: 100 },
  { key: 'name', labelKey: 'name', sortable: true },
  { key: 'description', labelKey: 'description', truncate: 'description' },
  { key: 'status', labelKey: 'status', render: (row) => <StatusBadge status={row.status} /> },
];

function Harness({ rows = units, onSort }: { rows?: Unit[]; onSort?: (sortBy: string) => void }) {
  const [sortBy, setSortBy] = useState<string | undefined>();
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <>
      <DataTable
        ariaLabel="Đơn vị"
        ns="org"
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        sortBy={sortBy}
        onSortChange={(next) => {
          setSortBy(next);
          onSort?.(next);
        }}
        selectable
        selectedIds={selected}
        onSelectionChange={setSelected}
      />
      <output aria-label="đã chọn">{selected.join(',')}</output>
    </>
  );
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });

describe('data table', () => {
  beforeEach(async () => {
    await prepareUi();
    i18n.addResourceBundle(
      'vi',
      'org',
      { code: 'Mã', name: 'Tên đơn vị', description: 'Mô tả', status: 'Trạng thái' },
      true,
      true,
    );
  });
  afterEach(resetUi);

  it('renders the declared columns with their translated labels and widths', async () => {
    renderUi(<Harness />);
    await screen.findByRole('table', { name: 'Đơn vị' });
    expect(header('Mã').style.width).to.equal('100px');
    header('Tên đơn vị');
    header('Mô tả');
    screen.getByText('Phòng Kế toán');
  });

  it('sorts on header clicks: ascending, then descending, shown with aria-sort', async () => {
    const emitted: string[] = [];
    renderUi(<Harness onSort={(s) => emitted.push(s)} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tên đơn vị' }));
    await waitFor(() => expect(header('Tên đơn vị').getAttribute('aria-sort')).to.equal('ascending'));
    expect(header('Mã').getAttribute('aria-sort')).to.equal('none');
    await user.click(screen.getByRole('button', { name: 'Tên đơn vị' }));
    await waitFor(() => expect(header('Tên đơn vị').getAttribute('aria-sort')).to.equal('descending'));
    await user.click(screen.getByRole('button', { name: 'Mã' }));
    expect(emitted).to.deep.equal(['name.asc', 'name.desc', 'code.asc']);
    // not sortable: no button, no aria-sort
    expect(header('Mô tả').getAttribute('aria-sort')).to.equal(null);
    expect(screen.queryByRole('button', { name: 'Mô tả' })).to.equal(null);
  });

  it('selects rows, with a select-all that shows a mixed state', async () => {
    renderUi(<Harness />);
    const user = userEvent.setup();
    const all = await screen.findByRole('checkbox', { name: 'Chọn tất cả các dòng' });
    expect((all as HTMLInputElement).checked).to.equal(false);
    await user.click(screen.getByRole('checkbox', { name: 'Chọn dòng 2' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'đã chọn' }).textContent).to.equal('u2'));
    expect((all as HTMLInputElement).indeterminate).to.equal(true);
    await user.click(all);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'đã chọn' }).textContent).to.equal('u2,u1,u3'),
    );
    expect((all as HTMLInputElement).checked).to.equal(true);
    expect((screen.getByRole('checkbox', { name: 'Chọn dòng 1' }) as HTMLInputElement).checked).to.equal(
      true,
    );
    await user.click(all);
    await waitFor(() => expect(screen.getByRole('status', { name: 'đã chọn' }).textContent).to.equal(''));
  });

  it('cuts long texts to their limit and shows the whole text in a tooltip', async () => {
    renderUi(<Harness />);
    const user = userEvent.setup();
    const cut = await screen.findByText('Phụ trách tuyển dụng, đào tạo, chế độ chính sách v...');
    screen.getByText('Ngắn');
    await user.hover(cut);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).to.equal(units[1]?.description);
  });

  it('shows status badges in the row', async () => {
    renderUi(<Harness />);
    expect((await screen.findAllByText('Đang hoạt động')).length).to.equal(2);
    screen.getByText('Ngừng hoạt động');
  });

  it('scrolls sideways in a phone-wide frame instead of squeezing its columns', async () => {
    renderUi(
      <div style={{ width: 360 }} aria-label="khung" role="region">
        <Harness />
      </div>,
    );
    const frame = screen.getByRole('region', { name: 'khung' });
    const table = screen.getByRole('table', { name: 'Đơn vị' });
    const wrapper = table.parentElement as HTMLElement;
    // Three columns of 150 px, one of 100 and the selection column: wider than the frame.
    expect(table.getBoundingClientRect().width).to.be.at.least(3 * 150 + 100 + 44);
    expect(wrapper.scrollWidth).to.be.greaterThan(wrapper.clientWidth);
    expect(frame.scrollWidth).to.equal(frame.clientWidth);
    // each column as wide as declared (padding included), one without a width 150 px at least
    const width = (name: string) =>
      screen.getByRole('columnheader', { name: new RegExp(`^${name}`) }).getBoundingClientRect().width;
    expect(width('Mã')).to.be.closeTo(100, 1);
    expect(width('Tên')).to.be.at.least(149);
  });

  it('keeps its width without rows on a phone: headers side by side, the empty message in view', async () => {
    renderUi(
      <div style={{ width: 360 }} aria-label="khung" role="region">
        <Harness rows={[]} />
      </div>,
    );
    const frame = screen.getByRole('region', { name: 'khung' });
    const table = screen.getByRole('table', { name: 'Đơn vị' });
    expect(table.getBoundingClientRect().width).to.be.at.least(3 * 150 + 100 + 44);
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.getBoundingClientRect());
    headers
      .slice(1)
      .forEach((header, i) =>
        expect(header.left, `header ${i + 1}`).to.be.at.least((headers[i]?.right ?? 0) - 1),
      );
    const empty = (await screen.findByText('Không có dữ liệu')).getBoundingClientRect();
    const bounds = frame.getBoundingClientRect();
    expect(empty.left).to.be.at.least(bounds.left - 1);
    expect(empty.right).to.be.at.most(bounds.right + 1);
    expect(frame.scrollWidth).to.equal(frame.clientWidth);
  });

  it('can be scrolled by keyboard when wider than its frame, and adds no tab stop when it fits', async () => {
    const { unmount } = renderUi(
      <div style={{ width: 360 }}>
        <Harness rows={[]} />
      </div>,
    );
    // an empty table holds nothing focusable: the scrolling region itself takes focus
    const region = await screen.findByRole('region', { name: 'Đơn vị (cuộn ngang để xem thêm cột)' });
    expect(region.tabIndex).to.equal(0);
    region.focus();
    expect(document.activeElement).to.equal(region);
    unmount();
    renderUi(
      <div style={{ width: 1400 }}>
        <Harness rows={[]} />
      </div>,
    );
    const wrapper = screen.getByRole('table', { name: 'Đơn vị' }).parentElement as HTMLElement;
    await waitFor(() => expect(wrapper.hasAttribute('tabindex')).to.equal(false));
    expect(screen.queryByRole('region', { name: /^Đơn vị/ })).to.equal(null);
  });

  it('says so when there is nothing to show', async () => {
    renderUi(<Harness rows={[]} />);
    await screen.findByText('Không có dữ liệu');
  });
});
