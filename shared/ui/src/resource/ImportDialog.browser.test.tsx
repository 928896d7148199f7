import { expect } from '@open-wc/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../testing/axe.ts';
import { FakeResourceApi, type FakeResourceReply } from '../testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { contractTestContract as contract, jobTitleContract } from './test-contracts.ts';

const IMPORT = `${contract.apiPath}/import`;

/*
 * Issue 27: a refused import is said in the dialog in the user's words, by its key or status
 * (a 403 naming the permission by its label), never the server's English message.
 */
describe('ImportDialog, a refused file', () => {
  let api: FakeResourceApi;
  let answer: FakeResourceReply;

  const uploadAndRead = async () => {
    const user = userEvent.setup({ delay: null });
    renderUi(
      <ImportDialog
        contract={contract}
        title="Hợp đồng thử"
        open
        onOpenChange={() => undefined}
        onImported={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    await user.upload(
      dialog.querySelector('input[type=file]') as HTMLInputElement,
      new File(['x'], 'hop-dong.xlsx'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Tải lên' }));
    return (await within(dialog).findByRole('alert')).textContent;
  };

  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([contract, jobTitleContract]);
    api.intercept((call) => (call.method === 'POST' && call.path === IMPORT ? answer : null));
    await api.signInWith(['job_title.view', 'job_title.create']);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('a workbook missing a required column: the import’s own words, not the server’s', async () => {
    answer = {
      status: 400,
      body: {
        code: ErrorCodes.validation,
        message: 'The file cannot be imported: the columns Mã are missing: use the template',
        errors: [
          {
            field: 'file',
            code: FieldErrorKeys.required,
            message: 'the columns Mã are missing: use the template',
          },
        ],
      },
    };
    expect(await uploadAndRead()).to.equal(
      'File chưa đủ để nhập: thiếu cột bắt buộc hoặc chưa có dòng dữ liệu nào. Vui lòng dùng file mẫu.',
    );
    expect(screen.queryByText(/cannot be imported|use the template/)).to.equal(null);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('too many rows: the bound with its values', async () => {
    answer = {
      status: 400,
      body: {
        code: ErrorCodes.validation,
        message: 'The file cannot be imported: the file has more than 5000 rows',
        errors: [
          {
            field: 'file',
            code: FieldErrorKeys.max,
            message: 'the file has more than 5000 rows',
            params: { required: 5000, actual: 5001 },
          },
        ],
      },
    };
    expect(await uploadAndRead()).to.equal('File Excel (.xlsx) phải nhỏ hơn hoặc bằng 5000 (hiện là 5001).');
  });

  it('a 403 (quiet call, no toast): said in the dialog, the permission by its label', async () => {
    answer = {
      status: 403,
      body: {
        code: ErrorCodes.forbidden,
        message: 'This needs the permission job_title.create',
        params: { permissions: ['job_title.create'] },
      },
    };
    expect(await uploadAndRead()).to.equal(
      'Bạn không có quyền thực hiện thao tác này. Quyền cần có: Chức danh (Thêm).',
    );
    expect(screen.queryByText(/needs the permission/)).to.equal(null);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });
});
