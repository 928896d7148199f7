import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../testing/axe.ts';
import { FakeResourceApi } from '../testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import { BEFORE_ROUTING_EVENT } from './unsaved-changes.ts';
import { contractTestContract as contract, jobTitleContract } from './test-contracts.ts';

const ALL = ['job_title.view', 'job_title.create', 'job_title.update', 'job_title.delete'];
let api: FakeResourceApi;
let visited: string[];

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

async function renderForm(mode: 'create' | 'update', id?: string) {
  await api.signInWith(ALL);
  renderUi(<ResourceForm contract={contract} mode={mode} id={id} navigate={(url) => visited.push(url)} />);
  return screen.findByRole('form');
}

/** single-spa's event before a route change, as the portal fires it; resolves whether it was canceled. */
function routeAway(to: string): Promise<boolean> {
  let decision: Promise<boolean> = Promise.resolve(false);
  window.dispatchEvent(
    new CustomEvent(BEFORE_ROUTING_EVENT, {
      detail: {
        oldUrl: window.location.href,
        newUrl: new URL(to, window.location.href).href,
        cancelNavigation: (cancel: boolean | Promise<boolean> = true) => {
          decision = Promise.resolve(cancel);
        },
      },
    }),
  );
  return decision;
}

// Batches and dialogs chain several answers and animations: room for a loaded machine.

describe('ResourceForm', () => {
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([contract, jobTitleContract]);
    api.seed(jobTitleContract, 3, (n) => ({ name: ['Kế toán', 'Kỹ sư', 'Giám đốc'][n - 1] }));
    visited = [];
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('draws the sections and an input per kind, and checks the contract limits before sending', async () => {
    const user = userEvent.setup();
    await renderForm('create');
    screen.getByRole('heading', { level: 1, name: 'Thêm mới hợp đồng thử' });
    screen.getByRole('heading', { level: 2, name: 'Thông tin chung' });
    screen.getByRole('heading', { level: 2, name: 'Điều khoản' });
    screen.getByRole('switch', { name: 'Làm từ xa' });
    screen.getByRole('combobox', { name: /Loại hợp đồng/ });
    screen.getByRole('combobox', { name: 'Chức danh' });

    await user.type(field('Mã'), 'AB');
    await user.tab();
    await screen.findByText('Mã phải có ít nhất 4 ký tự (hiện có 2).');
    await user.clear(field('Mã'));
    await user.type(field('Mã'), 'AB C1');
    await user.tab();
    // the code's pattern says what it allows, with an example (issue 27)
    await screen.findByText(
      'Mã không đúng định dạng: 4 đến 50 chữ cái không dấu, chữ số, dấu gạch dưới hoặc dấu chấm. Ví dụ: NV_0001.',
    );

    // the submit guard: an invalid form is not sent, every error shows
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await screen.findByText('Tên là bắt buộc.');
    screen.getByText('Lương là bắt buộc.');
    expect(api.callsTo('POST', contract.apiPath)).to.have.length(0);
  });

  it('creates with the values as the API takes them, once however often Save is clicked', async () => {
    const user = userEvent.setup();
    await renderForm('create');
    await user.type(field('Mã'), 'HD_001');
    await user.type(field('Tên'), '  Hợp   đồng  mẫu ');
    await user.type(field('Lương'), '15000000,5');
    await user.type(field('Ngày bắt đầu'), '05032026');
    await user.click(screen.getByRole('switch', { name: 'Làm từ xa' }));
    await user.click(screen.getByRole('combobox', { name: 'Chức danh' }));
    await user.click(await screen.findByRole('option', { name: 'Kỹ sư CODE_0002' }));
    const save = screen.getByRole('button', { name: 'Lưu' });
    await user.dblClick(save);
    await waitFor(() => expect(visited).to.have.length(1));
    const posts = api.callsTo('POST', contract.apiPath);
    expect(posts).to.have.length(1);
    expect(posts[0]?.body).to.deep.equal({
      code: 'HD_001',
      name: 'Hợp đồng mẫu',
      salary: '15000000.5',
      kind: 'FIXED',
      startDate: '2026-03-05',
      remote: true,
      jobTitle: api.records(jobTitleContract)[1]?.id,
    });
    const created = api.records(contract)[0];
    expect(visited).to.deep.equal([`/setting/test-contracts/${created?.id}/detail`]);
    await screen.findByText('Đã thêm mới Hợp đồng thử.');
  });

  it('puts the server’s field errors on their fields', async () => {
    const user = userEvent.setup();
    api.seed(contract, 1, () => ({ code: 'HD_001' }));
    await renderForm('create');
    await user.type(field('Mã'), 'hd_001');
    await user.type(field('Tên'), 'Trùng mã');
    await user.type(field('Lương'), '1');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    // the fake answers 409 with the field like the server's unique check
    await screen.findByText('Mã có giá trị không hợp lệ.');
    expect(field('Mã').getAttribute('aria-invalid')).to.equal('true');
    expect(visited).to.deep.equal([]);
    // changing the field clears its server error
    await user.type(field('Mã'), '2');
    await waitFor(() => expect(screen.queryByText('Mã có giá trị không hợp lệ.')).to.equal(null));
  });

  it('updates with the version read, and explains a 409 when someone changed the record meanwhile', async () => {
    const user = userEvent.setup();
    const [record] = api.seed(contract, 1, () => ({ name: 'Bản gốc', salary: '1000' }));
    await renderForm('update', record?.id);
    expect((field('Tên') as HTMLInputElement).value).to.equal('Bản gốc');
    // the reference shows its display text, read with find-by-ids (none chosen here)
    await user.clear(field('Tên'));
    await user.type(field('Tên'), 'Bản sửa');
    // someone else saves first
    if (record) record.version = 2;
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    const alert = await screen.findByRole('alert');
    within(alert).getByText('Bản ghi đã bị thay đổi');
    expect(api.callsTo('POST', `${contract.apiPath}/${record?.id}/update`)[0]?.body).to.deep.include({
      name: 'Bản sửa',
      version: 1,
    });
    await user.click(within(alert).getByRole('button', { name: 'Tải lại' }));
    await waitFor(() => expect(screen.queryByRole('alert')).to.equal(null));
    // the reload shows the spinner until the record arrives again, then the form
    await screen.findByRole('textbox', { name: /^Tên/ }, { timeout: 5000 });
    await user.clear(field('Tên'));
    await user.type(field('Tên'), 'Bản sửa lần hai');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(visited).to.deep.equal([`/setting/test-contracts/${record?.id}/detail`]));
    expect(api.records(contract)[0]).to.deep.include({ name: 'Bản sửa lần hai', version: 3 });
  });

  it('warns before leaving unsaved changes, in the portal and when the tab closes', async () => {
    const user = userEvent.setup();
    await renderForm('create');
    expect(await routeAway('/dashboard')).to.equal(false);
    await user.type(field('Tên'), 'Chưa lưu');

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).to.equal(true);

    const canceled = routeAway('/dashboard');
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText(/Bạn có thay đổi chưa lưu/);
    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    expect(await canceled).to.equal(true);

    // a change of the query alone is not leaving
    expect(await routeAway(`${window.location.pathname}?tab=2`)).to.equal(false);

    // the form's own Cancel asks too, and leaves when the user agrees
    await waitFor(() => expect(screen.queryByRole('alertdialog')).to.equal(null));
    await user.click(within(await screen.findByRole('form')).getByRole('button', { name: 'Hủy' }));
    await user.click(
      await within(await screen.findByRole('alertdialog')).findByRole('button', { name: 'Đồng ý' }),
    );
    await waitFor(() => expect(visited).to.deep.equal(['/setting/test-contracts']));
  });

  it('has no accessibility violations', async () => {
    const form = await renderForm('create');
    expect(await accessibilityViolations(form)).to.deep.equal([]);
  });
});
