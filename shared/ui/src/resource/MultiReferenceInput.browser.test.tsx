import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCodes, FieldErrorKeys, FieldLimits } from '@hcm/contracts';
import { CommonLabels, defineContract, f, label } from '@hcm/contracts/resource';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../testing/axe.ts';
import { FakeResourceApi } from '../testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { ResourceDetailPage } from './ResourceDetailPage.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import { ResourceListPage } from './ResourceListPage.tsx';
import { jobTitleContract } from './test-contracts.ts';

/** A team whose members are up to two job titles, in the order chosen. */
const contract = defineContract({
  service: 'om',
  path: 'test-teams',
  route: '/setting/test-teams',
  permission: 'job_title',
  level: 'tenant',
  title: label('test.team.title', 'Nhóm thử', 'Test teams'),
  singular: label('test.team.singular', 'Nhóm thử', 'Test team'),
  fields: {
    code: f.code(),
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    members: f.references({
      label: label('test.team.members', 'Chức danh thành viên', 'Member job titles'),
      target: { resource: 'job_title', apiPath: jobTitleContract.apiPath, display: 'name' },
      maxItems: 2,
    }),
    status: f.status(),
  },
  columns: ['code', 'name', 'members', 'status'],
  keyword: ['code', 'name'],
  filters: ['status'],
  sort: ['code'],
  defaultSort: { field: 'code', direction: 'asc' },
});

const ALL = ['job_title.view', 'job_title.create', 'job_title.update', 'job_title.delete'];
let api: FakeResourceApi;
let visited: string[];
let titles: string[];

const picker = () => screen.getByRole('combobox', { name: 'Chức danh thành viên' });
const chosen = () => screen.getByRole('listbox', { name: 'Chức danh thành viên đã chọn' });
/** the chosen tags' names; the group is not drawn while nothing is chosen */
const tagNames = () => {
  const group = screen.queryByRole('listbox', { name: 'Chức danh thành viên đã chọn' });
  return group
    ? within(group)
        .queryAllByRole('option')
        .map((tag) => tag.textContent)
    : [];
};

async function renderForm(mode: 'create' | 'update', id?: string) {
  await api.signInWith(ALL);
  renderUi(<ResourceForm contract={contract} mode={mode} id={id} navigate={(url) => visited.push(url)} />);
  return screen.findByRole('form');
}

// Searches answer after the 500 ms debounce, and the picker loads as a chunk of its own.

describe('a references field in the generic pages', () => {
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([contract, jobTitleContract]);
    titles = api
      .seed(jobTitleContract, 3, (n) => ({
        code: ['KE_TOAN', 'KY_SU', 'GIAM_DOC'][n - 1],
        name: ['Kế toán', 'Kỹ sư', 'Giám đốc'][n - 1],
      }))
      .map((record) => record.id);
    visited = [];
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('chooses records by searching, removes one by keyboard and one by click, keeps maxItems, and saves the ids in order', async () => {
    const user = userEvent.setup();
    const form = await renderForm('create');
    await user.type(screen.getByRole('textbox', { name: /^Mã/ }), 'NHOM_01');
    await user.type(screen.getByRole('textbox', { name: /^Tên/ }), 'Nhóm một');

    await user.click(await screen.findByRole('combobox', { name: 'Chức danh thành viên' }));
    await user.type(picker(), 'Kỹ');
    await user.click(await screen.findByRole('option', { name: 'Kỹ sư KY_SU' }));
    expect(tagNames()).to.deep.equal(['Kỹ sư']);
    // the chosen record is not offered again; the keyboard chooses the next
    await user.type(picker(), 'toán');
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox', { name: 'Chức danh thành viên' }))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).to.deep.equal(['Kế toán KE_TOAN']),
    );
    // the one option found: the arrow keys reach it, Enter chooses it
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(tagNames()).to.deep.equal(['Kỹ sư', 'Kế toán']));

    // full: the list says so instead of offering a third
    await user.type(picker(), 'Giám');
    await screen.findByText('Đã chọn đủ tối đa 2 mục.');
    expect(screen.queryByRole('option', { name: 'Giám đốc GIAM_DOC' })).to.equal(null);
    await user.keyboard('{Escape}');
    expect(await accessibilityViolations(form)).to.deep.equal([]);

    // Backspace in the empty input goes to the last tag, and Backspace there removes it
    await user.clear(picker());
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(document.activeElement?.textContent).to.equal('Kế toán'));
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(tagNames()).to.deep.equal(['Kỹ sư']));
    await user.click(within(chosen()).getByRole('option', { name: 'Bỏ chọn Kỹ sư' }));
    await waitFor(() => expect(tagNames()).to.deep.equal([]));

    await user.type(picker(), 'Giám');
    await user.click(await screen.findByRole('option', { name: 'Giám đốc GIAM_DOC' }));
    await user.type(picker(), 'Kỹ');
    await user.click(await screen.findByRole('option', { name: 'Kỹ sư KY_SU' }));
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.callsTo('POST', contract.apiPath)).to.have.length(1));
    const body = api.callsTo('POST', contract.apiPath)[0]?.body as { members: string[] };
    expect(body.members).to.deep.equal([titles[2], titles[1]]);
  });

  it('opens a record with its chosen names, shows the server refusing one on the field, and lists them joined by commas', async () => {
    const user = userEvent.setup();
    const [team] = api.seed(contract, 1, () => ({
      code: 'NHOM_02',
      name: 'Nhóm hai',
      members: [titles[1], titles[0]],
    }));
    api.intercept((call) =>
      call.method === 'POST' && call.path.endsWith('/update')
        ? {
            status: 400,
            body: {
              code: ErrorCodes.validation,
              message: 'The request is not valid',
              errors: [
                { field: 'members[1]', code: FieldErrorKeys.invalidValue, message: 'refers to no record' },
              ],
            },
          }
        : null,
    );
    await renderForm('update', team?.id);
    await waitFor(() => expect(tagNames()).to.deep.equal(['Kỹ sư', 'Kế toán']));
    await user.click(within(chosen()).getByRole('option', { name: 'Bỏ chọn Kế toán' }));
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(picker().getAttribute('aria-invalid')).to.equal('true'));
    screen.getByText('Chức danh thành viên có giá trị không hợp lệ.');

    await resetUi();
    renderUi(<ResourceDetailPage contract={contract} id={team?.id ?? ''} navigate={() => undefined} />);
    const value = () => document.querySelector('dd[data-field="members"]')?.textContent;
    await waitFor(() => expect(value()).to.equal('Kỹ sư, Kế toán'));

    await resetUi();
    renderUi(<ResourceListPage contract={contract} navigate={() => undefined} />);
    await screen.findByText('Kỹ sư, Kế toán');
  });
});
