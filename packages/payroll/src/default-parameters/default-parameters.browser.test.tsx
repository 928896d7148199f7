import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parameterContract } from '@hcm/contracts/settings';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import type { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { signInAdministrator } from '../../../../shared/ui/src/testing/menu-walk.ts';
import { openPath, prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { PayrollRouter } from '../PayrollRouter.tsx';
import { addPayrollDictionary } from '../testing.ts';
import { fakePayrollApi } from '../testing/fake-payroll-api.ts';
import { ROUTE } from './DefaultParametersPage.tsx';

let api: FakeResourceApi;
let settled: () => boolean;

const lineOf = (code: string) => screen.getByText(code, { selector: 'td' }).closest('tr') as HTMLElement;

/** Opens the page and sets the day the values are read for (never the machine's today). */
async function openOn(user: ReturnType<typeof userEvent.setup>, day: string) {
  openPath(ROUTE);
  renderUi(<PayrollRouter />);
  await screen.findByRole('heading', { level: 1, name: 'Tham số mặc định' });
  await readOn(user, day);
}

async function readOn(user: ReturnType<typeof userEvent.setup>, day: string) {
  const asOf = await screen.findByRole('textbox', { name: /^Xem giá trị hiệu lực ngày/ });
  await user.clear(asOf);
  await user.type(asOf, `${day}{Enter}`);
  await screen.findByRole('columnheader', { name: `Giá trị ngày ${day}` });
  await waitFor(() => expect(settled()).to.equal(true));
}

/*
 * Salary › Config › Default parameters in Chromium against the in-memory API: one line per code
 * with the value in force on the day chosen, since when, the next value already dated; the
 * history of a code; a new dated value refused before the newest one's date and sent after it;
 * axe at desktop and 390 px.
 */
describe('the default parameters page', () => {
  beforeEach(async () => {
    await prepareUi();
    await addPayrollDictionary();
    ({ api } = fakePayrollApi());
    settled = await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('shows each code’s value in force on the day chosen and the change already dated', async () => {
    const user = userEvent.setup();
    await openOn(user, '31/03/2026');
    const base = lineOf('LUONG_CO_SO');
    within(base).getByText('2.340.000 VND');
    within(base).getByText('01/07/2024');
    within(base).getByText('2.530.000 VND từ 01/07/2026');
    within(lineOf('TL_BHXH_NLD')).getByText('8 %');
    within(lineOf('GIAM_TRU_BAN_THAN')).getByText('15.500.000 VND');
    // a day after the change reads the new value, and nothing is announced beyond it
    await readOn(user, '15/07/2026');
    within(lineOf('LUONG_CO_SO')).getByText('2.530.000 VND');
    expect(within(lineOf('LUONG_CO_SO')).queryByText(/ từ /)).to.equal(null);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('opens a code’s history, newest first', async () => {
    const user = userEvent.setup();
    await openOn(user, '31/03/2026');
    const toggle = within(lineOf('GIAM_TRU_BAN_THAN')).getByRole('button', {
      name: 'Lịch sử (2) của GIAM_TRU_BAN_THAN',
    });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    const history = screen.getByRole('table', {
      name: 'Các giá trị của GIAM_TRU_BAN_THAN theo ngày hiệu lực',
    });
    expect(
      within(history)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).to.deep.equal([
      '01/01/2026 (đang hiệu lực)15.500.000 VNDGiảm trừ gia cảnh bản thân',
      '01/07/202011.000.000 VNDGiảm trừ gia cảnh bản thân',
    ]);
  });

  it('adds a new dated value only after every value the code has', async () => {
    const user = userEvent.setup();
    await openOn(user, '31/03/2026');
    await user.click(
      within(lineOf('LUONG_CO_SO')).getByRole('button', { name: 'Thêm giá trị mới của LUONG_CO_SO' }),
    );
    await screen.findByRole('form', { name: 'Giá trị mới của LUONG_CO_SO (Mức lương cơ sở)' });
    const form = () => screen.getByRole('form', { name: 'Giá trị mới của LUONG_CO_SO (Mức lương cơ sở)' });
    await user.type(await within(form()).findByRole('textbox', { name: /^Giá trị mới \(VND\)/ }), '2800000');
    const date = () => within(form()).getByRole('textbox', { name: /^Ngày hiệu lực/ });
    // read when the field is left (Enter would submit the form)
    await user.type(date(), '01/05/2026{Tab}');
    await within(form()).findByText(
      'Ngày hiệu lực phải sau 01/07/2026, ngày của giá trị mới nhất: lịch sử không sửa ở đây.',
    );
    await user.click(within(form()).getByRole('button', { name: 'Lưu giá trị mới' }));
    expect(api.callsTo('POST', parameterContract.apiPath)).to.have.length(0);
    await user.clear(date());
    await user.type(date(), '01/01/2027{Tab}');
    await user.type(
      within(form()).getByRole('textbox', { name: 'Căn cứ pháp lý, ghi chú' }),
      'Nghị định mới',
    );
    await user.click(within(form()).getByRole('button', { name: 'Lưu giá trị mới' }));
    await waitFor(() => expect(api.callsTo('POST', parameterContract.apiPath)).to.have.length(1));
    expect(api.callsTo('POST', parameterContract.apiPath)[0]?.body).to.deep.equal({
      code: 'LUONG_CO_SO',
      name: 'Mức lương cơ sở',
      value: '2800000',
      unit: 'VND',
      effectiveDate: '2027-01-01',
      description: 'Nghị định mới',
    });
    // read again: three values now, the one of 2027 announced after 2026's
    await waitFor(() =>
      within(lineOf('LUONG_CO_SO')).getByRole('button', { name: 'Lịch sử (3) của LUONG_CO_SO' }),
    );
  });

  it('fits a 390 px phone, its table scrolling in its own region, accessibly', async () => {
    const user = userEvent.setup();
    const bodyWidth = document.body.style.width;
    document.body.style.width = '390px';
    try {
      await openOn(user, '31/03/2026');
      const edge = document.body.getBoundingClientRect().right + 0.5;
      const region = screen.getByRole('region', { name: 'Tham số tính lương' });
      expect(region.getBoundingClientRect().right).to.be.at.most(edge);
      const outside = [...document.querySelectorAll('input, button')].filter(
        (part) => !part.closest('[role="region"]') && part.getBoundingClientRect().right > edge,
      );
      expect(outside.map((part) => part.outerHTML.slice(0, 80))).to.deep.equal([]);
      expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    } finally {
      document.body.style.width = bodyWidth;
    }
  });
});
