import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defineContract } from '@hcm/contracts/resource';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../testing/axe.ts';
import { FakeListSettings } from '../testing/fake-list-settings.ts';
import { FakeResourceApi } from '../testing/fake-resource-api.ts';
import { currentQueryJson, prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { downloads, type DownloadedFile } from '../resource/resource-api.ts';
import { ResourceListPage } from '../resource/ResourceListPage.tsx';
import { contractTestContract, jobTitleContract } from '../resource/test-contracts.ts';

/** The kit's test contract with two columns hidden until chosen. */
const {
  service,
  path,
  route,
  permission,
  level,
  title,
  singular,
  fields,
  columns,
  keyword,
  filters,
  sort,
  defaultSort,
  sections,
} = contractTestContract;
const contract = defineContract({
  ...{
    service,
    path,
    route,
    permission,
    level,
    title,
    singular,
    fields,
    columns,
    keyword,
    filters,
    sort,
    defaultSort,
    sections,
  },
  optionalColumns: ['jobTitle', 'createdAt'],
});
const LIST = 'om/test-contracts';
const ALL = ['view', 'create', 'update', 'delete', 'export'].map((action) => `job_title.${action}`);
// sorts second (code ascending): on the first page
const LONG_CODE = 'CODE_0002_HDLD_2026_000123_PHONG_KE_TOAN_TONG_HOP';

let api: FakeResourceApi;
let settings: FakeListSettings;
let saved: DownloadedFile[];
const saveFile = downloads.save;

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
const bodyRows = () => screen.getAllByRole('row').slice(1);

async function renderList(permissions = ALL) {
  await api.signInWith(permissions);
  const view = renderUi(<ResourceListPage contract={contract} />);
  await screen.findByRole('link', { name: 'CODE_0001' });
  // the settings have been read (the chooser reflects them)
  await waitFor(() => expect(api.callsTo('GET', '/api/iam/me/lists')).to.have.length.greaterThan(0));
  return view;
}

describe('The generic list: columns, saved views, selection and the phone', () => {
  beforeEach(async () => {
    await prepareUi();
    document.title = 'Danh sách';
    api = new FakeResourceApi([contract, jobTitleContract]);
    settings = new FakeListSettings();
    api.intercept(settings.answer);
    api.seed(contract, 30, (n) => ({
      code: n === 2 ? LONG_CODE : `CODE_${String(n).padStart(4, '0')}`,
      kind: n % 3 === 0 ? 'OPEN' : 'FIXED',
      status: 'ACTIVE',
    }));
    saved = [];
    downloads.save = (file) => void saved.push(file);
  });
  afterEach(async () => {
    downloads.save = saveFile;
    await resetUi();
    clearSession();
  });

  it('lets the user choose the columns, remembers the choice on the server, and goes back to the defaults', async () => {
    const user = userEvent.setup();
    const view = await renderList();
    expect(headers()).to.not.include('Chức danh');
    await user.click(screen.getByRole('button', { name: 'Cột hiển thị' }));
    const chooser = await screen.findByRole('group', { name: 'Chọn cột hiển thị' });
    expect(await accessibilityViolations()).to.deep.equal([]);
    await user.click(within(chooser).getByRole('checkbox', { name: 'Lương' }));
    await user.click(within(chooser).getByRole('checkbox', { name: 'Chức danh' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(headers()).to.include('Chức danh'));
    expect(headers()).to.not.include('Lương');
    expect(settings.columns.get(LIST)).to.include('jobTitle').and.not.include('salary');

    // another visit (another device): the server's choice
    view.unmount();
    renderUi(<ResourceListPage contract={contract} />);
    await waitFor(() => expect(headers()).to.include('Chức danh'));
    expect(headers()).to.not.include('Lương');

    await user.click(screen.getByRole('button', { name: 'Cột hiển thị' }));
    await user.click(await screen.findByRole('button', { name: 'Mặc định' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(headers()).to.include('Lương'));
    expect(headers()).to.not.include('Chức danh');
    expect(settings.columns.has(LIST)).to.equal(false);
  }).timeout(40_000);

  it('never hides the last column', async () => {
    const user = userEvent.setup();
    settings.columns.set(LIST, ['code']);
    await renderList();
    await waitFor(() => expect(headers()).to.deep.equal(['Mã']));
    await user.click(screen.getByRole('button', { name: 'Cột hiển thị' }));
    const last = await screen.findByRole('checkbox', { name: 'Mã' });
    expect((last as HTMLInputElement).disabled).to.equal(true);
  });

  it('saves the filters, sort, keyword and columns as a named view, applies it, renames and deletes it', async () => {
    const user = userEvent.setup();
    await renderList();
    await user.type(screen.getByRole('searchbox'), 'CODE{Enter}');
    await user.click(screen.getByRole('combobox', { name: 'Loại hợp đồng' }));
    await user.click(await screen.findByRole('option', { name: 'Không thời hạn' }));
    await waitFor(() => expect(currentQueryJson()).to.include({ kind: 'OPEN', keyword: 'CODE' }));

    await user.click(screen.getByRole('button', { name: 'Dạng xem' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Lưu dạng xem hiện tại…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lưu dạng xem' });
    expect(await accessibilityViolations()).to.deep.equal([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Tên dạng xem/ }), 'Không thời hạn');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Mở danh sách với dạng xem này' }));
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await screen.findByRole('button', { name: 'Dạng xem: Không thời hạn' }, { timeout: 5000 });
    expect(settings.views[0]).to.deep.include({ name: 'Không thời hạn', isDefault: true });
    expect(settings.views[0]?.state).to.deep.include({ keyword: 'CODE', filters: { kind: 'OPEN' } });

    // a second view under the same name is refused, in Vietnamese
    await user.click(screen.getByRole('button', { name: 'Dạng xem: Không thời hạn' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Lưu dạng xem hiện tại…' }));
    const again = await screen.findByRole('dialog', { name: 'Lưu dạng xem' });
    await user.type(within(again).getByRole('textbox', { name: /Tên dạng xem/ }), 'không thời hạn');
    await user.click(within(again).getByRole('button', { name: 'Lưu' }));
    await within(again).findByText('Đã có dạng xem tên này.');
    await user.click(within(again).getByRole('button', { name: 'Hủy' }));

    // change the filter, then pick the view again: its query comes back
    await user.click(await screen.findByRole('combobox', { name: 'Loại hợp đồng' }));
    await user.click(await screen.findByRole('option', { name: 'Có thời hạn' }));
    await screen.findByRole('button', { name: 'Dạng xem' });
    await user.click(screen.getByRole('button', { name: 'Dạng xem' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Không thời hạn (mặc định)' }));
    await waitFor(() => expect(currentQueryJson()).to.include({ kind: 'OPEN', keyword: 'CODE' }));

    // rename, then delete
    await user.click(screen.getByRole('button', { name: 'Dạng xem: Không thời hạn' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Quản lý dạng xem…' }));
    const manage = await screen.findByRole('dialog', { name: 'Dạng xem đã lưu' });
    expect(await accessibilityViolations()).to.deep.equal([]);
    const name = within(manage).getByRole('textbox', { name: 'Đổi tên' });
    await user.clear(name);
    await user.type(name, 'HĐ không thời hạn{Enter}');
    await waitFor(() => expect(settings.views[0]?.name).to.equal('HĐ không thời hạn'));
    await user.click(within(manage).getByRole('button', { name: 'Xóa dạng xem HĐ không thời hạn' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: /Xóa|Đồng ý|Có/ }));
    await waitFor(() => expect(settings.views).to.have.length(0));
  }).timeout(40_000);

  it('opens with the default view when the list has no query of its own yet', async () => {
    settings.views.push({
      id: '00000000-0000-4000-9000-000000000001',
      list: LIST,
      name: 'Không thời hạn',
      isDefault: true,
      state: { filters: { kind: 'OPEN' }, columns: ['code', 'name', 'kind'] },
    });
    await renderList();
    await waitFor(() => expect(currentQueryJson()).to.include({ kind: 'OPEN' }));
    await waitFor(() => expect(headers()).to.deep.equal(['Mã', 'Tên', 'Loại hợp đồng']));
    screen.getByRole('button', { name: 'Dạng xem: Không thời hạn' });
  });

  it('offers the selected rows to export (with their ids), beside delete and the status changes', async () => {
    const user = userEvent.setup();
    await renderList();
    await user.click(screen.getByRole('checkbox', { name: 'Chọn dòng 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Chọn dòng 3' }));
    for (const name of ['Xóa (2)', 'Kích hoạt (2)', 'Ngừng hoạt động (2)'])
      screen.getByRole('button', { name });
    expect(await accessibilityViolations()).to.deep.equal([]);
    await user.click(screen.getByRole('button', { name: 'Xuất các dòng đã chọn (2)' }));
    await waitFor(() => expect(saved).to.have.length(1));
    const [first, , third] = api.records(contract);
    const exported = api.callsTo('GET', `${contract.apiPath}/export`)[0];
    expect(exported?.query.getAll('ids')).to.have.members([first?.id, third?.id]);
  }).timeout(40_000);

  it('keeps a long code inside its column (it wraps, nothing runs into the next column)', async () => {
    await renderList();
    const link = screen.getByRole('link', { name: LONG_CODE });
    const cell = link.closest('td') as HTMLElement;
    const next = cell.nextElementSibling as HTMLElement;
    expect(link.getBoundingClientRect().right).to.be.at.most(cell.getBoundingClientRect().right + 0.5);
    expect(link.getBoundingClientRect().right).to.be.at.most(next.getBoundingClientRect().left + 0.5);
  });

  describe('on a phone (390 × 844)', () => {
    let width: PropertyDescriptor | undefined;
    let bodyWidth: string;
    beforeEach(() => {
      width = Object.getOwnPropertyDescriptor(window, 'innerWidth');
      Object.defineProperty(window, 'innerWidth', { value: 390, configurable: true });
      bodyWidth = document.body.style.width;
      document.body.style.width = '390px';
    });
    afterEach(() => {
      if (width) Object.defineProperty(window, 'innerWidth', width);
      else delete (window as { innerWidth?: number }).innerWidth;
      document.body.style.width = bodyWidth;
    });

    it('folds the filters behind "Bộ lọc (n)" so that the first rows are on the first screen', async () => {
      const user = userEvent.setup();
      window.history.replaceState(
        null,
        '',
        `${window.location.pathname}?q=${encodeURIComponent('{"kind":"FIXED"}')}`,
      );
      await renderList();
      expect(screen.queryByRole('combobox', { name: 'Loại hợp đồng' })).to.equal(null);
      const toggle = screen.getByRole('button', { name: 'Bộ lọc (1)' });
      expect(toggle.getAttribute('aria-expanded')).to.equal('false');
      const top = document.querySelector('section')?.getBoundingClientRect().top ?? 0;
      const firstRow = bodyRows()[0]?.getBoundingClientRect();
      expect((firstRow?.bottom ?? Infinity) - top).to.be.at.most(844 / 2);
      expect(await accessibilityViolations()).to.deep.equal([]);

      await user.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).to.equal('true');
      screen.getByRole('combobox', { name: 'Loại hợp đồng' });
      screen.getByRole('button', { name: 'Cột hiển thị' });
      expect(await accessibilityViolations()).to.deep.equal([]);
    }).timeout(30_000);
  });
});
