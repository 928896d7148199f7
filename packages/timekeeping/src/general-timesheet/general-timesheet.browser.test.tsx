import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GeneralTimesheetPaths } from '@hcm/contracts/general-timesheet';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { signInAdministrator } from '../../../../shared/ui/src/testing/menu-walk.ts';
import { openPath, prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { addTimekeepingDictionary } from '../testing.ts';
import { TimekeepingRouter } from '../TimekeepingRouter.tsx';
import { MONTH, pageOf, UNIT } from './grid-fixtures.ts';

let api: FakeResourceApi;
let settled: () => boolean;

const grid = () => screen.getByRole('grid', { name: `Bảng công tháng ${MONTH}` });
function cell(rowName: string, header: string): HTMLElement {
  const headers = within(grid()).getAllByRole('columnheader');
  const index = headers.find((h) => h.textContent === header)?.getAttribute('aria-colindex');
  const row = within(grid()).getByRole('rowheader', { name: rowName }).closest('[role="row"]') as HTMLElement;
  const found = row.querySelector<HTMLElement>(`[aria-colindex="${index}"]`);
  if (!found) throw new Error(`no cell ${rowName} / ${header}`);
  return found;
}

/*
 * The general timesheet's page in Chromium against the in-memory API: a workshop's month as a
 * grid with its legend and totals, a keyset page at a time, and a day corrected with a reason
 * (the reason required before anything is sent); axe finds nothing.
 */
describe('the general timesheet page', () => {
  beforeEach(async () => {
    await prepareUi();
    await addTimekeepingDictionary();
    api = new FakeResourceApi([]);
    api.intercept((call) => {
      if (call.path === GeneralTimesheetPaths.grid)
        return {
          status: 200,
          body: {
            data: call.query.get('after') === 'cursor-2' ? pageOf(4, 5, null) : pageOf(1, 3, 'cursor-2'),
          },
        };
      if (call.path === GeneralTimesheetPaths.correct && call.method === 'POST') {
        const body = call.body as { workerId: string; workDate: string };
        return {
          status: 200,
          body: { data: { workerId: body.workerId, workDate: body.workDate, corrected: true } },
        };
      }
      return null;
    });
    settled = await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('shows the month as workers × days with the legend and the totals, a page at a time', async () => {
    openPath(`/tm/general-timesheet?unit=${UNIT}&month=${MONTH}`);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Bảng công tổng hợp' });
    await screen.findByRole('grid', { name: `Bảng công tháng ${MONTH}` });
    expect(grid().getAttribute('aria-rowcount')).to.equal('4');
    const legend = screen.getByRole('region', { name: 'Ký hiệu chấm công' });
    expect(legend.textContent).to.contain('PNghỉ phép');
    expect(legend.textContent).to.contain('KLNghỉ không lương');
    // each symbol once, with every meaning it has
    const symbols = within(legend)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(symbols.filter((item) => item?.startsWith('+'))).to.deep.equal(['+Lương thời gian, Công tác']);
    expect(symbols).to.include('HHội nghị, học tập');
    expect(symbols).to.include('RNghỉ việc riêng có hưởng lương (kết hôn, tang)');
    const mai = pageOf(1, 3, null).rows[1];
    // the corrected day is marked, a Sunday is blank
    expect(cell(mai?.fullName ?? '', '05 T5').textContent).to.equal('+*');
    expect(cell(mai?.fullName ?? '', '01 CN').textContent).to.equal('');
    // the unit's rest days and holidays shaded, header and cells, as on HR's paper sheet
    const shade = (element: HTMLElement) => getComputedStyle(element).backgroundColor;
    const sunday = cell(mai?.fullName ?? '', '01 CN');
    const monday = cell(mai?.fullName ?? '', '02 T2');
    const holiday = cell(mai?.fullName ?? '', '10 T3');
    expect(shade(sunday)).not.to.equal(shade(monday));
    expect(shade(holiday)).not.to.equal(shade(monday));
    expect(shade(holiday)).not.to.equal(shade(sunday));
    const sundayHeader = within(grid())
      .getAllByRole('columnheader')
      .find((h) => h.textContent === '01 CN');
    const mondayHeader = within(grid())
      .getAllByRole('columnheader')
      .find((h) => h.textContent === '02 T2');
    expect(shade(sundayHeader as HTMLElement)).not.to.equal(shade(mondayHeader as HTMLElement));
    await screen.findByText('Đang hiển thị 3 nhân viên');
    screen.getByRole('button', { name: 'Tải thêm' }).click();
    await screen.findByText('Đang hiển thị 5 nhân viên');
    expect(api.callsTo('GET', GeneralTimesheetPaths.grid)[1]?.query.get('after')).to.equal('cursor-2');
    // the next page's days read with its own texts (the server numbers each page's anew)
    const fourth = pageOf(4, 5, null).rows[0]?.fullName ?? '';
    await waitFor(() => expect(cell(fourth, '02 T2').textContent).to.equal('+'));
    expect(cell(fourth, '01 CN').textContent).to.equal('');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('corrects a day with a reason, and sends nothing without one', async () => {
    const user = userEvent.setup();
    openPath(`/tm/general-timesheet?unit=${UNIT}&month=${MONTH}`);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('grid', { name: `Bảng công tháng ${MONTH}` });
    const first = pageOf(1, 3, null).rows[0]?.fullName ?? '';
    await user.click(cell(first, '02 T2'));
    // the focused day's details under the grid (the grid has no tooltips)
    await screen.findByText(/^Ngày 02\/03 của Trần Văn Hùng: .*Vào\/ra: 08:08–16:45/);
    await user.keyboard('P{Enter}');
    const dialog = await screen.findByRole('dialog', { name: /Sửa công/ });
    expect(dialog.textContent).to.contain('Ca: HC');
    expect(dialog.textContent).to.contain('Vào/ra: 08:');
    expect((within(dialog).getByRole('textbox', { name: 'Ký hiệu' }) as HTMLInputElement).value).to.equal(
      'P',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await within(dialog).findByText('Nhập lý do sửa công');
    expect(api.callsTo('POST', GeneralTimesheetPaths.correct)).to.have.length(0);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Lý do/ }), 'Nghỉ phép đã duyệt trên giấy');
    await user.type(within(dialog).getByRole('textbox', { name: 'Công hưởng lương (ngày)' }), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.callsTo('POST', GeneralTimesheetPaths.correct)).to.have.length(1));
    expect(api.callsTo('POST', GeneralTimesheetPaths.correct)[0]?.body).to.deep.equal({
      workerId: pageOf(1, 3, null).rows[0]?.workerId,
      month: MONTH,
      workDate: '2026-03-02',
      reason: 'Nghỉ phép đã duyệt trên giấy',
      symbol: 'P',
      paidUnits: 1000,
    });
    // the month asked again, the dialog gone
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    await waitFor(() => expect(api.callsTo('GET', GeneralTimesheetPaths.grid).length).to.equal(2));
  });
});
