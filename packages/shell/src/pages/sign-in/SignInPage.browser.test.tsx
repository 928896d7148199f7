import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiPaths } from '@hcm/contracts';
import { StorageKeys } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../../scripts/wtr/mocha.ts';
import { healthyIam, type FakeApi } from '../../../../../shared/session/src/testing/fake-iam.ts';
import { currentPath, prepareShell, renderShellAt, resetShell } from '../../testing/shell-fixture.tsx';

// getBy*/findBy* queries throw when nothing matches: a bare query is an assertion.
describe('sign-in page', () => {
  let api: FakeApi;

  beforeEach(async () => {
    api = healthyIam();
    await prepareShell(api);
  });
  afterEach(resetShell);

  const fillIn = async (username: string, password: string) => {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Tên đăng nhập'), username);
    await user.type(screen.getByLabelText('Mật khẩu'), password);
    return user;
  };

  it('speaks Vietnamese by default', async () => {
    renderShellAt('/login');
    await screen.findByRole('heading', { level: 1, name: 'Đăng nhập' });
    expect(screen.getByLabelText('Tên đăng nhập').tagName).to.equal('INPUT');
    expect(screen.getByLabelText('Mật khẩu').getAttribute('type')).to.equal('password');
    screen.getByRole('checkbox', { name: 'Ghi nhớ đăng nhập' });
    expect(screen.getByRole('button', { name: 'Đăng nhập' }).getAttribute('type')).to.equal('submit');
    expect(screen.getByRole('combobox', { name: 'Ngôn ngữ' }).textContent).to.contain('Tiếng Việt');
    expect(document.documentElement.lang).to.equal('vi');
  });

  it('switches to English with the language switch, and remembers it', async () => {
    renderShellAt('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Ngôn ngữ' }));
    await user.click(await screen.findByRole('option', { name: 'English' }));
    await screen.findByLabelText('Username');
    screen.getByLabelText('Password');
    screen.getByRole('checkbox', { name: 'Remember me' });
    screen.getByRole('button', { name: 'Sign in' });
    expect(screen.getByRole('combobox', { name: 'Language' }).textContent).to.contain('English');
    expect(document.documentElement.lang).to.equal('en');
    expect(localStorage.getItem(StorageKeys.language)).to.equal('en');
  });

  it('leaves no invisible layer over the page once a popup has been used', async () => {
    renderShellAt('/login');
    const user = userEvent.setup();
    const languageSwitch = await screen.findByRole('combobox', { name: 'Ngôn ngữ' });
    await user.click(languageSwitch);
    await user.keyboard('{Escape}');
    // user-event does not hit-test; real clicks land on whatever is topmost at the point.
    for (const element of [
      languageSwitch,
      screen.getByLabelText('Tên đăng nhập'),
      screen.getByRole('button', { name: 'Đăng nhập' }),
    ]) {
      const box = element.getBoundingClientRect();
      const topmost = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      expect(
        topmost !== null && element.contains(topmost),
        `${element.tagName} is covered by ${topmost?.outerHTML.slice(0, 80)}`,
      ).to.equal(true);
    }
  });

  it('shows required errors and sends nothing when submitted empty', async () => {
    renderShellAt('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Đăng nhập' }));
    await screen.findByText('Vui lòng nhập tên đăng nhập.');
    screen.getByText('Vui lòng nhập mật khẩu.');
    expect(screen.getByLabelText('Tên đăng nhập').getAttribute('aria-invalid')).to.equal('true');
    expect(api.calls).to.have.length(0);
  });

  it("shows the server's message in an alert on a wrong password (Enter submits)", async () => {
    renderShellAt('/login');
    await screen.findByLabelText('Tên đăng nhập');
    await fillIn('hradmin', 'wrong{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).to.contain('Đăng nhập không thành công');
    expect(alert.textContent).to.contain('Tên đăng nhập hoặc mật khẩu không đúng');
    expect(screen.getAllByRole('alert')).to.have.length(1);
    expect(api.callsTo(ApiPaths.iam.authenticate)[0]?.body).to.deep.equal({
      username: 'hradmin',
      password: 'wrong',
      rememberMe: false,
    });
    expect(currentPath()).to.equal('/login');
    expect(localStorage.getItem(StorageKeys.tokens)).to.equal(null);
    expect(sessionStorage.getItem(StorageKeys.tokens)).to.equal(null);
  });

  it('signs in with remember-me: tokens in localStorage, then the dashboard', async () => {
    renderShellAt('/login');
    await screen.findByLabelText('Tên đăng nhập');
    const user = await fillIn('hradmin', 'right');
    await user.click(screen.getByRole('checkbox', { name: 'Ghi nhớ đăng nhập' }));
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    await waitFor(() => expect(currentPath()).to.equal('/dashboard'));
    await screen.findByRole('heading', { level: 1, name: 'Xin chào, Quản trị Nhân sự!' });
    expect(localStorage.getItem(StorageKeys.rememberMe)).to.equal('true');
    expect(localStorage.getItem(StorageKeys.tokens)).to.contain('access-1');
    expect(localStorage.getItem(StorageKeys.secretKey)).to.equal('secret-1');
    expect(sessionStorage.getItem(StorageKeys.tokens)).to.equal(null);
  });

  it('signs in without remember-me: tokens in sessionStorage, then the redirect target', async () => {
    renderShellAt('/login?redirect=/dashboard');
    await screen.findByLabelText('Tên đăng nhập');
    await fillIn('hradmin', 'right{Enter}');
    await waitFor(() => expect(currentPath()).to.equal('/dashboard'));
    expect(sessionStorage.getItem(StorageKeys.tokens)).to.contain('access-1');
    expect(localStorage.getItem(StorageKeys.tokens)).to.equal(null);
    expect(localStorage.getItem(StorageKeys.rememberMe)).to.equal(null);
  });

  it('shows a spinner in the button while signing in', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    api.on('POST', ApiPaths.iam.authenticate, async () => {
      await answered;
      return { status: 401, body: { code: 'INVALID_CREDENTIALS', message: 'Sai mật khẩu' } };
    });
    renderShellAt('/login');
    await screen.findByLabelText('Tên đăng nhập');
    await fillIn('hradmin', 'slow{Enter}');
    const button = screen.getByRole('button', { name: 'Đăng nhập' });
    await screen.findByRole('progressbar', { name: 'Đang đăng nhập' });
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    answer();
    await screen.findByRole('alert');
    expect(screen.queryByRole('progressbar')).to.equal(null);
    expect(button.getAttribute('aria-disabled')).to.not.equal('true');
  });
});
