import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiPaths, ErrorCodes, Headers, type Profile, type UpdateProfileBody } from '@hcm/contracts';
import { session$ } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../../scripts/wtr/mocha.ts';
import {
  healthyIam,
  hrAdminProfile,
  type FakeApi,
} from '../../../../../shared/session/src/testing/fake-iam.ts';
import { currentPath, renderShellAt, signInAsHrAdmin } from '../../testing/shell-fixture.tsx';
import { preparePages, resetPages } from '../page-fixture.tsx';

/** The IAM of the other tests, plus a profile that POST me/profile changes and a password. */
function profileIam(): FakeApi {
  let profile: Profile = { ...hrAdminProfile };
  return healthyIam()
    .on('GET', ApiPaths.iam.meProfile, () => ({ status: 200, body: { data: profile } }))
    .on('POST', ApiPaths.iam.meProfile, ({ body }) => {
      const { fullName, email, language } = body as UpdateProfileBody;
      if (email === 'taken@example')
        return {
          status: 400,
          body: {
            code: 'VALIDATION_FAILED',
            message: 'invalid',
            errors: [{ field: 'email', code: 'error.email', message: 'must be an e-mail' }],
          },
        };
      profile = {
        ...profile,
        fullName: fullName ?? profile.fullName,
        email: email === undefined ? profile.email : email,
        language: language === 'en' ? 'en' : 'vi',
      };
      return { status: 200, body: { data: profile } };
    })
    .on('POST', ApiPaths.iam.resetPassword, ({ body }) =>
      (body as { oldPassword: string }).oldPassword === 'Current#1'
        ? { status: 200, body: { data: null } }
        : {
            status: 400,
            body: {
              code: 'VALIDATION_FAILED',
              message: 'The current password is wrong',
              errors: [
                { field: 'oldPassword', code: 'error.invalidValue', message: 'is not your current password' },
              ],
            },
          },
    );
}

describe('my profile page', () => {
  let api: FakeApi;

  beforeEach(async () => {
    api = profileIam();
    await preparePages(api);
    await signInAsHrAdmin();
  });
  afterEach(resetPages);

  const openProfile = async () => {
    renderShellAt('/setting/my-profile');
    await screen.findByRole('heading', { level: 1, name: 'Hồ sơ của tôi' });
    return userEvent.setup();
  };
  const detailsForm = () => screen.getByRole('form', { name: 'Biểu mẫu thông tin cá nhân' });
  const passwordForm = () => screen.getByRole('form', { name: 'Biểu mẫu đổi mật khẩu' });

  it('is opened from the user menu, before Sign out', async () => {
    renderShellAt('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tài khoản của Quản trị Nhân sự' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).to.deep.equal(['Hồ sơ của tôi', 'Đăng xuất']);
    await user.click(screen.getByRole('menuitem', { name: 'Hồ sơ của tôi' }));
    await screen.findByRole('heading', { level: 1, name: 'Hồ sơ của tôi' });
    expect(currentPath()).to.equal('/setting/my-profile');
  });

  it('shows the account: username, full name, e-mail, organisation, level, language', async () => {
    await openProfile();
    const account = screen.getByRole('heading', { level: 2, name: 'Thông tin tài khoản' }).parentElement;
    const text = account?.textContent ?? '';
    for (const shown of [
      'hradmin',
      'Quản trị Nhân sự',
      'hr@example.vn',
      'Công ty Minh An',
      'Người dùng tổ chức',
      'Tiếng Việt',
    ])
      expect(text).to.contain(shown);
    expect((screen.getByLabelText(/^Họ và tên/) as HTMLInputElement).value).to.equal('Quản trị Nhân sự');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).to.equal('hr@example.vn');
  });

  it('saves the full name and e-mail: the top bar shows the new name', async () => {
    const user = await openProfile();
    const fullName = screen.getByLabelText(/^Họ và tên/);
    await user.clear(fullName);
    await user.type(fullName, '  Nguyễn   Văn An ');
    const email = screen.getByLabelText(/^Email/);
    await user.clear(email);
    await user.type(email, 'an@example.vn');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Lưu thay đổi' }));
    await screen.findByRole('button', { name: 'Tài khoản của Nguyễn Văn An' });
    expect(api.callsTo(ApiPaths.iam.meProfile).find((c) => c.method === 'POST')?.body).to.deep.equal({
      fullName: 'Nguyễn Văn An',
      email: 'an@example.vn',
      language: 'vi',
    });
    await screen.findByText('Đã cập nhật thông tin cá nhân.');
    expect(session$.value.profile?.fullName).to.equal('Nguyễn Văn An');
  });

  it('switches the portal to the language saved in the profile', async () => {
    const user = await openProfile();
    await user.click(within(detailsForm()).getByRole('combobox', { name: /^Ngôn ngữ hiển thị/ }));
    await user.click(await screen.findByRole('option', { name: 'English' }));
    await user.click(within(detailsForm()).getByRole('button', { name: 'Lưu thay đổi' }));
    await screen.findByRole('heading', { level: 1, name: 'My profile' });
    expect(document.documentElement.lang).to.equal('en');
    expect(session$.value.profile?.language).to.equal('en');
  });

  it('says a failed reload after a successful save once, as a toast, not as a failed save too', async () => {
    const user = await openProfile();
    api.on('GET', ApiPaths.iam.meProfile, () => ({
      status: 500,
      body: { code: 'INTERNAL', message: 'boom' },
    }));
    const fullName = screen.getByLabelText(/^Họ và tên/);
    await user.clear(fullName);
    await user.type(fullName, 'Nguyễn Văn Bình');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Lưu thay đổi' }));
    await screen.findByText('Đã cập nhật thông tin cá nhân.');
    await screen.findByText('Đã có lỗi khi tải thông tin hồ sơ người dùng.');
    // The save worked: the form has no failure bar, and the reload failure is said once.
    expect(within(detailsForm()).queryByText('Không lưu được thông tin') === null).to.equal(true);
    expect(screen.getAllByText('Đã có lỗi khi tải thông tin hồ sơ người dùng.')).to.have.length(1);
  });

  it('checks the fields before sending, and shows the server’s field errors on them', async () => {
    const user = await openProfile();
    await user.clear(screen.getByLabelText(/^Họ và tên/));
    await user.click(within(detailsForm()).getByRole('button', { name: 'Lưu thay đổi' }));
    await screen.findByText('Họ và tên là bắt buộc.');
    expect(api.callsTo(ApiPaths.iam.meProfile).filter((c) => c.method === 'POST')).to.have.length(0);

    await user.type(screen.getByLabelText(/^Họ và tên/), 'Quản trị Nhân sự');
    const email = screen.getByLabelText(/^Email/);
    await user.clear(email);
    await user.type(email, 'taken@example');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Lưu thay đổi' }));
    await screen.findByText('Email không phải là địa chỉ email hợp lệ.');
    expect(email.getAttribute('aria-invalid')).to.equal('true');
  });

  it('checks the password policy with the spec’s messages and sends nothing while invalid', async () => {
    const user = await openProfile();
    await user.click(within(passwordForm()).getByRole('button', { name: 'Đổi mật khẩu' }));
    await screen.findByText('Mật khẩu hiện tại là bắt buộc.');
    screen.getByText('Mật khẩu mới là bắt buộc.');
    screen.getByText('Nhập lại mật khẩu mới là bắt buộc.');

    const newPassword = screen.getByLabelText(/^Mật khẩu mới/);
    await user.type(newPassword, 'abc');
    await screen.findByText('Mật khẩu mới phải có ít nhất 8 ký tự (hiện có 3).');
    await user.type(newPassword, 'defgh');
    await screen.findByText('Mật khẩu mới không đúng định dạng.');
    await user.clear(newPassword);
    await user.type(newPassword, 'Strong#Pass1');
    await user.type(screen.getByLabelText(/^Nhập lại mật khẩu mới/), 'Strong#Pass2');
    await screen.findByText('Mật khẩu nhập lại không khớp với mật khẩu mới.');
    await user.type(screen.getByLabelText(/^Mật khẩu hiện tại/), 'Strong#Pass1');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Đổi mật khẩu' }));
    await screen.findByText('Mật khẩu mới phải khác mật khẩu hiện tại.');
    expect(api.callsTo(ApiPaths.iam.resetPassword)).to.have.length(0);
  });

  it('changes the password, keeping this session signed in', async () => {
    const user = await openProfile();
    await user.type(screen.getByLabelText(/^Mật khẩu hiện tại/), 'Current#1');
    await user.type(screen.getByLabelText(/^Mật khẩu mới/), 'Strong#Pass1');
    await user.type(screen.getByLabelText(/^Nhập lại mật khẩu mới/), 'Strong#Pass1');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Đổi mật khẩu' }));
    await screen.findByText('Đã đổi mật khẩu. Các phiên đăng nhập khác của bạn đã được đăng xuất.');
    expect(api.callsTo(ApiPaths.iam.resetPassword)[0]?.body).to.deep.equal({
      oldPassword: 'Current#1',
      newPassword: 'Strong#Pass1',
      refreshToken: 'refresh-1',
    });
    expect((screen.getByLabelText(/^Mật khẩu hiện tại/) as HTMLInputElement).value).to.equal('');
    expect(session$.value.status).to.equal('signed-in');
    expect(currentPath()).to.equal('/setting/my-profile');
  });

  it('tells a wrong current password on its field', async () => {
    const user = await openProfile();
    await user.type(screen.getByLabelText(/^Mật khẩu hiện tại/), 'Wrong#123');
    await user.type(screen.getByLabelText(/^Mật khẩu mới/), 'Strong#Pass1');
    await user.type(screen.getByLabelText(/^Nhập lại mật khẩu mới/), 'Strong#Pass1');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Đổi mật khẩu' }));
    await screen.findByText('Mật khẩu hiện tại không đúng.');
    await waitFor(() =>
      expect(screen.getByLabelText(/^Mật khẩu hiện tại/).getAttribute('aria-invalid')).to.equal('true'),
    );
    // the field says it; no error bar besides (compared as a boolean: chai would print the element)
    expect(screen.queryByText('Không đổi được mật khẩu') === null).to.equal(true);
  });
  it('solves the proof of work the server asks for after wrong current passwords, and sends it', async () => {
    const prefix = '00000000-0000-4000-8000-000000000001.AbCdEfGhIjKlMnOpQrStUv';
    let asking = false;
    api
      .on('GET', ApiPaths.iam.captcha, () => ({
        status: 200,
        body: {
          data: { captchaId: prefix.slice(0, 36), prefix, difficulty: 4, expiresAt: '2099-01-01T00:00:00Z' },
        },
      }))
      .on('POST', ApiPaths.iam.resetPassword, ({ body, headers }) => {
        if (asking && !headers.get(Headers.captcha))
          return {
            status: 400,
            body: { code: ErrorCodes.captchaRequired, message: 'needs a challenge' },
            headers: { [Headers.captchaRequired]: 'true' },
          };
        if ((body as { oldPassword: string }).oldPassword === 'Current#1')
          return { status: 200, body: { data: null } };
        asking = true;
        return {
          status: 400,
          body: {
            code: 'VALIDATION_FAILED',
            message: 'The current password is wrong',
            errors: [
              { field: 'oldPassword', code: 'error.invalidValue', message: 'is not your current password' },
            ],
          },
          headers: { [Headers.captchaRequired]: 'true' },
        };
      });
    const user = await openProfile();
    await user.type(screen.getByLabelText(/^Mật khẩu hiện tại/), 'Wrong#123');
    await user.type(screen.getByLabelText(/^Mật khẩu mới/), 'Strong#Pass1');
    await user.type(screen.getByLabelText(/^Nhập lại mật khẩu mới/), 'Strong#Pass1');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Đổi mật khẩu' }));
    await screen.findByText('Mật khẩu hiện tại không đúng.');
    await screen.findByText('Đã xác minh trình duyệt.');
    await user.clear(screen.getByLabelText(/^Mật khẩu hiện tại/));
    await user.type(screen.getByLabelText(/^Mật khẩu hiện tại/), 'Current#1');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Đổi mật khẩu' }));
    await screen.findByText('Đã đổi mật khẩu. Các phiên đăng nhập khác của bạn đã được đăng xuất.');
    const sent = api.callsTo(ApiPaths.iam.resetPassword).at(-1)?.headers.get(Headers.captcha) ?? '';
    expect(sent).to.match(new RegExp(`^${prefix}:\\d+$`));
  });
});
