import { expect } from '@open-wc/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PayPeriodPaths } from '@hcm/contracts/pay-periods';
import { clearSession } from '@hcm/session';
import { WIDGETS_APP } from '@hcm/widgets';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { signInAdministrator } from '../../../../shared/ui/src/testing/menu-walk.ts';
import {
  loadAppTexts,
  openPath,
  prepareUi,
  renderUi,
  resetUi,
} from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { PayrollRouter } from '../PayrollRouter.tsx';
import { addPayrollDictionary } from '../testing.ts';
import { detailPayrollPath } from './paths.ts';
import { FAILED_CODE, fakePayPeriods, type FakePayPeriods } from './testing/fake-pay-periods.ts';
import { pastThePhone } from './testing/phone.ts';

let fake: FakePayPeriods;
let settled: () => boolean;
const GRID = 'Bảng lương BL_VP_2026_03 tháng 03/2026';
const grid = () => screen.getByRole('grid');
const headers = () =>
  within(grid())
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

/** A data cell by its worker's name (the row header) and its column's header. */
function cell(rowName: string, header: string): HTMLElement {
  const index = within(grid())
    .getAllByRole('columnheader')
    .find((h) => h.textContent === header)
    ?.getAttribute('aria-colindex');
  const row = within(grid()).getAllByRole('rowheader', { name: rowName })[0]?.closest('[role="row"]');
  const found = row?.querySelector<HTMLElement>(`[aria-colindex="${index}"]`);
  if (!found) throw new Error(`no cell ${rowName} / ${header}`);
  return found;
}
const totalOf = (header: string) => {
  const index = within(grid())
    .getAllByRole('columnheader')
    .find((h) => h.textContent === header)
    ?.getAttribute('aria-colindex');
  const totals = within(grid())
    .getAllByRole('row')
    .find((row) => row.getAttribute('aria-rowindex') === grid().getAttribute('aria-rowcount'));
  return totals?.querySelector(`[aria-colindex="${index}"]`)?.textContent;
};
const money = (amount: number) => amount.toLocaleString('de-DE');

/** Scrolls the grid sideways until a column's header is drawn (the grid draws the columns in view). */
async function showColumn(header: string) {
  await waitFor(() => {
    if (headers().includes(header)) return;
    grid().scrollLeft += 240;
    fireEvent.scroll(grid());
    throw new Error(`${header} not in view yet`);
  });
}

/** Shows one payslip group's columns only. */
async function showGroup(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Nhóm thành phần' }));
  await userEvent.click(screen.getByRole('option', { name }));
}

async function openDetail(sheet: string) {
  openPath(detailPayrollPath(sheet));
  renderUi(<PayrollRouter />);
  await screen.findByRole('heading', { level: 1, name: 'Bảng lương chi tiết' });
  await screen.findByRole('grid', {
    name: GRID.replace('BL_VP', sheet === fake.sheets.open ? 'BL_VP' : 'BL_SX'),
  });
  await waitFor(() => expect(settled(), 'the page has settled').to.equal(true));
}

/*
 * Salary › Payroll period › Detailed payroll in Chromium against the in-memory API: 250 workers
 * of a sheet on the kit's grid — the first 100, the next page read as the grid nears its end,
 * totals over every worker from the server, money in whole đồng with thousands dots, a payslip
 * group's columns at a time, a search; an input typed in the grid (the worker computed again, the
 * row and totals updated); a worker's trace with each formula and the values it read, an input
 * typed there; a sheet in approval read only, with why; axe at desktop and 390 px.
 */
describe('the detailed payroll', () => {
  beforeEach(async () => {
    await prepareUi();
    await addPayrollDictionary();
    await loadAppTexts(WIDGETS_APP, 'widgets');
    fake = fakePayPeriods();
    settled = await signInAdministrator(fake.api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('asks for a sheet when none is given', async () => {
    openPath('/pm/detail-payroll');
    renderUi(<PayrollRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Bảng lương chi tiết' });
    await screen.findByText('Chọn bảng lương để xem chi tiết.');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('shows the workers × components with the server’s totals, and reads on as the grid is scrolled', async () => {
    await openDetail(fake.sheets.open);
    expect(headers().slice(0, 6)).to.deep.equal([
      'Mã NV',
      'Họ và tên',
      'Đơn vị',
      'Tình trạng',
      'Ngày công thực tế',
      'Lương theo ngày công',
    ]);
    // 250 workers, 100 a page: the header, 100 rows and the totals
    expect(grid().getAttribute('aria-rowcount')).to.equal('102');
    screen.getByText('Đang hiện 100 / 250 nhân viên');
    const first = fake.rowOf('NV0001');
    expect(cell(String(first?.fullName), 'Lương theo ngày công').textContent).to.equal(
      money(Number(first?.values.LUONG_THANG)),
    );
    // the totals are the server's over all 250, not the 100 shown
    const all = [...Array(250).keys()]
      .map((n) => fake.rowOf(`NV${String(n + 1).padStart(4, '0')}`))
      .reduce((sum, row) => sum + Number(row?.values.THUC_LINH ?? 0), 0);
    await showGroup('Thực lĩnh');
    await waitFor(() => expect(totalOf('Thực lĩnh')).to.equal(money(all)));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    const scroller = grid().closest('[role="grid"]') as HTMLElement;
    scroller.scrollTop = scroller.scrollHeight;
    fireEvent.scroll(scroller);
    await screen.findByText('Đang hiện 200 / 250 nhân viên');
    await userEvent.click(screen.getByRole('button', { name: 'Tải thêm' }));
    await screen.findByText('Đang hiện 250 / 250 nhân viên');
    expect(fake.pagesRead).to.deep.equal(['first', '100', '200']);
    expect(screen.queryByRole('button', { name: 'Tải thêm' })).to.equal(null);
  });

  it('finds a worker by code, shows the failed ones only, and a payslip group’s columns', async () => {
    await openDetail(fake.sheets.open);
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Tìm theo mã hoặc tên nhân viên' }),
      FAILED_CODE,
    );
    await screen.findByText('Đang hiện 1 / 1 nhân viên');
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Tìm theo mã hoặc tên nhân viên' }));
    await screen.findByText('Đang hiện 100 / 250 nhân viên');

    await userEvent.click(screen.getByRole('combobox', { name: 'Tình trạng tính' }));
    await userEvent.click(screen.getByRole('option', { name: 'Chỉ nhân viên lỗi' }));
    await screen.findByText('Đang hiện 1 / 1 nhân viên');
    expect(cell(String(fake.rowOf(FAILED_CODE)?.fullName), 'Tình trạng').textContent).to.equal('Lỗi');

    await showGroup('Khấu trừ');
    await waitFor(() =>
      expect(headers()).to.deep.equal(['Mã NV', 'Họ và tên', 'Đơn vị', 'Tình trạng', 'BHXH người lao động']),
    );
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('takes an input typed in the grid: the worker is computed again, the row and totals follow', async () => {
    await openDetail(fake.sheets.open);
    const worker = fake.rowOf('NV0002');
    const name = String(worker?.fullName);
    const user = userEvent.setup();
    await showGroup('Thu nhập');
    await showColumn('Tổng thu nhập');
    await user.click(cell(name, 'Thưởng'));
    await user.keyboard('1.500.000{Enter}');
    await waitFor(() => expect(cell(name, 'Thưởng').textContent).to.equal('1.500.000'));
    const [sent] = fake.api.callsTo(
      'PUT',
      PayPeriodPaths.inputs.replace('{id}', fake.sheets.open).replace('{workerId}', String(worker?.workerId)),
    );
    expect(sent?.body).to.deep.equal({ componentCode: 'THUONG', value: '1500000' });
    expect(cell(name, 'Tổng thu nhập').textContent).to.equal(
      money(Number(worker?.values.TONG_THU_NHAP) + 1_500_000),
    );
    await screen.findByText(`Đã lưu Thưởng của ${name} và tính lại.`);
    // a computed column takes no typing
    expect(cell(name, 'Tổng thu nhập').getAttribute('aria-readonly')).to.equal('true');
  });

  it('opens a worker’s trace: each formula, the values it read, the result; an input typed there', async () => {
    await openDetail(fake.sheets.open);
    const worker = fake.rowOf('NV0003');
    const name = String(worker?.fullName);
    await userEvent.click(cell(name, 'Lương theo ngày công'));
    await screen.findByText(`Nhân viên đang chọn: NV0003 – ${name}`);
    await userEvent.click(screen.getByRole('button', { name: 'Xem diễn giải' }));
    const dialog = await screen.findByRole('dialog', { name: `Diễn giải lương: NV0003 – ${name}` });
    await within(dialog).findByText('ROUND(LUONG_HOP_DONG / CONG_CHUAN * CONG_THUC_TE, 0)');
    const salary = within(dialog).getByText('Lương theo ngày công').closest('li') as HTMLElement;
    const read = (name: string) =>
      within(salary).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(read('LUONG_HOP_DONG')).to.equal('9.500.000');
    expect(read('CONG_CHUAN')).to.equal('26');
    expect(salary.textContent).to.contain(`Kết quả: ${money(Number(worker?.values.LUONG_THANG))}`);
    await userEvent.click(within(salary).getByRole('button', { name: 'Các bước tính (3)' }));
    expect(salary.textContent).to.contain('LUONG_HOP_DONG / CONG_CHUAN = 365.384,6153');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(dialog)).to.deep.equal([]);

    const bonus = await within(dialog).findByRole('textbox', { name: 'Dữ liệu nhập: Thưởng' });
    await userEvent.type(bonus, '200000');
    const form = bonus.closest('form') as HTMLElement;
    await userEvent.click(within(form).getByRole('button', { name: 'Lưu và tính lại' }));
    await within(dialog).findByText(/đã nhập tay/);
    expect(fake.rowOf('NV0003')?.values.THUONG).to.equal(200_000);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Đóng' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
  });

  it('names the failed worker’s reason in the trace', async () => {
    await openDetail(fake.sheets.open);
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Tìm theo mã hoặc tên nhân viên' }),
      FAILED_CODE,
    );
    await screen.findByText('Đang hiện 1 / 1 nhân viên');
    const name = String(fake.rowOf(FAILED_CODE)?.fullName);
    await userEvent.click(cell(name, 'Tình trạng'));
    await screen.findByText(/chưa có hợp đồng lao động đã duyệt/);
    await userEvent.click(screen.getByRole('button', { name: 'Xem diễn giải' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/Thiếu dữ liệu: Nhân viên chưa có hợp đồng/);
  });

  it('keeps a sheet waiting for approval read only, and says why', async () => {
    await openDetail(fake.sheets.inApproval);
    await screen.findByText(/Bảng lương đang chờ duyệt: dữ liệu nhập không sửa được/);
    const name = String(fake.rowOf('NV0002')?.fullName);
    // read only: no cell offers editing, and no recomputation is offered
    expect(grid().querySelector('[aria-readonly]')).to.equal(null);
    await userEvent.click(cell(name, 'Lương theo ngày công'));
    await userEvent.keyboard('5{Enter}');
    expect(screen.queryByRole('textbox', { name: new RegExp(name) })).to.equal(null);
    expect(screen.queryByRole('button', { name: 'Tính lại nhân viên này' })).to.equal(null);
    await userEvent.click(screen.getByRole('button', { name: 'Xem diễn giải' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('ROUND(LUONG_HOP_DONG / CONG_CHUAN * CONG_THUC_TE, 0)');
    expect(within(dialog).queryByRole('button', { name: 'Lưu và tính lại' })).to.equal(null);
  });

  describe('on a phone (390 × 844)', () => {
    beforeEach(() => {
      Object.defineProperty(window, 'innerWidth', { value: 390, configurable: true });
      window.dispatchEvent(new Event('resize'));
      document.body.style.width = '390px';
    });
    afterEach(() => {
      Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true });
      document.body.style.width = '';
    });

    it('pins the name alone and scrolls the rest sideways, within the screen', async () => {
      await openDetail(fake.sheets.open);
      expect(headers().slice(0, 2)).to.deep.equal(['Họ và tên', 'Mã NV']);
      expect(pastThePhone()).to.deep.equal([]);
      expect(await accessibilityViolations(document.body)).to.deep.equal([]);
      // the filters fold away above the grid, and open on demand
      expect(screen.queryByRole('searchbox')).to.equal(null);
      await userEvent.click(screen.getByRole('button', { name: 'Bộ lọc' }));
      await userEvent.type(
        screen.getByRole('searchbox', { name: 'Tìm theo mã hoặc tên nhân viên' }),
        FAILED_CODE,
      );
      await screen.findByRole('button', { name: 'Bộ lọc (1)' });
      await screen.findByText('Đang hiện 1 / 1 nhân viên');
      expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    });
  });
});
