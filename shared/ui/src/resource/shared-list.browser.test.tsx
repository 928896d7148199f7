import { expect } from '@open-wc/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { categoryContracts } from '@hcm/contracts/categories';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { FakeResourceApi } from '../testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { goTo, resourceRoutes } from './resource-routes.ts';
import { ResourcePages } from './ResourcePages.tsx';

/** System › Coefficients: level 'both', one list the system administrator keeps for every tenant. */
const found = categoryContracts.find((candidate) => candidate.permission === 'coefficient');
if (!found) throw new Error('@hcm/contracts/categories has no coefficient contract');
const contract = found;
const routes = resourceRoutes(contract);
const ALL = ['view', 'create', 'update', 'delete', 'export'].map((action) => `coefficient.${action}`);
let api: FakeResourceApi;

const button = (name: string) => screen.queryByRole('button', { name });

/** The list, then the first record's detail page. */
async function openListAndDetail() {
  act(() => goTo(routes.list));
  renderUi(<ResourcePages contract={contract} />);
  await screen.findByRole('link', { name: 'CODE_0001' });
  const list = {
    add: button('Thêm mới'),
    import: button('Nhập Excel'),
    export: button('Xuất Excel'),
    select: screen.queryAllByRole('checkbox').length,
    /** the buttons for one selected row */
    forSelection: [] as string[],
  };
  const firstRow = screen.queryByRole('checkbox', { name: 'Chọn dòng 1' });
  if (firstRow) {
    await userEvent.setup().click(firstRow);
    list.forSelection = screen
      .getAllByRole('button')
      .map((shown) => shown.textContent ?? '')
      .filter((name) => name.endsWith('(1)'));
  }
  const [first] = api.records(contract);
  act(() => goTo(routes.detail(first?.id ?? '')));
  await screen.findByRole('heading', { level: 1, name: /^Hệ số: / });
  const detail = { edit: button('Sửa'), delete: button('Xóa'), deactivate: button('Ngừng hoạt động') };
  return { list, detail };
}

describe('A list shared by every tenant (contract level both)', () => {
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([contract]);
    api.seed(contract, 2);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('shows a tenant user holding every permission the list, the detail and export, and no button that changes it', async () => {
    await api.signInWith(ALL);
    const { list, detail } = await openListAndDetail();
    expect(list.export).to.not.equal(null);
    // rows are selectable for exporting the selection, which changes nothing
    expect([list.add, list.import]).to.deep.equal([null, null]);
    expect(list.select).to.be.greaterThan(0);
    expect(list.forSelection).to.deep.equal(['Xuất các dòng đã chọn (1)']);
    expect([detail.edit, detail.delete, detail.deactivate]).to.deep.equal([null, null, null]);
    act(() => goTo(routes.create));
    await screen.findByText(/quản trị hệ thống quản lý chung cho mọi đơn vị/);
    expect(screen.queryByRole('button', { name: 'Lưu' })).to.equal(null);
    act(() => goTo(routes.update(api.records(contract)[0]?.id ?? '')));
    await screen.findByText(/quản trị hệ thống quản lý chung cho mọi đơn vị/);
  });

  it('shows a system user holding the permissions every button, and the form', async () => {
    await api.signInWith(ALL, false, 'SYSTEM');
    const { list, detail } = await openListAndDetail();
    for (const shown of [list.add, list.import, list.export, detail.edit, detail.delete, detail.deactivate])
      expect(shown).to.not.equal(null);
    expect(list.select).to.be.greaterThan(0);
    act(() => goTo(routes.create));
    await screen.findByRole('heading', { level: 1, name: 'Thêm mới hệ số' });
  });

  it('shows a system user without the write permissions no button that changes it', async () => {
    await api.signInWith(['coefficient.view'], false, 'SYSTEM');
    const { list, detail } = await openListAndDetail();
    expect([list.add, list.import, list.export, list.select]).to.deep.equal([null, null, null, 0]);
    expect([detail.edit, detail.delete, detail.deactivate]).to.deep.equal([null, null, null]);
  });
});
