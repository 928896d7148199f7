import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiPaths, ErrorCodes, type Profile } from '@hcm/contracts';
import { session$ } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../../shared/ui/src/testing/axe.ts';
import {
  FakeApi,
  healthyIam,
  hrAdminProfile,
  issuedTokens,
} from '../../../../../shared/session/src/testing/fake-iam.ts';
import { currentPath, renderShellAt, signInAsHrAdmin } from '../../testing/shell-fixture.tsx';
import { preparePages, resetPages } from '../page-fixture.tsx';
import { allOf } from '../../../../../scripts/testing/all-of.ts';

const GIVEN = 'right';
const MY_OWN = 'My-Own#Pass42';

/**
 * The IAM of a user whose password an administrator set: the profile says so until the own
 * change (POST reset-password with the right current password, as the server checks it), which
 * lifts it.
 */
function firstPasswordIam(): FakeApi {
  let profile: Profile = { ...hrAdminProfile, passwordChangeRequired: true };
  const signedIn = (headers: Headers) =>
    headers.get('authorization') === `Bearer ${issuedTokens.accessToken}`;
  return healthyIam(new FakeApi(), profile)
    .on('GET', ApiPaths.iam.meProfile, ({ headers }) =>
      signedIn(headers)
        ? { status: 200, body: { data: profile } }
        : { status: 401, body: { code: ErrorCodes.unauthorized, message: 'expired' } },
    )
    .on('POST', ApiPaths.iam.resetPassword, ({ body }) => {
      const { oldPassword, newPassword } = body as { oldPassword: string; newPassword: string };
      if (oldPassword !== GIVEN)
        return {
          status: 400,
          body: {
            code: ErrorCodes.validation,
            message: 'The current password is wrong',
            errors: [
              { field: 'oldPassword', code: 'error.invalidValue', message: 'is not your current password' },
            ],
          },
        };
      if (newPassword === oldPassword) return { status: 400, body: { code: ErrorCodes.validation } };
      profile = { ...profile, passwordChangeRequired: false };
      return { status: 200, body: { data: null } };
    });
}

describe('first-password change page', () => {
  let api: FakeApi;

  beforeEach(async () => {
    api = firstPasswordIam();
    await preparePages(api);
    await signInAsHrAdmin();
  });
  afterEach(resetPages);

  const open = async (path: string) => {
    renderShellAt(path);
    await screen.findByRole('heading', { level: 1, name: 'Đổi mật khẩu' });
    return userEvent.setup();
  };
  const field = (label: RegExp) => screen.getByLabelText(label);
  const ruleItems = () =>
    within(screen.getByRole('list', { name: 'Yêu cầu của mật khẩu' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);

  it('is where every page leads, without the menu, named and accessible', async () => {
    await open('/setting/my-profile');
    await waitFor(() => expect(currentPath()).to.equal('/change-password?redirect=/setting/my-profile'));
    expect(screen.queryByRole('navigation', { name: 'Menu chính' })).to.equal(null);
    expect(document.title).to.equal('Đổi mật khẩu · HCM');
    screen.getByText(/Mật khẩu của tài khoản hradmin do quản trị viên đặt/);
    expect(await accessibilityViolations()).to.deep.equal([]);
  });

  it('ticks the policy off as the new password is typed', async () => {
    const user = await open('/dashboard');
    expect(allOf(ruleItems(), (text) => text?.endsWith('(chưa đạt)'))).to.equal(true);
    await user.type(field(/^Mật khẩu mới/), MY_OWN);
    expect(allOf(ruleItems(), (text) => text?.endsWith('(đã đạt)'))).to.equal(true);
  });

  it('refuses a wrong current password on its field, then changes it and goes on where the user was going', async () => {
    const user = await open('/setting/my-profile');
    await user.type(field(/^Mật khẩu hiện tại/), 'Not-Mine#1');
    await user.type(field(/^Mật khẩu mới/), MY_OWN);
    await user.type(field(/^Nhập lại mật khẩu mới/), MY_OWN);
    await user.click(screen.getByRole('button', { name: 'Đổi mật khẩu' }));
    await screen.findByText('Mật khẩu hiện tại không đúng.');
    expect(currentPath()).to.equal('/change-password?redirect=/setting/my-profile');

    await user.clear(field(/^Mật khẩu hiện tại/));
    await user.type(field(/^Mật khẩu hiện tại/), GIVEN);
    await user.click(screen.getByRole('button', { name: 'Đổi mật khẩu' }));
    await screen.findByText('Đã đổi mật khẩu. Từ nay bạn đăng nhập bằng mật khẩu mới.');
    await waitFor(() => expect(currentPath()).to.equal('/setting/my-profile'));
    const [sent] = api.callsTo(ApiPaths.iam.resetPassword).slice(-1);
    expect(sent?.body).to.deep.equal({
      oldPassword: GIVEN,
      newPassword: MY_OWN,
      refreshToken: issuedTokens.refreshToken,
    });
  });

  it('lets the user sign out instead', async () => {
    const user = await open('/dashboard');
    await user.click(screen.getByRole('button', { name: 'Đăng xuất' }));
    await waitFor(() => expect(currentPath()).to.equal('/login'));
    expect(session$.value.status).to.equal('signed-out');
    await screen.findByRole('button', { name: 'Đăng nhập' });
  });
});
