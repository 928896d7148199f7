import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { salaryComponentContract } from '@hcm/contracts/salary-components';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import type { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { signInAdministrator } from '../../../../shared/ui/src/testing/menu-walk.ts';
import { openPath, prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { PayrollRouter } from '../PayrollRouter.tsx';
import { addPayrollDictionary } from '../testing.ts';
import { fakePayrollApi } from '../testing/fake-payroll-api.ts';

const API = salaryComponentContract.apiPath;
const ROUTE = salaryComponentContract.route;
let api: FakeResourceApi;
let settled: () => boolean;

const formula = () => screen.getByRole('combobox', { name: /^Công thức/ }) as HTMLTextAreaElement;
const idOf = (code: string) =>
  String(api.records(salaryComponentContract).find((row) => row.code === code)?.id);

async function chooseSource(user: ReturnType<typeof userEvent.setup>, name: 'Công thức' | 'Nhập liệu') {
  await user.click(screen.getByRole('combobox', { name: /^Nguồn giá trị/ }));
  await user.click(await screen.findByRole('option', { name }));
}

/*
 * Salary › Payroll composition in Chromium against the in-memory API: the list; the create form
 * whose formula, once the source is a formula, is written in the formula editor against the
 * catalogue (GET /api/pm/payroll-variables) and the tenant's other components — completed by
 * keyboard, an unknown name said as it is typed and gone once fixed — and sent; the server's
 * 422 on the formula said under it; a cycle through the component being edited; the form on a
 * 390 px phone; axe on each.
 */
describe('the salary component pages', () => {
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

  it('lists the components with their type, source and category', async () => {
    openPath(ROUTE);
    renderUi(<PayrollRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Thành phần lương' });
    const row = (await screen.findByText('Lương theo ngày công')).closest('tr') as HTMLElement;
    within(row).getByText('LUONG_THANG');
    within(row).getByText('Công thức');
    within(row).getByText('Khoản thu nhập');
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('writes a formula with completion, says an unknown name as it is typed, and sends the fixed formula', async () => {
    const user = userEvent.setup();
    openPath(`${ROUTE}/create`);
    renderUi(<PayrollRouter />);
    await screen.findByRole('heading', { level: 1, name: /Thêm mới thành phần lương/i });
    await user.type(screen.getByRole('textbox', { name: /^Mã/ }), 'THUC_LINH');
    await user.type(screen.getByRole('textbox', { name: /^Tên\s*\*?$/ }), 'Thực lĩnh');
    // an input component has no formula
    expect(screen.queryByRole('combobox', { name: /^Công thức/ })).to.equal(null);
    await chooseSource(user, 'Công thức');
    await user.click(formula());
    await waitFor(() => expect(settled()).to.equal(true));

    // the tenant's components and the catalogue complete at the caret
    await user.keyboard('tong');
    await screen.findByRole('option', { name: /^TONG_THU_NHAP\s*,\s*Tổng thu nhập\s*,\s*Thành phần · Tiền/ });
    await user.keyboard('{Enter} - BHXH_NLX');
    await screen.findByText('Không có biến “BHXH_NLX” trong danh mục biến (ở cột 17)');
    expect(formula().getAttribute('aria-invalid')).to.equal('true');
    await user.keyboard('{Backspace}D');
    await waitFor(() => expect(formula().getAttribute('aria-invalid')).to.equal(null));
    expect(screen.queryByText(/Không có biến/)).to.equal(null);

    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.callsTo('POST', API)).to.have.length(1));
    expect(api.callsTo('POST', API)[0]?.body).to.include({
      code: 'THUC_LINH',
      source: 'FORMULA',
      formula: 'TONG_THU_NHAP - BHXH_NLD',
    });
  });

  it('says the server’s refusal of the formula under it, in the page’s language, until it is changed', async () => {
    api.intercept((call) =>
      call.method === 'POST' && call.path === API
        ? {
            status: 422,
            body: {
              code: 'VALIDATION_FAILED',
              message: 'The formulas are not valid',
              errors: [
                {
                  field: 'formula',
                  code: 'formula.errors.unknownVariable',
                  message: 'There is no variable "KPI_QUY" in the variable catalogue (at column 1)',
                  params: {
                    name: 'KPI_QUY',
                    start: 0,
                    end: 7,
                    vi: 'Không có biến “KPI_QUY” trong danh mục biến (ở cột 1)',
                    en: 'There is no variable "KPI_QUY" in the variable catalogue (at column 1)',
                  },
                },
              ],
            },
          }
        : null,
    );
    const user = userEvent.setup();
    openPath(`${ROUTE}/create`);
    renderUi(<PayrollRouter />);
    await screen.findByRole('heading', { level: 1, name: /Thêm mới thành phần lương/i });
    await user.type(screen.getByRole('textbox', { name: /^Mã/ }), 'THUONG_KPI');
    await user.type(screen.getByRole('textbox', { name: /^Tên\s*\*?$/ }), 'Thưởng KPI');
    await chooseSource(user, 'Công thức');
    // the catalogue this page read knows the name; the server's (a later one) does not
    await user.type(formula(), 'CONG_THUC_TE * 100000');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await screen.findByText('Không có biến “KPI_QUY” trong danh mục biến (ở cột 1)');
    expect(formula().getAttribute('aria-invalid')).to.equal('true');
    await user.type(formula(), ' ');
    await waitFor(() => expect(screen.queryByText(/KPI_QUY/)).to.equal(null));
  });

  it('shows the cycle an edited formula closes through the components that read it', async () => {
    const user = userEvent.setup();
    openPath(`${ROUTE}/${idOf('LUONG_THANG')}/update`);
    renderUi(<PayrollRouter />);
    await waitFor(() =>
      expect(formula().value).to.equal('ROUND(LUONG_HOP_DONG / CONG_CHUAN * CONG_THUC_TE, 0)'),
    );
    await waitFor(() => expect(settled()).to.equal(true));
    await user.clear(formula());
    // TONG_THU_NHAP reads LUONG_THANG
    await user.type(formula(), 'TONG_THU_NHAP / 2');
    await screen.findByText(
      /vòng tròn: (LUONG_THANG → TONG_THU_NHAP → LUONG_THANG|TONG_THU_NHAP → LUONG_THANG → TONG_THU_NHAP)$/,
    );
    // back to an input: the formula is put aside and not sent
    await chooseSource(user, 'Nhập liệu');
    expect(screen.queryByRole('combobox', { name: /^Công thức/ })).to.equal(null);
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `${API}/${idOf('LUONG_THANG')}/update`)).to.have.length(1),
    );
    expect(api.callsTo('POST', `${API}/${idOf('LUONG_THANG')}/update`)[0]?.body).to.include({
      source: 'INPUT',
      formula: null,
    });
  });

  it('fits the form with its formula editor on a 390 px phone, accessibly', async () => {
    const user = userEvent.setup();
    const bodyWidth = document.body.style.width;
    document.body.style.width = '390px';
    try {
      openPath(`${ROUTE}/create`);
      renderUi(<PayrollRouter />);
      await screen.findByRole('heading', { level: 1, name: /Thêm mới thành phần lương/i });
      await chooseSource(user, 'Công thức');
      await user.type(formula(), 'LUONG_');
      await screen.findByRole('listbox');
      await waitFor(() => expect(settled()).to.equal(true));
      const edge = document.body.getBoundingClientRect().right + 0.5;
      const parts = [...document.querySelectorAll('input, textarea, [role="combobox"], [role="option"]')];
      expect(parts.length).to.be.greaterThan(5);
      const wide = parts.filter((part) => part.getBoundingClientRect().right > edge);
      expect(wide.map((part) => part.outerHTML.slice(0, 80))).to.deep.equal([]);
      expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    } finally {
      document.body.style.width = bodyWidth;
    }
  });
});
