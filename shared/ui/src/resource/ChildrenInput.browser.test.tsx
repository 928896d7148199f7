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

/** A group with ranks (a children field): the shape of military and technical groups. */
const contract = defineContract({
  service: 'om',
  path: 'test-groups',
  route: '/setting/test-groups',
  permission: 'job_title',
  level: 'tenant',
  title: label('test.group.title', 'Nhóm thử', 'Test groups'),
  singular: label('test.group.singular', 'Nhóm thử', 'Test group'),
  fields: {
    code: f.code(),
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    ranks: f.children({
      label: label('test.group.ranks', 'Cấp bậc', 'Ranks'),
      maxItems: 3,
      fields: {
        code: f.code(),
        name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
        coefficient: f.decimal({ label: label('test.group.coefficient', 'Hệ số', 'Coefficient'), scale: 3 }),
      },
    }),
    status: f.status(),
  },
  columns: ['code', 'name', 'ranks', 'status'],
  keyword: ['code', 'name'],
  filters: ['status'],
  sort: ['code', 'name'],
  defaultSort: { field: 'code', direction: 'asc' },
  sections: [
    { title: CommonLabels.general, fields: ['code', 'name'] },
    { title: label('test.group.ranksSection', 'Các cấp bậc', 'The ranks'), fields: ['ranks'] },
  ],
});

const ALL = ['job_title.view', 'job_title.create', 'job_title.update', 'job_title.delete'];
let api: FakeResourceApi;
let visited: string[];

const rows = () => within(screen.getByRole('group', { name: 'Cấp bậc' }));
const cell = (name: string, row: number) => rows().getByRole('textbox', { name: `${name} ${row}` });

async function renderForm(mode: 'create' | 'update', id?: string) {
  await api.signInWith(ALL);
  renderUi(<ResourceForm contract={contract} mode={mode} id={id} navigate={(url) => visited.push(url)} />);
  const form = await screen.findByRole('form');
  // the rows editor is a chunk of its own, loaded with the first form that has rows
  await screen.findByRole('group', { name: 'Cấp bậc' });
  return form;
}

describe('ChildrenInput: the rows of a children field in the form', () => {
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([contract]);
    visited = [];
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('adds, fills and removes rows, and sends them with the record', async () => {
    const user = userEvent.setup();
    await renderForm('create');
    rows().getByText('Chưa có dòng nào.');
    await user.type(screen.getByRole('textbox', { name: /^Mã/ }), 'NHOM_01');
    await user.type(screen.getByRole('textbox', { name: /^Tên/ }), 'Nhóm một');
    for (let i = 0; i < 3; i++) await user.click(rows().getByRole('button', { name: 'Thêm dòng' }));
    // at most maxItems rows
    expect(rows().getByRole('button', { name: 'Thêm dòng' }).hasAttribute('disabled')).to.equal(true);
    await user.type(cell('Mã', 1), 'DAI_UY');
    await user.type(cell('Tên', 1), 'Đại úy');
    await user.type(cell('Hệ số', 1), '5,4');
    await user.type(cell('Mã', 2), 'XOA_DI');
    await user.type(cell('Tên', 2), 'Bỏ');
    await user.type(cell('Mã', 3), 'THIEU_UY');
    await user.type(cell('Tên', 3), 'Thiếu úy');
    await user.click(rows().getByRole('button', { name: 'Xóa dòng 2' }));
    expect(cell('Mã', 2)).to.have.property('value', 'THIEU_UY');

    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.callsTo('POST', contract.apiPath)).to.have.length(1));
    expect((api.callsTo('POST', contract.apiPath)[0]?.body as { ranks: unknown }).ranks).to.deep.equal([
      { code: 'DAI_UY', name: 'Đại úy', coefficient: '5.4' },
      { code: 'THIEU_UY', name: 'Thiếu úy', coefficient: null },
    ]);
  });

  it("shows each cell's own error (a required cell, a code used twice) and sends nothing", async () => {
    const user = userEvent.setup();
    await renderForm('create');
    await user.type(screen.getByRole('textbox', { name: /^Mã/ }), 'NHOM_02');
    await user.type(screen.getByRole('textbox', { name: /^Tên/ }), 'Nhóm hai');
    await user.click(rows().getByRole('button', { name: 'Thêm dòng' }));
    await user.click(rows().getByRole('button', { name: 'Thêm dòng' }));
    await user.type(cell('Mã', 1), 'CAP_01');
    await user.type(cell('Tên', 1), 'Một');
    await user.type(cell('Mã', 2), 'cap_01');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));

    await waitFor(() => expect(cell('Mã', 2).getAttribute('aria-invalid')).to.equal('true'));
    expect(cell('Tên', 2).getAttribute('aria-invalid')).to.equal('true');
    expect(cell('Mã', 1).getAttribute('aria-invalid')).to.equal(null);
    rows().getByText('Tên là bắt buộc.');
    expect(api.callsTo('POST', contract.apiPath)).to.have.length(0);
  });

  it("puts the server's error on its row and cell (ranks[1].code), until that cell is changed", async () => {
    const user = userEvent.setup();
    api.intercept((call) =>
      call.method === 'POST' && call.path === contract.apiPath
        ? {
            status: 400,
            body: {
              code: ErrorCodes.validation,
              message: 'The request is not valid',
              errors: [
                { field: 'ranks[1].code', code: FieldErrorKeys.invalidValue, message: 'is already used' },
              ],
            },
          }
        : null,
    );
    await renderForm('create');
    await user.type(screen.getByRole('textbox', { name: /^Mã/ }), 'NHOM_03');
    await user.type(screen.getByRole('textbox', { name: /^Tên/ }), 'Nhóm ba');
    await user.click(rows().getByRole('button', { name: 'Thêm dòng' }));
    await user.click(rows().getByRole('button', { name: 'Thêm dòng' }));
    await user.type(cell('Mã', 1), 'CAP_01');
    await user.type(cell('Tên', 1), 'Một');
    await user.type(cell('Mã', 2), 'CAP_02');
    await user.type(cell('Tên', 2), 'Hai');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));

    await waitFor(() => expect(cell('Mã', 2).getAttribute('aria-invalid')).to.equal('true'));
    expect(cell('Mã', 1).getAttribute('aria-invalid')).to.equal(null);
    await user.type(cell('Mã', 2), 'X');
    await waitFor(() => expect(cell('Mã', 2).getAttribute('aria-invalid')).to.equal(null));
  });

  it('edits the stored rows of a record, and the detail page shows them as a table', async () => {
    const user = userEvent.setup();
    const [record] = api.seed(contract, 1, () => ({
      code: 'NHOM_04',
      name: 'Nhóm bốn',
      ranks: [{ code: 'CAP_01', name: 'Một', coefficient: '1.500' }],
    }));
    await renderForm('update', record?.id);
    await waitFor(() => expect(cell('Mã', 1)).to.have.property('value', 'CAP_01'));
    await user.click(rows().getByRole('button', { name: 'Thêm dòng' }));
    await user.type(cell('Mã', 2), 'CAP_02');
    await user.type(cell('Tên', 2), 'Hai');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(visited).to.have.length(1));
    expect(api.records(contract)[0]?.ranks).to.deep.equal([
      { code: 'CAP_01', name: 'Một', coefficient: '1.500' },
      { code: 'CAP_02', name: 'Hai', coefficient: null },
    ]);

    await resetUi();
    renderUi(<ResourceDetailPage contract={contract} id={record?.id ?? ''} navigate={() => undefined} />);
    const table = await screen.findByRole('table', { name: 'Cấp bậc' });
    expect(within(table).getAllByRole('row')).to.have.length(3);
    within(table).getByText('CAP_02');
    within(table).getByText('1,5');
  });

  it('has no accessibility violations with rows and their errors', async () => {
    const user = userEvent.setup();
    const form = await renderForm('create');
    await user.click(rows().getByRole('button', { name: 'Thêm dòng' }));
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(cell('Tên', 1).getAttribute('aria-invalid')).to.equal('true'));
    expect(await accessibilityViolations(form)).to.deep.equal([]);
  });
});
