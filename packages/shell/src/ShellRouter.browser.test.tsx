import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiPaths } from '@hcm/contracts';
import { StorageKeys, session$ } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../scripts/wtr/mocha.ts';
import { healthyIam, type FakeApi } from '../../../shared/session/src/testing/fake-iam.ts';
import {
  currentPath,
  prepareShell,
  renderShellAt,
  resetShell,
  signInAsHrAdmin,
} from './testing/shell-fixture.tsx';
import { MODULE_OUTLET_ID, MODULE_OUTLET_READY_EVENT } from './routing/shell-paths.ts';

// getBy*/findBy* queries throw when nothing matches: a bare query is an assertion.
describe('shell routes and workspace', () => {
  let api: FakeApi;

  beforeEach(async () => {
    api = healthyIam();
    await prepareShell(api);
  });
  afterEach(resetShell);

  it('sends a signed-out visitor from the dashboard to sign-in, keeping the way back', async () => {
    renderShellAt('/dashboard');
    await waitFor(() => expect(currentPath()).to.equal('/login?redirect=/dashboard'));
    await screen.findByLabelText('Tên đăng nhập');
  });

  it('sends the empty path through the dashboard to sign-in', async () => {
    renderShellAt('/');
    await waitFor(() => expect(currentPath()).to.equal('/login?redirect=/dashboard'));
  });

  it('moves a signed-in user on from /login to the dashboard', async () => {
    await signInAsHrAdmin();
    renderShellAt('/login');
    await waitFor(() => expect(currentPath()).to.equal('/dashboard'));
  });

  it('frames the dashboard: product name, language, user menu, welcome, module outlet', async () => {
    await signInAsHrAdmin();
    renderShellAt('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Xin chào, Quản trị Nhân sự!' });
    const banner = screen.getByRole('banner');
    expect(banner.textContent).to.contain('HCM Nhân sự & Tiền lương');
    within(banner).getByRole('combobox', { name: 'Ngôn ngữ' });
    expect(
      within(banner).getByRole('button', { name: 'Tài khoản của Quản trị Nhân sự' }).textContent,
    ).to.contain('Quản trị Nhân sự');
    const outlet = document.getElementById(MODULE_OUTLET_ID);
    expect(outlet?.closest('main')).to.equal(screen.getByRole('main', { name: 'Nội dung chính' }));
    expect(outlet?.childElementCount).to.equal(0);
  });

  it('signs out from the user menu: server told, storage cleared, back to sign-in', async () => {
    await signInAsHrAdmin();
    renderShellAt('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Quản trị Nhân sự/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Đăng xuất' }));
    await waitFor(() => expect(currentPath()).to.equal('/login'));
    await screen.findByLabelText('Tên đăng nhập');
    const [logout] = api.callsTo(ApiPaths.iam.logout);
    expect(logout?.body).to.deep.equal({ refreshToken: 'refresh-1' });
    expect(logout?.headers.get('authorization')).to.equal('Bearer access-1');
    expect(sessionStorage.getItem(StorageKeys.tokens)).to.equal(null);
    expect(session$.value.status).to.equal('signed-out');
  });

  it('switches the workspace to English from the top bar', async () => {
    await signInAsHrAdmin();
    renderShellAt('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Ngôn ngữ' }));
    await user.click(await screen.findByRole('option', { name: 'English' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Quản trị Nhân sự!' });
    screen.getByRole('button', { name: 'Account of Quản trị Nhân sự' });
    await user.click(screen.getByRole('button', { name: 'Account of Quản trị Nhân sự' }));
    await screen.findByRole('menuitem', { name: 'Sign out' });
  });

  it('shows not-found for an unknown path, with the way back to the dashboard', async () => {
    await signInAsHrAdmin();
    renderShellAt('/no-such-page');
    await screen.findByRole('heading', { level: 1, name: 'Không tìm thấy trang' });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Về trang tổng quan' }));
    await waitFor(() => expect(currentPath()).to.equal('/dashboard'));
    await screen.findByRole('heading', { level: 1, name: 'Xin chào, Quản trị Nhân sự!' });
  });

  it('frames a module route with an empty outlet and announces it', async () => {
    await signInAsHrAdmin();
    let announced: EventTarget | null = null;
    const listener = (event: Event) =>
      (announced = (event as CustomEvent<{ outlet: HTMLElement }>).detail.outlet);
    window.addEventListener(MODULE_OUTLET_READY_EVENT, listener);
    try {
      renderShellAt('/payroll/periods', { moduleRoutePrefixes: ['/payroll'] });
      await waitFor(() => expect(document.getElementById(MODULE_OUTLET_ID)).to.not.equal(null));
      expect(announced).to.equal(document.getElementById(MODULE_OUTLET_ID));
      expect(screen.queryByRole('heading', { level: 1 })).to.equal(null);
      expect(currentPath()).to.equal('/payroll/periods');
    } finally {
      window.removeEventListener(MODULE_OUTLET_READY_EVENT, listener);
    }
  });

  it('shows the error pages in the workspace and the privacy policy in the public frame', async () => {
    await signInAsHrAdmin();
    const { unmount } = renderShellAt('/403');
    await screen.findByRole('heading', { level: 1, name: 'Không có quyền truy cập' });
    screen.getByRole('navigation', { name: 'Menu chính' });
    unmount();
    renderShellAt('/privacy-policy');
    await screen.findByRole('heading', { level: 1, name: 'Chính sách quyền riêng tư' });
    expect(screen.queryByRole('navigation', { name: 'Menu chính' }) === null).to.equal(true);
    expect(currentPath()).to.equal('/privacy-policy');
  });

  it('signs out, on start, a session whose tokens can no longer be refreshed', async () => {
    await signInAsHrAdmin();
    api
      .on('GET', ApiPaths.iam.meProfile, () => ({
        status: 401,
        body: { code: 'UNAUTHORIZED', message: 'expired' },
      }))
      .on('POST', ApiPaths.iam.refreshToken, () => ({
        status: 401,
        body: { code: 'UNAUTHORIZED', message: 'refresh expired' },
      }));
    renderShellAt('/dashboard');
    await waitFor(() => expect(currentPath()).to.equal('/login?redirect=/dashboard'));
    expect(api.callsTo(ApiPaths.iam.refreshToken)).to.have.length(1);
    expect(sessionStorage.getItem(StorageKeys.tokens)).to.equal(null);
  });
});
