import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '@hcm/i18n';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../testing/axe.ts';
import { FakeResourceApi } from '../testing/fake-resource-api.ts';
import { currentQueryJson, prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { downloads, type DownloadedFile } from './resource-api.ts';
import { ResourceListPage } from './ResourceListPage.tsx';
import { contractTestContract as contract, jobTitleContract } from './test-contracts.ts';

const ALL = [
  'job_title.view',
  'job_title.create',
  'job_title.update',
  'job_title.delete',
  'job_title.export',
];
let api: FakeResourceApi;
let saved: DownloadedFile[];
const saveFile = downloads.save;

/** The table's body rows (without the header row). */
const bodyRows = () => screen.getAllByRole('row').slice(1);
const codes = () => bodyRows().map((row) => within(row).getAllByRole('cell')[1]?.textContent ?? '');

async function renderList(permissions = ALL, navigate?: (url: string) => void) {
  await api.signInWith(permissions);
  renderUi(<ResourceListPage contract={contract} {...(navigate ? { navigate } : {})} />);
  await screen.findByRole('link', { name: 'CODE_0001' });
}

// Batches and dialogs chain several answers and animations: room for a loaded machine.

describe('ResourceListPage', () => {
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([contract, jobTitleContract]);
    api.seed(contract, 30, (n) => ({
      name: n === 7 ? 'Nguyễn Văn Bảy' : `Hợp đồng ${n}`,
      salary: `${n * 1000000}.5`,
      startDate: '2026-03-05',
      kind: n % 3 === 0 ? 'OPEN' : 'FIXED',
      remote: n % 2 === 0,
      status: n % 5 === 0 ? 'INACTIVE' : 'ACTIVE',
    }));
    saved = [];
    downloads.save = (file) => void saved.push(file);
  });
  afterEach(async () => {
    downloads.save = saveFile;
    await resetUi();
    clearSession();
  });

  it('shows the contract title, its columns with labels, values formatted by kind, and 25 rows a page', async () => {
    await renderList();
    screen.getByRole('heading', { level: 1, name: 'Hợp đồng thử' });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    for (const name of ['Mã', 'Tên', 'Lương', 'Ngày bắt đầu', 'Loại hợp đồng', 'Làm từ xa', 'Trạng thái'])
      expect(headers).to.include(name);
    expect(bodyRows()).to.have.length(25);
    const first = within(bodyRows()[0] as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // money in Vietnamese notation, a day as dd/MM/yyyy, an enum and a boolean by their words
    expect(first).to.include('1.000.000,5');
    expect(first).to.include('05/03/2026');
    expect(first).to.include('Có thời hạn');
    expect(first).to.include('Không');
    expect(first).to.include('Đang hoạt động');
    screen.getByText('1–25 trong tổng số 30');
  });

  it('keeps keyword, filters, sort and page in the URL and asks the API for them', async () => {
    const user = userEvent.setup();
    await renderList();
    await user.click(screen.getByRole('button', { name: 'Tên' }));
    await waitFor(() => expect(currentQueryJson().sortBy).to.equal('name.asc'));
    await user.click(screen.getByRole('combobox', { name: 'Trạng thái' }));
    await user.click(await screen.findByRole('option', { name: 'Ngừng hoạt động' }));
    await waitFor(() => expect(currentQueryJson().status).to.equal('INACTIVE'));
    await waitFor(() => expect(bodyRows()).to.have.length(6));
    expect(api.calls.at(-1)?.query.get('status')).to.equal('INACTIVE');
    expect(api.calls.at(-1)?.query.get('sortBy')).to.equal('name.asc');

    await user.click(screen.getByRole('combobox', { name: 'Trạng thái' }));
    await user.click(await screen.findByRole('option', { name: 'Tất cả' }));
    await user.type(screen.getByRole('searchbox'), 'Bảy{Enter}');
    await waitFor(() => expect(codes()).to.deep.equal(['CODE_0007']));
    expect(currentQueryJson()).to.deep.include({ keyword: 'Bảy' });
    expect(currentQueryJson().status).to.equal(undefined);
  });

  it('pages through the records', async () => {
    const user = userEvent.setup();
    await renderList();
    await user.click(screen.getByRole('button', { name: 'Trang sau' }));
    await waitFor(() => expect(codes()[0]).to.equal('CODE_0026'));
    expect(currentQueryJson().pageIndex).to.equal(2);
    expect(bodyRows()).to.have.length(5);
  });

  it('deletes the selected records one by one and says which failed and why', async () => {
    const user = userEvent.setup();
    api.intercept((call) =>
      call.method === 'POST' && call.path.endsWith('-000000000002/delete')
        ? {
            status: 409,
            body: {
              code: 'CONFLICT',
              message: 'The record is used by other records and cannot be removed',
              params: { reason: 'inUse' },
            },
          }
        : null,
    );
    await renderList();
    await user.click(screen.getByRole('checkbox', { name: 'Chọn dòng 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Chọn dòng 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Chọn dòng 3' }));
    await user.click(screen.getByRole('button', { name: 'Xóa (3)' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText('Bạn có chắc chắn muốn xóa 3 bản ghi đã chọn không?');
    await user.click(within(dialog).getByRole('button', { name: 'Xóa' }));
    const alert = await screen.findByRole('alert');
    within(alert).getByText('Đã xóa 2/3 bản ghi.');
    // why, in the user's words by the answer's code and params, never the server's English
    within(alert).getByText('Hợp đồng 2: Bản ghi đang được dữ liệu khác sử dụng nên không thể xóa.');
    expect(within(alert).queryByText(/used by other records/)).to.equal(null);
    expect(api.records(contract)).to.have.length(28);
    expect(api.calls.filter((c) => c.path.endsWith('/delete'))).to.have.length(3);
    // the one that failed stays selected
    await waitFor(() => expect(screen.getByRole('button', { name: 'Xóa (1)' })).to.exist);
  });

  it('deactivates the selected records', async () => {
    const user = userEvent.setup();
    await renderList();
    await user.click(screen.getByRole('checkbox', { name: 'Chọn dòng 1' }));
    await user.click(screen.getByRole('button', { name: 'Ngừng hoạt động (1)' }));
    await user.click(
      await within(await screen.findByRole('alertdialog')).findByRole('button', { name: 'Ngừng hoạt động' }),
    );
    await waitFor(() => expect(api.records(contract)[0]?.status).to.equal('INACTIVE'));
    expect(screen.queryByRole('alert')).to.equal(null);
  });

  it('changes the status of the selection in one request, all or none, and says why when refused', async () => {
    const user = userEvent.setup();
    await renderList();
    await user.click(screen.getByRole('checkbox', { name: 'Chọn dòng 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Chọn dòng 2' }));
    api.intercept((call) =>
      call.path.endsWith('/inactive/batch')
        ? {
            status: 409,
            body: {
              code: 'CONFLICT',
              message: `${api.records(contract)[1]?.id ?? ''}: The record was changed by someone else`,
              params: { id: api.records(contract)[1]?.id ?? '' },
            },
          }
        : null,
    );
    await user.click(screen.getByRole('button', { name: 'Ngừng hoạt động (2)' }));
    await user.click(
      await within(await screen.findByRole('alertdialog')).findByRole('button', { name: 'Ngừng hoạt động' }),
    );
    const alert = await screen.findByRole('alert');
    within(alert).getByText('Đã ngừng hoạt động 0/2 bản ghi.');
    // the record the server names, with why; the other one kept with it
    within(alert).getByText(
      'Hợp đồng 2: Dữ liệu đã được thay đổi hoặc đã tồn tại. Vui lòng tải lại rồi thử lại.',
    );
    within(alert).getByText(
      'Hợp đồng 1: Chưa thay đổi, vì cả lựa chọn được giữ nguyên khi có một bản ghi bị từ chối.',
    );
    expect(api.callsTo('POST', `${contract.apiPath}/inactive/batch`)).to.have.length(1);
    expect(
      api
        .records(contract)
        .slice(0, 2)
        .map((r) => r.status),
    ).to.deep.equal(['ACTIVE', 'ACTIVE']);
  }).timeout(30_000);

  it('shows each button only with its authority', async () => {
    await renderList(['job_title.view']);
    for (const name of ['Thêm mới', 'Xuất Excel', 'Nhập Excel'])
      expect(screen.queryByRole('button', { name })).to.equal(null);
    expect(screen.queryByRole('checkbox', { name: 'Chọn dòng 1' })).to.equal(null);
    await resetUi();
    await renderList(['job_title.view', 'job_title.export']);
    screen.getByRole('button', { name: 'Xuất Excel' });
    expect(screen.queryByRole('button', { name: 'Thêm mới' })).to.equal(null);
  });

  it('exports the list with its query and saves the file under the name the server gave', async () => {
    const user = userEvent.setup();
    await renderList();
    await user.type(screen.getByRole('searchbox'), 'Bảy{Enter}');
    await waitFor(() => expect(codes()).to.deep.equal(['CODE_0007']));
    await user.click(screen.getByRole('button', { name: 'Xuất Excel' }));
    await waitFor(() => expect(saved).to.have.length(1));
    expect(saved[0]?.fileName).to.equal('test-contracts_20260101_0800.xlsx');
    expect(api.callsTo('GET', `${contract.apiPath}/export`)[0]?.query.get('keyword')).to.equal('Bảy');
  });

  it('imports: the template, an upload with progress, the error workbook when rows fail, then a good file', async () => {
    const user = userEvent.setup();
    await renderList();
    await user.click(screen.getByRole('button', { name: 'Nhập Excel' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Tải file mẫu' }));
    await waitFor(() => expect(saved.map((f) => f.fileName)).to.deep.equal(['test-contracts_template.xlsx']));

    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'bad.xlsx', { type: 'application/octet-stream' }));
    await user.click(within(dialog).getByRole('button', { name: 'Tải lên' }));
    const alert = await within(dialog).findByRole('alert');
    within(alert).getByText(/Có 2 dòng lỗi, chưa dòng nào được nhập/);
    await user.click(within(alert).getByRole('button', { name: 'Tải file lỗi' }));
    expect(saved.at(-1)?.fileName).to.equal('import_err_test-contracts_20260101_0800.xlsx');

    await user.click(within(dialog).getByRole('button', { name: /Xóa tệp/ }));
    await user.upload(input, new File(['x'], 'good.xlsx'));
    await user.click(within(dialog).getByRole('button', { name: 'Tải lên' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    await screen.findByText('Đã nhập 3 dòng.');
    await waitFor(() => expect(screen.getByText('1–25 trong tổng số 33')).to.exist);
  });

  it('speaks English when the portal does: labels from the contract, words from the kit', async () => {
    await renderList();
    await setLanguage('en');
    await screen.findByRole('heading', { level: 1, name: 'Test contracts' });
    screen.getByRole('button', { name: 'Salary' });
    screen.getByRole('button', { name: 'Export to Excel' });
    within(bodyRows()[0] as HTMLElement).getByText('Fixed term');
  });

  it('links each row to its detail page, and has no accessibility violations', async () => {
    const visited: string[] = [];
    await renderList(ALL, (url) => visited.push(url));
    const page = screen.getByRole('region', { name: 'Hợp đồng thử' });
    await userEvent.setup().click(screen.getByRole('link', { name: 'CODE_0001' }));
    expect(visited).to.deep.equal([`/setting/test-contracts/${api.records(contract)[0]?.id}/detail`]);
    expect(await accessibilityViolations(page)).to.deep.equal([]);
  });
});
