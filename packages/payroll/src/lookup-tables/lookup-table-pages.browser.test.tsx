import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LookupTablePaths } from '@hcm/contracts/payroll-lookup-tables';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import type { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { signInAdministrator } from '../../../../shared/ui/src/testing/menu-walk.ts';
import { openPath, prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { PayrollRouter } from '../PayrollRouter.tsx';
import { addPayrollDictionary } from '../testing.ts';
import { fakePayrollApi, type FakeLookupTables } from '../testing/fake-payroll-api.ts';
import { ROUTE } from './route.tsx';

let api: FakeResourceApi;
let lookups: FakeLookupTables;
let settled: () => boolean;

const tableId = () => String(lookups.tables.find((table) => table.code === 'THUE_TNCN')?.id);
const bodyOf = (method: string, path: string) =>
  api.callsTo(method, path).at(-1)?.body as Record<string, unknown>;
const cell = async (name: string) => (await screen.findByRole('textbox', { name })) as HTMLInputElement;

/*
 * Salary › Config › Payroll rules in Chromium against the in-memory API: the tables with the
 * version in force today and the derived ones named; a band table's version in force opened into
 * the rows editor, a band added before the open last band and saved; a bound out of order said on
 * its row before anything is sent; a new version from a copy of the rows with its date; a new
 * keyed table; axe at desktop and 390 px.
 */
describe('the lookup table pages', () => {
  beforeEach(async () => {
    await prepareUi();
    await addPayrollDictionary();
    ({ api, lookups } = fakePayrollApi());
    settled = await signInAdministrator(api, 'TENANT');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('lists the tables with their kind and columns, and the tables derived from the records', async () => {
    openPath(ROUTE);
    renderUi(<PayrollRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Quy tắc tính lương' });
    const row = (await screen.findByRole('link', { name: 'THUE_TNCN' })).closest('tr') as HTMLElement;
    within(row).getByText('Biểu thuế lũy tiến từng phần (tháng)');
    within(row).getByText('Tra theo bậc (mức trên)');
    within(row).getByText('THUE_SUAT (Thuế suất), GIAM_TRU (Số trừ (phương pháp rút gọn))');
    const derived = await screen.findByRole('region', { name: 'Bảng lấy từ danh mục' });
    within(derived).getByRole('link', { name: 'Danh mục › Lương tối thiểu vùng' });
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('opens the version in force, adds a band before the open one, and saves the rows', async () => {
    const user = userEvent.setup();
    openPath(`${ROUTE}/${tableId()}`);
    renderUi(<PayrollRouter />);
    await screen.findByRole('heading', {
      level: 1,
      name: 'THUE_TNCN — Biểu thuế lũy tiến từng phần (tháng)',
    });
    await screen.findByRole('heading', { level: 2, name: 'Phiên bản hiệu lực từ 01/01/2026' });
    // five bands; the last has no bound
    expect((await cell('Đến mức (bao gồm) 1')).value).to.equal('10.000.000');
    expect((await cell('Thuế suất 5')).value).to.equal('35');
    expect(screen.queryByRole('textbox', { name: 'Đến mức (bao gồm) 5' })).to.equal(null);
    screen.getByText('Trên mức trước (trên 100.000.000)');

    await user.click(screen.getByRole('button', { name: 'Thêm bậc' }));
    // the new band is the fifth, before the open one
    await user.type(await cell('Đến mức (bao gồm) 5'), '150000000');
    await user.type(await cell('Thuế suất 5'), '32');
    await user.type(await cell('Số trừ (phương pháp rút gọn) 5'), '12500000');
    await user.click(screen.getByRole('button', { name: 'Lưu phiên bản' }));
    const versionId = String(lookups.read(tableId())?.versions[0]?.id);
    const path = LookupTablePaths.version.replace(':id', tableId()).replace(':versionId', versionId);
    await waitFor(() => expect(api.callsTo('PUT', path)).to.have.length(1));
    const rows = bodyOf('PUT', path).rows as { key: number | null; values: Record<string, number> }[];
    expect(rows.map((row) => row.key)).to.deep.equal([
      10_000_000,
      30_000_000,
      60_000_000,
      100_000_000,
      150_000_000,
      null,
    ]);
    expect(rows[4]?.values).to.deep.equal({ THUE_SUAT: 32, GIAM_TRU: 12_500_000 });
    expect(bodyOf('PUT', path)).to.include({ effectiveFrom: '2026-01-01', version: 1 });
  });

  it('says a bound out of order on its row and sends nothing', async () => {
    const user = userEvent.setup();
    openPath(`${ROUTE}/${tableId()}`);
    renderUi(<PayrollRouter />);
    await screen.findByRole('heading', { level: 2, name: 'Phiên bản hiệu lực từ 01/01/2026' });
    const second = await cell('Đến mức (bao gồm) 2');
    await user.clear(second);
    await user.type(second, '5000000');
    await user.click(screen.getByRole('button', { name: 'Lưu phiên bản' }));
    await screen.findByText('Mức trên phải là số lớn hơn mức của bậc trước.');
    expect(second.getAttribute('aria-invalid')).to.equal('true');
    expect(api.calls.filter((call) => call.method === 'PUT')).to.have.length(0);
  });

  it('adds a new version from a copy of the rows shown, with its effective date', async () => {
    const user = userEvent.setup();
    openPath(`${ROUTE}/${tableId()}`);
    renderUi(<PayrollRouter />);
    await screen.findByRole('heading', { level: 2, name: 'Phiên bản hiệu lực từ 01/01/2026' });
    await user.click(screen.getByRole('button', { name: /^Thêm phiên bản mới/ }));
    await screen.findByRole('heading', { level: 2, name: 'Phiên bản mới' });
    expect((await cell('Đến mức (bao gồm) 1')).value).to.equal('10.000.000');
    await user.click(screen.getByRole('button', { name: 'Lưu phiên bản' }));
    // the date first
    await screen.findByText('Bắt buộc nhập.');
    const date = screen.getByRole('textbox', { name: /^Hiệu lực từ ngày\s*\*?$/ });
    await user.type(date, '01/01/2027{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Ghi chú, căn cứ pháp lý' }), 'Biểu thuế 2027');
    await user.click(screen.getByRole('button', { name: 'Lưu phiên bản' }));
    const path = LookupTablePaths.versions.replace(':id', tableId());
    await waitFor(() => expect(api.callsTo('POST', path)).to.have.length(1));
    expect(bodyOf('POST', path)).to.include({ effectiveFrom: '2027-01-01', note: 'Biểu thuế 2027' });
    expect((bodyOf('POST', path).rows as unknown[]).length).to.equal(5);
    await screen.findByRole('heading', { level: 2, name: 'Phiên bản hiệu lực từ 01/01/2027' });
    await waitFor(() =>
      expect(screen.getAllByRole('row').some((row) => row.textContent?.startsWith('01/01/2027'))).to.equal(
        true,
      ),
    );
  });

  it('creates a keyed table with its columns, the code refused by the server said on its field', async () => {
    const user = userEvent.setup();
    openPath(`${ROUTE}/create`);
    renderUi(<PayrollRouter />);
    await screen.findByRole('form', { name: 'Thêm bảng tra cứu' });
    await user.type(screen.getByRole('textbox', { name: /^Mã bảng/ }), 'thue_tncn');
    await user.type(screen.getByRole('textbox', { name: /^Tên bảng/ }), 'Phụ cấp khu vực');
    await user.type(screen.getByRole('textbox', { name: /^Mã cột 1/ }), 'muc');
    await user.type(screen.getByRole('textbox', { name: /^Tên cột 1/ }), 'Mức phụ cấp');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    // typed upper case; the code is the tax bands' already
    await screen.findByText(
      'Mã THUE_TNCN đã là tên một biến hoặc bảng của danh mục tính lương: chọn mã khác.',
    );
    const code = screen.getByRole('textbox', { name: /^Mã bảng/ });
    await user.clear(code);
    await user.type(code, 'PHU_CAP_KV');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await screen.findByRole('heading', { level: 1, name: 'PHU_CAP_KV — Phụ cấp khu vực' });
    expect(bodyOf('POST', LookupTablePaths.list)).to.deep.include({
      code: 'PHU_CAP_KV',
      kind: 'keyed',
      keyType: 'TEXT',
      columns: [{ code: 'MUC', name: 'Mức phụ cấp', type: 'MONEY', nameEn: null }],
    });
    await screen.findByText('Bảng chưa có phiên bản nào: thêm phiên bản đầu tiên.');
  });

  it('fits a table’s versions and rows on a 390 px phone, accessibly', async () => {
    const bodyWidth = document.body.style.width;
    document.body.style.width = '390px';
    try {
      openPath(`${ROUTE}/${tableId()}`);
      renderUi(<PayrollRouter />);
      await screen.findByRole('heading', { level: 2, name: 'Phiên bản hiệu lực từ 01/01/2026' });
      await waitFor(() => expect(settled()).to.equal(true));
      // the tables scroll sideways inside their own focusable regions; nothing else is wider
      const edge = document.body.getBoundingClientRect().right + 0.5;
      const regions = screen.getAllByRole('region');
      for (const region of regions) expect(region.getBoundingClientRect().right).to.be.at.most(edge);
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
