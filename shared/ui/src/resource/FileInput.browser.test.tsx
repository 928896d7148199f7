import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCodes } from '@hcm/contracts';
import { documentTemplateContract as contract } from '@hcm/contracts/settings';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../testing/axe.ts';
import { FakeResourceApi } from '../testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { ResourceDetailPage } from './ResourceDetailPage.tsx';
import { ResourceForm } from './ResourceForm.tsx';

const ALL = ['view', 'create', 'update', 'delete'].map((action) => `document_template.${action}`);
const UPLOAD = '/api/storage/files/upload';
let api: FakeResourceApi;

const picker = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};
const docx = (name: string, size = 2048) =>
  new File([new Uint8Array(size)], name, {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  });

describe('a file field in the generic form', () => {
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([contract]);
    await api.signInWith(ALL);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('uploads a chosen file under the owner type, replaces and removes it, and saves its id', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const saved: string[] = [];
    renderUi(<ResourceForm contract={contract} mode="create" navigate={(url) => saved.push(url)} />);
    const group = await screen.findByRole('group', { name: 'Tệp mẫu' });
    await within(group).findByText('Định dạng: .docx, .xlsx; tối đa 10 MB.');

    // a type the field does not take is refused here, before anything is sent
    await user.upload(picker(), new File(['%PDF'], 'mau.pdf', { type: 'application/pdf' }));
    await within(group).findByText('Tệp mau.pdf không đúng định dạng: chỉ nhận .docx, .xlsx.');
    expect(api.callsTo('POST', UPLOAD)).to.have.length(0);

    await user.upload(picker(), docx('Hợp đồng.docx'));
    await within(group).findByText('Hợp đồng.docx');
    within(group).getByText('(2 KB)');
    expect(within(group).queryByRole('alert')).to.equal(null);
    const [first] = api.callsTo('POST', UPLOAD);
    expect((first?.body as FormData).get('ownerType')).to.equal('DOCUMENT_TEMPLATE');

    // replace, then remove, then choose again
    await user.upload(picker(), docx('Quyết định.docx', 4096));
    await within(group).findByText('Quyết định.docx');
    expect(within(group).queryByText('Hợp đồng.docx')).to.equal(null);
    await user.click(within(group).getByRole('button', { name: 'Xóa tệp Quyết định.docx' }));
    expect(within(group).queryByText('Quyết định.docx')).to.equal(null);
    within(group).getByRole('button', { name: 'Chọn tệp' });
    await user.upload(picker(), docx('Bổ nhiệm.docx'));
    await within(group).findByText('Bổ nhiệm.docx');
    within(group).getByRole('button', { name: 'Thay tệp' });
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    await user.type(screen.getByRole('textbox', { name: /^Tên/ }), 'Quyết định bổ nhiệm');
    await user.click(screen.getByRole('combobox', { name: /Loại mẫu/ }));
    await user.click(await screen.findByRole('option', { name: 'Bổ nhiệm' }));
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.callsTo('POST', contract.apiPath)).to.have.length(1));
    const body = api.callsTo('POST', contract.apiPath)[0]?.body as Record<string, unknown>;
    const uploads = [...api.files.values()];
    expect(body.file).to.equal(uploads.find((file) => file.fileName === 'Bổ nhiệm.docx')?.id);
  });

  it('says why the server refused the upload in Vietnamese, by its key, never its English words', async () => {
    const user = userEvent.setup({ applyAccept: false });
    api.intercept((call) =>
      call.path === UPLOAD
        ? {
            status: 400,
            body: {
              code: ErrorCodes.validation,
              message: 'The request is not valid',
              errors: [
                { field: 'file', code: 'error.invalidValue', message: 'mau.docx is an Excel workbook' },
              ],
            },
          }
        : null,
    );
    renderUi(<ResourceForm contract={contract} mode="create" />);
    const group = await screen.findByRole('group', { name: 'Tệp mẫu' });
    await user.upload(picker(), docx('mau.docx'));
    expect((await within(group).findByRole('alert')).textContent).to.equal(
      'Tệp mẫu có giá trị không hợp lệ.',
    );
    expect(within(group).queryByText(/Excel workbook/)).to.equal(null);
    within(group).getByRole('button', { name: 'Chọn tệp' });
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('names the permission a refused upload needs by its label, never its code', async () => {
    const user = userEvent.setup({ applyAccept: false, delay: null });
    api.intercept((call) =>
      call.path === UPLOAD
        ? {
            status: 403,
            body: {
              code: ErrorCodes.forbidden,
              message: 'This needs the permission file.create',
              params: { permissions: ['file.create'] },
            },
          }
        : null,
    );
    renderUi(<ResourceForm contract={contract} mode="create" />);
    const group = await screen.findByRole('group', { name: 'Tệp mẫu' });
    await user.upload(picker(), docx('mau.docx'));
    expect((await within(group).findByRole('alert')).textContent).to.equal(
      'Bạn không có quyền thực hiện thao tác này. Quyền cần có: Quản lý tệp (Thêm).',
    );
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('shows the stored file on the update form and as a download link on the detail page', async () => {
    const user = userEvent.setup();
    const file = {
      id: '00000000-0000-4000-9000-000000000099',
      fileName: 'Mẫu lương.xlsx',
      size: 1536,
      contentType: 'x',
    };
    api.files.set(file.id, file);
    const [record] = api.seed(contract, 1, () => ({
      name: 'Mẫu lương',
      type: 'PAYROLL',
      file: file.id,
      fileInfo: file,
    }));
    renderUi(<ResourceDetailPage contract={contract} id={record?.id ?? ''} navigate={() => undefined} />);
    const link = await screen.findByRole('button', { name: 'Tải về Mẫu lương.xlsx' });
    expect(link.textContent).to.equal('Mẫu lương.xlsx');
    await user.click(link);
    await waitFor(() =>
      expect(api.callsTo('GET', `/api/storage/files/${file.id}/download`)).to.have.length(1),
    );
    await resetUi();

    renderUi(<ResourceForm contract={contract} mode="update" id={record?.id} />);
    const group = await screen.findByRole('group', { name: 'Tệp mẫu' });
    await within(group).findByText('Mẫu lương.xlsx');
    within(group).getByText('(1,5 KB)');
  });
});
