import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@hcm/session';
import {
  CONFIGURATION_API_PATH,
  ClientApiPaths,
  DEFAULT_WORKING_WEEK,
  type ApiClient,
  type ApiClientWithSecret,
  type Configuration,
  type ConfigurationBody,
} from '@hcm/contracts/system';
import { afterEach, beforeEach, describe, it } from '../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../shared/ui/src/testing/fake-resource-api.ts';
import {
  loadAppTexts,
  openPath,
  prepareUi,
  renderUi,
  resetUi,
} from '../../../shared/ui/src/testing/ui-fixture.tsx';
import { AdminRouter } from './AdminRouter.tsx';
import { ADMIN_APP } from './admin-i18n.ts';

let api: FakeResourceApi;

const DAY = 86_400;
const stored: Configuration = {
  timeZone: 'Asia/Ho_Chi_Minh',
  workingWeek: DEFAULT_WORKING_WEEK,
  refreshTtlSeconds: DAY,
  sessionMaxAgeSeconds: DAY,
  rememberMeRefreshTtlSeconds: 30 * DAY,
  rememberMeSessionMaxAgeSeconds: 30 * DAY,
  language: 'vi',
  dateFormat: 'DD/MM/YYYY',
  workerSelfServiceFields: ['email', 'phone'],
  requesterMayApprove: false,
  employeeCodePattern: 'NV{0000}',
  contractNumberPattern: '{number}/{yyyy}/HĐLĐ',
  contractExpiryNoticeDays: 30,
  actionLogRetentionMonths: 24,
  version: 0,
  scope: 'tenant',
  inherited: true,
  limits: {
    refreshTtlSeconds: DAY,
    sessionMaxAgeSeconds: DAY,
    rememberMeRefreshTtlSeconds: 30 * DAY,
    rememberMeSessionMaxAgeSeconds: 30 * DAY,
  },
  updatedAt: null,
};

describe('System › Configuration and Client', () => {
  beforeEach(async () => {
    await prepareUi();
    await loadAppTexts(ADMIN_APP, 'admin');
    api = new FakeResourceApi([]);
    await api.signInWith([
      'configuration.view',
      'configuration.update',
      'client.view',
      'client.create',
      'client.update',
      'job_title.view',
      'job_title.create',
    ]);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('edits the tenant settings: a shorter lifetime and a half-day Saturday are saved with the version read', async () => {
    let current = stored;
    api.intercept((call) => {
      if (call.path !== CONFIGURATION_API_PATH) return null;
      if (call.method === 'GET') return { status: 200, body: { data: current } };
      const body = call.body as ConfigurationBody;
      current = { ...current, ...body, version: body.version + 1, inherited: false };
      return { status: 200, body: { data: current } };
    });
    const user = userEvent.setup();
    openPath('/system/configuration');
    renderUi(<AdminRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Cấu hình hệ thống' });
    const idle = await screen.findByRole('spinbutton', { name: /^Hết hạn khi không hoạt động\s*\*?$/ });
    expect((idle as HTMLInputElement).value).to.equal('1440');
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    // Longer than the server allows: refused in the form, nothing sent.
    await user.clear(idle);
    await user.type(idle, '2000');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(idle.getAttribute('aria-invalid')).to.equal('true'));
    expect(api.callsTo('PUT', CONFIGURATION_API_PATH)).to.have.length(0);

    await user.clear(idle);
    await user.type(idle, '30');
    await user.click(screen.getByRole('combobox', { name: 'Thứ Bảy' }));
    await user.click(await screen.findByRole('option', { name: 'Nửa ngày' }));
    // employees may also correct their tax code, and no longer their e-mail
    const selfService = screen.getByRole('region', { name: 'Nhân viên tự cập nhật hồ sơ' });
    expect(
      (within(selfService).getByRole('checkbox', { name: 'Điện thoại' }) as HTMLInputElement).checked,
    ).to.equal(true);
    await user.click(within(selfService).getByRole('checkbox', { name: 'Mã số thuế cá nhân' }));
    await user.click(within(selfService).getByRole('checkbox', { name: 'Email' }));
    // a one-person HR team waives four eyes (off by default)
    const approvals = screen.getByRole('region', { name: 'Phê duyệt' });
    const selfApproval = within(approvals).getByRole('checkbox', {
      name: 'Cho phép người đề nghị tự phê duyệt',
    }) as HTMLInputElement;
    expect(selfApproval.checked).to.equal(false);
    expect(approvals.textContent).to.contain('Chỉ dành cho đơn vị rất nhỏ');
    await user.click(selfApproval);
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.callsTo('PUT', CONFIGURATION_API_PATH)).to.have.length(1));
    const sent = api.callsTo('PUT', CONFIGURATION_API_PATH)[0]?.body as ConfigurationBody;
    expect(sent).to.deep.include({ refreshTtlSeconds: 1800, version: 0, timeZone: 'Asia/Ho_Chi_Minh' });
    expect(sent.workingWeek.saturday).to.equal('HALF');
    expect(sent.workerSelfServiceFields).to.deep.equal(['phone', 'personalTaxCode']);
    expect(sent.requesterMayApprove).to.equal(true);
  });

  it('says so when someone else saved first (409), keeping what the user typed', async () => {
    api.intercept((call) => {
      if (call.path !== CONFIGURATION_API_PATH) return null;
      if (call.method === 'GET') return { status: 200, body: { data: stored } };
      return { status: 409, body: { code: 'CONFLICT', message: 'stale' } };
    });
    const user = userEvent.setup();
    openPath('/system/configuration');
    renderUi(<AdminRouter />);
    const idle = await screen.findByRole('spinbutton', { name: /^Hết hạn khi không hoạt động\s*\*?$/ });
    await user.clear(idle);
    await user.type(idle, '45');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await screen.findByText(/vừa được người khác thay đổi/);
    expect((idle as HTMLInputElement).value).to.equal('45');
  });

  it('creates a client and shows its secret once, then rotates and revokes it', async () => {
    const client: ApiClient = {
      id: '4c8f2b1e-7a3d-4b6e-9f01-2d3c4b5a6978',
      name: 'Máy chấm công',
      description: null,
      clientId: 'hcm_0123456789abcdef01234567',
      scopes: ['job_title.view'],
      status: 'ACTIVE',
      expiresOn: null,
      lastUsedAt: null,
      createdAt: '2026-11-23T01:00:00.000Z',
      version: 1,
    };
    let list: ApiClient[] = [];
    const secret = 'S3cr3t-shown-once-0123456789abcdefghijklmnop';
    api.intercept((call) => {
      if (call.method === 'GET' && call.path === ClientApiPaths.list)
        return { status: 200, body: { data: list } };
      if (call.method === 'POST' && call.path === ClientApiPaths.list) {
        list = [client];
        const created: ApiClientWithSecret = { client, clientSecret: secret };
        return { status: 200, body: { data: created } };
      }
      if (call.path === ClientApiPaths.revoke.replace(':id', client.id)) {
        list = [{ ...client, status: 'REVOKED' }];
        return { status: 200, body: { data: list[0] } };
      }
      return null;
    });
    const user = userEvent.setup();
    openPath('/system/client');
    renderUi(<AdminRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Ứng dụng khách' });
    await user.click(await screen.findByRole('button', { name: 'Thêm ứng dụng khách' }));
    await user.type(screen.getByRole('textbox', { name: /^Tên ứng dụng\s*\*?$/ }), 'Máy chấm công');
    const scopes = screen.getByRole('combobox', { name: /Phạm vi quyền/ });
    await user.click(scopes);
    // a multiselect's options are checkable items
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'job_title.view' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Tạo' }));

    const shown = await screen.findByDisplayValue(secret);
    expect(shown.hasAttribute('readonly')).to.equal(true);
    const sent = api.callsTo('POST', ClientApiPaths.list)[0]?.body as Record<string, unknown>;
    expect(sent).to.deep.include({ name: 'Máy chấm công', scopes: ['job_title.view'] });
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    // Once dismissed, the secret is gone from the page for good.
    await user.click(screen.getByRole('button', { name: 'Tôi đã lưu khóa' }));
    expect(screen.queryByDisplayValue(secret)).to.equal(null);
    await screen.findByText('hcm_0123456789abcdef01234567');

    await user.click(screen.getByRole('button', { name: 'Thu hồi' }));
    await user.click(await screen.findByRole('button', { name: /Đồng ý|Xác nhận|OK/ }));
    await screen.findByText('Đã thu hồi');
    expect(api.callsTo('POST', ClientApiPaths.revoke.replace(':id', client.id))).to.have.length(1);
  });
});
