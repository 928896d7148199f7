import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { positionCoefficientContract as contract } from '@hcm/contracts/position-coefficients';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../testing/axe.ts';
import { FakeResourceApi } from '../testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { ResourceDetailPage } from './ResourceDetailPage.tsx';
import { ResourceForm } from './ResourceForm.tsx';

const ALL = ['view', 'create', 'update', 'delete'].map((action) => `position_coefficient.${action}`);
const UPLOAD = '/api/storage/files/upload';
const LABEL = 'Tệp đính kèm';
let api: FakeResourceApi;

const picker = (group: HTMLElement) => {
  const input = group.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};
const pdf = (name: string, size = 2048) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const names = (group: HTMLElement) =>
  within(group)
    .queryAllByTestId('files-input-item')
    .map((item) => item.querySelector('[title]')?.getAttribute('title'));

describe('a files field in the generic form', () => {
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([contract]);
    await api.signInWith(ALL);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('uploads the files chosen in order, skips other types, refuses too many, removes one, and saves the ids', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderUi(<ResourceForm contract={contract} mode="create" navigate={() => undefined} />);
    const group = await screen.findByRole('group', { name: LABEL });
    await within(group).findByText(
      'Tối đa 10 tệp; định dạng .pdf, .docx, .xlsx, .png, .jpg, .jpeg; mỗi tệp không quá 10 MB.',
    );

    // two decrees and a text note: the note is skipped (catalogues: "invalid type is skipped")
    await user.upload(picker(group), [
      pdf('Nghị định.pdf'),
      new File(['ghi chú'], 'ghi chú.txt', { type: 'text/plain' }),
      pdf('Phụ lục.pdf', 4096),
    ]);
    await waitFor(() => expect(names(group)).to.deep.equal(['Nghị định.pdf', 'Phụ lục.pdf']));
    const uploads = api.callsTo('POST', UPLOAD);
    expect(uploads).to.have.length(2);
    expect((uploads[0]?.body as FormData).get('ownerType')).to.equal('ATTACHMENT');
    within(group).getByText('(4 KB)');

    // a file over the owner type's limit is refused with the catalogue's message, nothing sent
    await user.upload(picker(group), pdf('Quá lớn.pdf', 10 * 1_048_576 + 1));
    expect((await within(group).findByRole('alert')).textContent).to.equal(
      'Mỗi tệp không được vượt quá 10 MB.',
    );
    // more than ten in all: none of them is added
    await user.upload(
      picker(group),
      Array.from({ length: 9 }, (_, n) => pdf(`Thêm ${n}.pdf`)),
    );
    expect((await within(group).findByRole('alert')).textContent).to.equal('Chỉ được tải lên tối đa 10 tệp.');
    expect(api.callsTo('POST', UPLOAD)).to.have.length(2);
    expect(names(group)).to.have.length(2);

    await user.click(within(group).getByRole('button', { name: 'Xóa tệp Nghị định.pdf' }));
    expect(names(group)).to.deep.equal(['Phụ lục.pdf']);
    await user.upload(picker(group), pdf('Quyết định.pdf'));
    await waitFor(() => expect(names(group)).to.deep.equal(['Phụ lục.pdf', 'Quyết định.pdf']));
    const violations = await accessibilityViolations(document.body);
    expect(violations, JSON.stringify(violations)).to.deep.equal([]);

    await user.type(screen.getByRole('textbox', { name: /^Tên/ }), 'Bảng lương 2026');
    await user.type(screen.getByRole('textbox', { name: /^Ngày hiệu lực/ }), '01012026');
    await user.type(screen.getByRole('textbox', { name: /^Lương cơ sở/ }), '2340000');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.callsTo('POST', contract.apiPath)).to.have.length(1));
    const body = api.callsTo('POST', contract.apiPath)[0]?.body as Record<string, unknown>;
    const idOf = (name: string) => [...api.files.values()].find((file) => file.fileName === name)?.id;
    expect(body.files).to.deep.equal([idOf('Phụ lục.pdf'), idOf('Quyết định.pdf')]);
  });

  it('lists the stored files on the update form and as download links on the detail page', async () => {
    const user = userEvent.setup();
    const stored = ['Nghị định 73.pdf', 'Phụ lục I.xlsx'].map((fileName, n) => ({
      id: `00000000-0000-4000-9000-00000000009${n}`,
      fileName,
      size: 1536,
      contentType: 'x',
    }));
    for (const file of stored) api.files.set(file.id, file);
    const [record] = api.seed(contract, 1, () => ({
      name: 'Bảng lương 2024',
      files: stored.map((file) => file.id),
      filesInfo: stored,
    }));
    renderUi(<ResourceDetailPage contract={contract} id={record?.id ?? ''} navigate={() => undefined} />);
    const first = await screen.findByRole('button', { name: 'Tải về Nghị định 73.pdf' });
    screen.getByRole('button', { name: 'Tải về Phụ lục I.xlsx' });
    expect(first.closest('ul')?.querySelectorAll('li')).to.have.length(2);
    await user.click(first);
    await waitFor(() =>
      expect(api.callsTo('GET', `/api/storage/files/${stored[0]?.id}/download`)).to.have.length(1),
    );
    await resetUi();

    renderUi(
      <ResourceForm contract={contract} mode="update" id={record?.id ?? ''} navigate={() => undefined} />,
    );
    const group = await screen.findByRole('group', { name: LABEL });
    await waitFor(() => expect(names(group)).to.deep.equal(['Nghị định 73.pdf', 'Phụ lục I.xlsx']));
  });
});
