import { expect } from '@open-wc/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_DIRECTORY_SETTINGS,
  DirectoryPaths,
  type DirectorySettings,
  type DirectorySettingsBody,
  type DirectorySyncResult,
} from '@hcm/contracts/directory';
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

const SYNCED: DirectorySyncResult = {
  found: 3,
  created: 2,
  updated: 0,
  unchanged: 0,
  deactivated: 0,
  skippedCount: 1,
  skipped: [
    {
      entry: 'uid=x,ou=people,dc=example,dc=vn',
      username: 'x',
      code: 'USERNAME_NOT_ALLOWED',
      reason: 'user name "x" is not allowed',
    },
  ],
  truncated: false,
  finishedAt: '2026-11-23T02:30:00.000Z',
};

describe('Admin › Users › directory sync', () => {
  beforeEach(async () => {
    await prepareUi();
    await loadAppTexts(ADMIN_APP, 'admin');
    api = new FakeResourceApi([]);
    await api.signInWith(['user.view', 'user.create', 'user.update']);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('saves the connection with the password typed once, tests it, syncs and lists who was skipped', async () => {
    let stored: DirectorySettings = DEFAULT_DIRECTORY_SETTINGS;
    api.intercept((call) => {
      if (
        call.path !== DirectoryPaths.settings &&
        call.path !== DirectoryPaths.test &&
        call.path !== DirectoryPaths.sync
      )
        return null;
      if (call.method === 'GET') return { status: 200, body: { data: stored } };
      if (call.method === 'PUT') {
        const { bindPassword, version, ...rest } = call.body as DirectorySettingsBody;
        stored = { ...stored, ...rest, version: version + 1, bindPasswordSet: bindPassword !== undefined };
        return { status: 200, body: { data: stored } };
      }
      if (call.path === DirectoryPaths.test)
        return {
          status: 200,
          body: {
            data: {
              sample: [
                {
                  entry: 'uid=lan,ou=people,dc=example,dc=vn',
                  username: 'lan',
                  fullName: 'Nguyễn Thị Lan',
                  email: null,
                },
              ],
            },
          },
        };
      stored = { ...stored, lastSync: SYNCED };
      return { status: 200, body: { data: SYNCED } };
    });
    const user = userEvent.setup();
    openPath('/setting/user/directory');
    renderUi(<AdminRouter />);
    const form = await screen.findByRole('form', { name: 'Đồng bộ người dùng từ thư mục (LDAP)' });
    expect((screen.getByRole('button', { name: 'Đồng bộ ngay' }) as HTMLButtonElement).disabled).to.equal(
      true,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Bật đồng bộ và đăng nhập bằng thư mục' }));
    const url = screen.getByRole('textbox', { name: /Địa chỉ máy chủ/ });
    await user.clear(url);
    await user.type(url, 'ldap://ad.example.vn:389');
    await user.type(screen.getByRole('textbox', { name: /Tài khoản kết nối/ }), 'cn=reader,dc=example,dc=vn');
    await user.type(screen.getByLabelText('Mật khẩu kết nối'), 'Reader-Secret-1');
    expect(await accessibilityViolations(form)).to.deep.equal([]);
    await user.click(screen.getByRole('button', { name: 'Lưu cấu hình' }));
    await screen.findByText('Đã lưu; để trống để giữ nguyên');
    expect(api.callsTo('PUT', DirectoryPaths.settings)[0]?.body).to.deep.include({
      enabled: true,
      url: 'ldap://ad.example.vn:389',
      bindDn: 'cn=reader,dc=example,dc=vn',
      bindPassword: 'Reader-Secret-1',
      version: 0,
    });
    await user.click(screen.getByRole('button', { name: 'Kiểm tra kết nối' }));
    await screen.findByText(/Đọc được 1 người/);
    await user.click(screen.getByRole('button', { name: 'Đồng bộ ngay' }));
    const skipped = await screen.findByRole('list', { name: 'Những người bị bỏ qua' });
    expect(skipped.textContent).to.contain('uid=x,ou=people');
    expect(skipped.textContent).to.contain('tên đăng nhập "x" không hợp lệ');
    expect(document.body.textContent).to.contain('thêm mới 2');
    // saved again without retyping: the password is kept (not sent)
    await user.click(screen.getByRole('button', { name: 'Lưu cấu hình' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = api.callsTo('PUT', DirectoryPaths.settings)[1]?.body as
      Record<string, unknown> | undefined;
    expect(second?.version).to.equal(1);
    expect(second && 'bindPassword' in second).to.equal(false);
  });

  it('shows why the directory refused, on the page', async () => {
    api.intercept((call) => {
      if (call.method === 'GET' && call.path === DirectoryPaths.settings)
        return { status: 200, body: { data: { ...DEFAULT_DIRECTORY_SETTINGS, enabled: true, version: 2 } } };
      if (call.path === DirectoryPaths.sync)
        return {
          status: 502,
          body: {
            code: 'DIRECTORY_UNAVAILABLE',
            message: 'The directory could not be read: the bind DN or password was refused',
            params: { reason: 'bindRefused' },
          },
        };
      return null;
    });
    const user = userEvent.setup({ delay: null });
    openPath('/setting/user/directory');
    renderUi(<AdminRouter />);
    await user.click(await screen.findByRole('button', { name: 'Đồng bộ ngay' }));
    // in the page's words by its reason, never the server's English
    await screen.findByText('Thư mục từ chối tài khoản hoặc mật khẩu kết nối (bind DN).');
    expect(screen.queryByText(/the bind DN or password was refused/)).to.equal(null);
  });

  it('says what to do when sync was turned off meanwhile (409 directorySyncOff), not to reload', async () => {
    api.intercept((call) => {
      if (call.method === 'GET' && call.path === DirectoryPaths.settings)
        return { status: 200, body: { data: { ...DEFAULT_DIRECTORY_SETTINGS, enabled: true, version: 2 } } };
      if (call.path === DirectoryPaths.sync)
        return {
          status: 409,
          body: {
            code: 'CONFLICT',
            message: 'Directory sync is off: save the directory settings with sync on first',
            params: { reason: 'directorySyncOff' },
          },
        };
      return null;
    });
    const user = userEvent.setup({ delay: null });
    openPath('/setting/user/directory');
    renderUi(<AdminRouter />);
    await user.click(await screen.findByRole('button', { name: 'Đồng bộ ngay' }));
    await screen.findByText('Đồng bộ thư mục đang tắt. Hãy bật đồng bộ, lưu cấu hình rồi đồng bộ lại.');
    expect(screen.queryByText(/Directory sync is off|tải lại/)).to.equal(null);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });
});
