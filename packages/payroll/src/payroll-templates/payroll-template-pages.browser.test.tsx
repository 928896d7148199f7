import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { payrollTemplateContract } from '@hcm/contracts/payroll-templates';
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

const API = payrollTemplateContract.apiPath;
const ROUTE = payrollTemplateContract.route;
let api: FakeResourceApi;
let settled: () => boolean;
let id = '';
const components = () => api.records(salaryComponentContract);
const idOf = (code: string) => components().find((row) => row.code === code)?.id;
const codeOf = (componentId: string) => components().find((row) => row.id === componentId)?.code;

const componentsGroup = () => screen.getByRole('group', { name: 'Các thành phần lương' });
const codes = () =>
  within(componentsGroup())
    .getAllByRole('listitem')
    .map((item) => /[A-Z_]{3,}/.exec(item.textContent ?? '')?.[0]);

async function openUpdate() {
  openPath(`${ROUTE}/${id}/update`);
  renderUi(<PayrollRouter />);
  await screen.findByRole('heading', { level: 1, name: /Cập nhật mẫu bảng lương/i });
  await waitFor(() =>
    expect(codes()).to.deep.equal(['LUONG_THANG', 'PHU_CAP_AN_TRUA', 'TONG_THU_NHAP', 'BHXH_NLD']),
  );
  await waitFor(() => expect(settled()).to.equal(true));
}

/*
 * Salary › Payroll template in Chromium against the in-memory API: the components in order,
 * moved by keyboard (the focus stays on the moved row's button); a component removed while a
 * formula reads it said on the reader's row with a button putting it back; the server's refusal
 * on its row; the payslip's lines added for the components not on it, with their preview; the
 * form on a desktop and a 390 px phone, axe clean.
 */
describe('the payroll template pages', () => {
  beforeEach(async () => {
    await prepareUi();
    await addPayrollDictionary();
    ({ api } = fakePayrollApi());
    id = String(api.records(payrollTemplateContract)[0]?.id);
    settled = await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('reorders the components by keyboard, the focus following the row, and sends the order', async () => {
    const user = userEvent.setup();
    await openUpdate();
    const down = screen.getByRole('button', { name: 'Đưa LUONG_THANG xuống' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(codes()).to.deep.equal(['PHU_CAP_AN_TRUA', 'LUONG_THANG', 'TONG_THU_NHAP', 'BHXH_NLD']);
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).to.equal('Đưa LUONG_THANG xuống'),
    );
    await user.keyboard('{Enter}');
    expect(codes()).to.deep.equal(['PHU_CAP_AN_TRUA', 'TONG_THU_NHAP', 'LUONG_THANG', 'BHXH_NLD']);
    // the first row cannot go up, the last cannot go down
    expect(screen.getByRole('button', { name: 'Đưa PHU_CAP_AN_TRUA lên' }).hasAttribute('disabled')).to.equal(
      true,
    );
    expect(screen.getByRole('button', { name: 'Đưa BHXH_NLD xuống' }).hasAttribute('disabled')).to.equal(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.callsTo('POST', `${API}/${id}/update`)).to.have.length(1));
    const body = api.callsTo('POST', `${API}/${id}/update`)[0]?.body as {
      components: { componentId: string }[];
    };
    expect(body.components.map((row) => codeOf(row.componentId))).to.deep.equal([
      'PHU_CAP_AN_TRUA',
      'TONG_THU_NHAP',
      'LUONG_THANG',
      'BHXH_NLD',
    ]);
  });

  it('says on its row that a formula reads a component removed from the template, and puts it back', async () => {
    const user = userEvent.setup();
    await openUpdate();
    await user.click(screen.getByRole('button', { name: 'Xóa LUONG_THANG' }));
    const reader = within(componentsGroup()).getAllByRole('listitem')[1] as HTMLElement;
    await within(reader).findByText(
      'TONG_THU_NHAP đọc thành phần LUONG_THANG (Lương theo ngày công) nhưng mẫu chưa có thành phần này.',
    );
    await user.click(within(reader).getByRole('button', { name: 'Thêm LUONG_THANG' }));
    expect(codes()).to.deep.equal(['PHU_CAP_AN_TRUA', 'TONG_THU_NHAP', 'BHXH_NLD', 'LUONG_THANG']);
    await waitFor(() =>
      expect(within(componentsGroup()).queryByText(/chưa có thành phần này/)).to.equal(null),
    );
  });

  it('adds a component with the searching picker, and shows the server’s refusal on its row', async () => {
    api.intercept((call) =>
      call.method === 'POST' && call.path === `${API}/${id}/update`
        ? {
            status: 422,
            body: {
              code: 'VALIDATION_FAILED',
              message: 'The template is not valid',
              errors: [
                {
                  field: 'components[2].componentId',
                  code: 'formula.errors.cycle',
                  message: 'cycle',
                  params: {
                    cycle: 'TONG_THU_NHAP → TONG_THU_NHAP',
                    vi: 'TONG_THU_NHAP: Các thành phần tham chiếu vòng tròn: TONG_THU_NHAP → TONG_THU_NHAP',
                    en: 'TONG_THU_NHAP: The components refer to each other in a cycle: TONG_THU_NHAP → TONG_THU_NHAP',
                  },
                },
              ],
            },
          }
        : null,
    );
    const user = userEvent.setup();
    await openUpdate();
    await user.click(screen.getByRole('button', { name: 'Xóa BHXH_NLD' }));
    const picker = screen.getByRole('combobox', { name: 'Thêm thành phần lương' });
    await user.type(picker, 'bhxh ngươi');
    await user.click(await screen.findByRole('option', { name: 'BHXH_NLD — BHXH người lao động' }));
    expect(codes()).to.deep.equal(['LUONG_THANG', 'PHU_CAP_AN_TRUA', 'TONG_THU_NHAP', 'BHXH_NLD']);
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    const row = within(componentsGroup()).getAllByRole('listitem')[2] as HTMLElement;
    await within(row).findByText(
      'TONG_THU_NHAP: Các thành phần tham chiếu vòng tròn: TONG_THU_NHAP → TONG_THU_NHAP',
    );
  });

  it('adds the payslip lines of the components not on it, grouped in the preview', async () => {
    const user = userEvent.setup();
    await openUpdate();
    const payslip = screen.getByRole('group', { name: 'Bố cục phiếu lương' });
    await user.click(within(payslip).getByRole('button', { name: 'Thêm 1 thành phần chưa có trên phiếu' }));
    const preview = within(payslip).getByRole('region', { name: 'Xem trước phiếu lương' });
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).to.deep.equal([
      'Lương theo ngày công (LUONG_THANG)',
      'Phụ cấp ăn trưa (PHU_CAP_AN_TRUA)',
      'BHXH người lao động (BHXH_NLD)',
      'Tổng thu nhập (TONG_THU_NHAP)',
    ]);
    // the new line continues the last group; a title of its own starts a group
    const title = within(payslip).getByRole('textbox', { name: /^Nhóm 4/ });
    expect((title as HTMLInputElement).value).to.equal('Khấu trừ');
    await user.clear(title);
    await user.type(title, 'Thông tin');
    expect(
      within(preview)
        .getAllByText(/^(Thu nhập|Khấu trừ|Thông tin)$/)
        .map((node) => node.textContent),
    ).to.deep.equal(['Thu nhập', 'Khấu trừ', 'Thông tin']);
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.callsTo('POST', `${API}/${id}/update`)).to.have.length(1));
    const body = api.callsTo('POST', `${API}/${id}/update`)[0]?.body as {
      payslip: Record<string, unknown>[];
    };
    expect(body.payslip[3]).to.include({ groupTitle: 'Thông tin', componentId: idOf('TONG_THU_NHAP') });
  });

  it('is accessible on a desktop and fits a 390 px phone', async () => {
    await openUpdate();
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    const bodyWidth = document.body.style.width;
    document.body.style.width = '390px';
    try {
      const edge = document.body.getBoundingClientRect().right + 0.5;
      const form = screen.getByRole('form');
      const parts = [...form.querySelectorAll('input, textarea, button, [role="combobox"]')].filter(
        // the kit's applicability tables scroll sideways inside their own box
        (part) => !part.closest('[data-field="units"]'),
      );
      const wide = parts.filter((part) => part.getBoundingClientRect().right > edge);
      expect(wide.map((part) => part.outerHTML.slice(0, 100))).to.deep.equal([]);
      expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    } finally {
      document.body.style.width = bodyWidth;
    }
  });
});
