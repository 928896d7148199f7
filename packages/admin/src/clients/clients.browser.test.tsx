import { expect } from '@open-wc/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCodes } from '@hcm/contracts';
import { ClientApiPaths, type ApiClient, type UpdateClientBody } from '@hcm/contracts/system';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import {
  loadAppTexts,
  openPath,
  prepareUi,
  renderUi,
  resetUi,
} from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { AdminRouter } from '../AdminRouter.tsx';
import { ADMIN_APP } from '../admin-i18n.ts';

let api: FakeResourceApi;

const CLIENT: ApiClient = {
  id: '6a1f0c2d-3b4e-4f5a-8b6c-7d8e9f0a1b2c',
  name: 'Máy chấm công',
  description: 'Tầng 1',
  clientId: 'hcm_00112233445566778899aabb',
  scopes: ['job_title.view'],
  status: 'ACTIVE',
  expiresOn: null,
  lastUsedAt: null,
  createdAt: '2026-11-23T01:00:00.000Z',
  version: 3,
};

describe('System › Client: editing a client', () => {
  beforeEach(async () => {
    await prepareUi();
    await loadAppTexts(ADMIN_APP, 'admin');
    api = new FakeResourceApi([]);
    await api.signInWith([
      'client.view',
      'client.create',
      'client.update',
      'job_title.view',
      'ethnicity.view',
    ]);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it("changes an active client's scopes, sent with the version read; a revoked client has no edit", async () => {
    let list: ApiClient[] = [
      CLIENT,
      { ...CLIENT, id: 'b7c8d9e0-1f2a-4b3c-9d4e-5f6a7b8c9d0e', name: 'Cũ', status: 'REVOKED' },
    ];
    const path = ClientApiPaths.one.replace(':id', CLIENT.id);
    api.intercept((call) => {
      if (call.method === 'GET' && call.path === ClientApiPaths.list)
        return { status: 200, body: { data: list } };
      if (call.method === 'PUT' && call.path === path) {
        const body = call.body as UpdateClientBody;
        const updated = { ...CLIENT, ...body, version: body.version + 1 };
        list = [updated, ...list.slice(1)];
        return { status: 200, body: { data: updated } };
      }
      return null;
    });
    const user = userEvent.setup();
    openPath('/system/client');
    renderUi(<AdminRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Ứng dụng khách' });
    const revokedRow = await screen.findByRole('row', { name: /Cũ/ });
    expect(within(revokedRow).queryByRole('button', { name: /Sửa/ })).to.equal(null);

    await user.click(screen.getByRole('button', { name: 'Sửa ứng dụng khách “Máy chấm công”' }));
    const form = await screen.findByRole('form', { name: 'Sửa ứng dụng khách “Máy chấm công”' });
    expect((within(form).getByRole('textbox', { name: /^Tên ứng dụng/ }) as HTMLInputElement).value).to.equal(
      'Máy chấm công',
    );
    expect(await accessibilityViolations(form)).to.deep.equal([]);
    await user.click(within(form).getByRole('combobox', { name: /Phạm vi quyền/ }));
    // job_title.view off, ethnicity.view on
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'job_title.view' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'ethnicity.view' }));
    await user.keyboard('{Escape}');
    await user.click(within(form).getByRole('button', { name: 'Lưu' }));

    await screen.findByText('Đã lưu “Máy chấm công”');
    expect(screen.queryByRole('form', { name: /Sửa ứng dụng khách/ })).to.equal(null);
    expect(api.callsTo('PUT', path)[0]?.body).to.deep.equal({
      name: 'Máy chấm công',
      description: 'Tầng 1',
      expiresOn: null,
      scopes: ['ethnicity.view'],
      version: 3,
    });
    await screen.findByRole('row', { name: /ethnicity\.view/ });
  });

  it('keeps the form and tells why when the server refuses the scopes', async () => {
    api.intercept((call) => {
      if (call.method === 'GET' && call.path === ClientApiPaths.list)
        return { status: 200, body: { data: [CLIENT] } };
      if (call.method === 'PUT')
        return {
          status: 400,
          body: {
            code: ErrorCodes.validation,
            message: 'Some scopes cannot be given to this client',
            errors: [
              {
                field: 'scopes',
                code: 'error.invalidValue',
                message: 'job_title.view is not a permission you hold',
              },
            ],
          },
        };
      return null;
    });
    const user = userEvent.setup();
    openPath('/system/client');
    renderUi(<AdminRouter />);
    await user.click(await screen.findByRole('button', { name: 'Sửa ứng dụng khách “Máy chấm công”' }));
    const form = await screen.findByRole('form', { name: 'Sửa ứng dụng khách “Máy chấm công”' });
    await user.click(within(form).getByRole('button', { name: 'Lưu' }));
    // in Vietnamese, never the server's words
    await screen.findByText('Phạm vi quyền có giá trị không hợp lệ.');
    expect(screen.queryByText(/Some scopes cannot be given/)).to.equal(null);
    expect(screen.getByRole('form', { name: 'Sửa ứng dụng khách “Máy chấm công”' })).to.equal(form);
  });
});
