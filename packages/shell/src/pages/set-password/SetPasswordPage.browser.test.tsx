import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, it } from '../../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../../shared/ui/src/testing/axe.ts';
import { healthyIam, type FakeApi } from '../../../../../shared/session/src/testing/fake-iam.ts';
import { currentPath, renderShellAt, signInAsHrAdmin } from '../../testing/shell-fixture.tsx';
import { preparePages, resetPages } from '../page-fixture.tsx';
import { SET_PASSWORD_API } from './SetPasswordPage.tsx';
import { allOf } from '../../../../../scripts/testing/all-of.ts';

const GOOD = 'good-token';
const STRONG = 'Mật-khẩu-Mới-9';
const refusal = (field: string, code: string) => ({
  status: 400,
  body: { code: 'VALIDATION_FAILED', message: 'refused', errors: [{ field, code, message: 'refused' }] },
});

/**
 * The server's answers (administration-routes.ts): the good token works once, any other is
 * unknown, used or expired (400 on token); a password it refuses is a 400 on newPassword. The
 * answers wait for `release()`, so the busy state can be seen.
 */
function linkIam(): FakeApi & { release: () => void } {
  let spent = false;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const api = healthyIam().on('POST', SET_PASSWORD_API, async ({ body }) => {
    await released;
    const { token, newPassword } = body as { token: string; newPassword: string };
    if (token !== GOOD || spent) return refusal('token', 'error.invalidValue');
    if (newPassword === 'Server#Refuses1') return refusal('newPassword', 'error.pattern');
    spent = true;
    return { status: 200, body: { data: null } };
  });
  return Object.assign(api, { release: () => release() });
}

describe('set-password page', () => {
  let api: ReturnType<typeof linkIam>;

  beforeEach(async () => {
    api = linkIam();
    await preparePages(api);
  });
  afterEach(resetPages);

  const openLink = async (search = `?token=${GOOD}`) => {
    renderShellAt(`/set-password${search}`);
    await screen.findByRole('heading', { level: 1, name: 'Đặt mật khẩu' });
    return userEvent.setup();
  };
  const newPassword = () => screen.getByLabelText(/^Mật khẩu mới/);
  const confirmPassword = () => screen.getByLabelText(/^Nhập lại mật khẩu mới/);
  const submitButton = () => screen.getByRole('button', { name: 'Đặt mật khẩu' });
  const ruleItems = () =>
    within(screen.getByRole('list', { name: 'Yêu cầu của mật khẩu' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);

  it('takes the token out of the address bar, names the page and passes axe', async () => {
    await openLink();
    await waitFor(() => expect(currentPath()).to.equal('/set-password'));
    expect(window.location.href).not.to.contain(GOOD);
    expect(document.title).to.equal('Đặt mật khẩu · HCM');
    screen.getByText('Đặt mật khẩu cho tài khoản mà quản trị viên đã tạo cho bạn.');
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.to.contain(GOOD);
    const user = userEvent.setup();
    await user.type(newPassword(), 'abc');
    await user.type(confirmPassword(), 'abd');
    await user.tab();
    expect(await accessibilityViolations()).to.deep.equal([]);
  });

  it('ticks the policy off as the user types, and shows both fields with one toggle', async () => {
    const user = await openLink();
    expect(allOf(ruleItems(), (text) => text?.endsWith('(chưa đạt)'))).to.equal(true);
    await user.type(newPassword(), 'abc 1');
    expect(ruleItems()).to.deep.equal([
      '•Từ 8 đến 50 ký tự (chưa đạt)',
      '✓Có chữ thường (a–z) (đã đạt)',
      '•Có chữ hoa (A–Z) (chưa đạt)',
      '✓Có chữ số (0–9) (đã đạt)',
      '•Có ký tự đặc biệt (ví dụ ! @ # -) (chưa đạt)',
      '•Không có dấu cách (chưa đạt)',
    ]);
    const toggle = screen.getByRole('button', { name: 'Hiện mật khẩu' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    expect(newPassword().getAttribute('type')).to.equal('text');
    expect(confirmPassword().getAttribute('type')).to.equal('text');
  });

  it('refuses a confirmation that differs, in the browser: nothing is sent', async () => {
    const user = await openLink();
    await user.type(newPassword(), STRONG);
    await user.type(confirmPassword(), `${STRONG}x`);
    await user.click(submitButton());
    await screen.findByText('Mật khẩu nhập lại không khớp với mật khẩu mới.');
    expect(confirmPassword().getAttribute('aria-invalid')).to.equal('true');
    expect(api.callsTo(SET_PASSWORD_API)).to.have.length(0);
  });

  it('sets the password with one call, even when pressed twice, then offers sign-in', async () => {
    const user = await openLink();
    await user.type(newPassword(), STRONG);
    await user.type(confirmPassword(), STRONG);
    await user.click(submitButton());
    await waitFor(() => expect(submitButton().getAttribute('aria-busy')).to.equal('true'));
    await user.click(submitButton());
    await user.type(confirmPassword(), '{Enter}');
    api.release();
    await screen.findByText('Bây giờ bạn có thể đăng nhập bằng tên đăng nhập và mật khẩu vừa đặt.');
    expect(api.callsTo(SET_PASSWORD_API).map((c) => c.body)).to.deep.equal([
      { token: GOOD, newPassword: STRONG },
    ]);
    expect(screen.queryByRole('form') === null).to.equal(true);
    expect(await accessibilityViolations(screen.getByRole('main'))).to.deep.equal([]);
    await user.click(screen.getByRole('button', { name: 'Đến trang đăng nhập' }));
    await screen.findByRole('heading', { level: 1, name: 'Đăng nhập' });
    expect(currentPath()).to.equal('/login');
  });

  it("puts the server's refusal of the password on its field, and the link still works", async () => {
    const user = await openLink();
    await user.type(newPassword(), 'Server#Refuses1');
    await user.type(confirmPassword(), 'Server#Refuses1');
    await user.click(submitButton());
    api.release();
    await screen.findByText('Mật khẩu mới không đúng định dạng.');
    expect(newPassword().getAttribute('aria-invalid')).to.equal('true');
    screen.getByRole('form', { name: 'Biểu mẫu đặt mật khẩu' });
    expect(screen.queryByText('Không đặt được mật khẩu') === null).to.equal(true);
    await user.clear(newPassword());
    await user.type(newPassword(), STRONG);
    await user.clear(confirmPassword());
    await user.type(confirmPassword(), `${STRONG}{Enter}`);
    await screen.findByText('Bây giờ bạn có thể đăng nhập bằng tên đăng nhập và mật khẩu vừa đặt.');
    expect(api.callsTo(SET_PASSWORD_API).map((c) => c.body)).to.deep.equal([
      { token: GOOD, newPassword: 'Server#Refuses1' },
      { token: GOOD, newPassword: STRONG },
    ]);
  });

  it('tells a link the server refuses (spent, expired) and shows no form, to a signed-in user too', async () => {
    await signInAsHrAdmin();
    const user = await openLink('?token=spent-token');
    await user.type(newPassword(), STRONG);
    await user.type(confirmPassword(), STRONG);
    await user.click(submitButton());
    api.release();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).to.contain(
      'Liên kết đã hết hạn hoặc đã được dùng. Hãy nhờ quản trị viên gửi liên kết mới.',
    );
    expect(screen.queryByRole('form') === null).to.equal(true);
    expect(screen.queryByLabelText(/^Mật khẩu mới/) === null).to.equal(true);
    expect(currentPath()).to.equal('/set-password');
    // The public frame, with nothing of the session this browser holds.
    expect(screen.queryByRole('button', { name: /Quản trị Nhân sự/ }) === null).to.equal(true);
  });

  it('tells a link without a token at once, with no form and no call', async () => {
    await openLink('');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).to.contain('Liên kết đã hết hạn hoặc đã được dùng.');
    expect(screen.queryByRole('form') === null).to.equal(true);
    expect(api.callsTo(SET_PASSWORD_API)).to.have.length(0);
  });
});
