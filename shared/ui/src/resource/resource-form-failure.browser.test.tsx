import { expect } from '@open-wc/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../testing/axe.ts';
import { FakeResourceApi } from '../testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import { contractTestContract as contract, jobTitleContract } from './test-contracts.ts';

const ALL = ['job_title.view', 'job_title.create', 'job_title.update', 'job_title.delete'];
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

/*
 * Issue 27: a server field error on no field of the form is told in a toast in the user's
 * language, with the field's label and the values it carries, never the server's English.
 */
describe('ResourceForm, a field error off the form', () => {
  let api: FakeResourceApi;
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([contract, jobTitleContract]);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('toasts the Vietnamese message with the field’s label and values', async () => {
    api.intercept((call) =>
      call.method === 'POST' && call.path === contract.apiPath
        ? {
            status: 400,
            body: {
              code: 'VALIDATION_FAILED',
              message: 'The salary exceeds the grade ceiling',
              errors: [
                {
                  field: 'salary',
                  code: 'error.max',
                  message: 'must be at most 9000000',
                  params: { required: 9000000, actual: 15000000 },
                },
                {
                  field: 'status',
                  code: 'error.max',
                  message: 'must be at most 2',
                  params: { required: 2, actual: 7 },
                },
              ],
            },
          }
        : null,
    );
    await api.signInWith(ALL);
    const user = userEvent.setup();
    renderUi(<ResourceForm contract={contract} mode="create" navigate={() => undefined} />);
    await screen.findByRole('form');
    await user.type(field('Mã'), 'HD_001');
    await user.type(field('Tên'), 'Hợp đồng mẫu');
    await user.type(field('Lương'), '15000000');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    // salary is on the form: said there; status is not: said in the toast, with its label
    await screen.findByText('Lương phải nhỏ hơn hoặc bằng 9000000 (hiện là 15000000).');
    await screen.findByText('Trạng thái phải nhỏ hơn hoặc bằng 2 (hiện là 7).');
    expect(screen.queryByText(/must be at most|exceeds the grade ceiling/)).to.equal(null);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('says a refusal without field errors by its status, naming the permission by its label', async () => {
    let answer = {
      status: 403,
      body: {
        code: 'FORBIDDEN',
        message: 'This needs the permission job_title.create',
        params: { permissions: ['job_title.create'] },
      },
    };
    api.intercept((call) => (call.method === 'POST' && call.path === contract.apiPath ? answer : null));
    await api.signInWith(ALL);
    const user = userEvent.setup({ delay: null });
    renderUi(<ResourceForm contract={contract} mode="create" navigate={() => undefined} />);
    await screen.findByRole('form');
    await user.type(field('Mã'), 'HD_001');
    await user.type(field('Tên'), 'Hợp đồng mẫu');
    await user.type(field('Lương'), '1000000');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await screen.findByText('Bạn không có quyền thực hiện thao tác này. Quyền cần có: Chức danh (Thêm).');
    // a 400 the form cannot place: the form's own words
    answer = {
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'The body is malformed', params: { permissions: [] } },
    };
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await screen.findByText('Không lưu được bản ghi.');
    expect(screen.queryByText(/needs the permission|malformed|job_title/)).to.equal(null);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });
});
