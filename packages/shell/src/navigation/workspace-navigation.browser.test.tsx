import { expect } from '@open-wc/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiPaths, MODULE_LOAD_FAILED_EVENT, NAVIGATION_ERROR_EVENT, type Profile } from '@hcm/contracts';
import { dismissAllToasts } from '@hcm/ui';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import {
  healthyIam,
  hrAdminProfile,
  issuedTokens,
  type FakeApi,
} from '../../../../shared/session/src/testing/fake-iam.ts';
import {
  currentPath,
  prepareShell,
  renderShellAt,
  resetShell,
  signInAsHrAdmin,
} from '../testing/shell-fixture.tsx';
import { navigate } from '../routing/location.ts';

const FORBIDDEN_TOAST = 'Bạn không có quyền truy cập chức năng này.';
const ALL_MODULES = ['/om', '/kpi', '/tm', '/pm', '/setting', '/system'];

/** The stand-in IAM answers this user's profile from now on. */
function profileIs(api: FakeApi, grantedPermissions: string[], level: 'SYSTEM' | 'TENANT' = 'TENANT') {
  const profile: Profile = {
    ...hrAdminProfile,
    tenantId: level === 'TENANT' ? 't-1' : null,
    tenantName: level === 'TENANT' ? hrAdminProfile.tenantName : null,
    userPrimary: { isRoot: false, grantedPermissions, userLevel: level },
  };
  api.on('GET', ApiPaths.iam.meProfile, () => ({ status: 200, body: { data: profile } }));
}

const breadcrumbSteps = () =>
  within(screen.getByRole('navigation', { name: 'Đường dẫn' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('workspace navigation and guards', () => {
  let api: FakeApi;

  beforeEach(async () => {
    api = healthyIam();
    await prepareShell(api);
  });
  afterEach(async () => {
    resetShell();
    await dismissAllToasts();
    // A toast leaves with an animation: the next test starts with none on the page.
    await waitFor(() => expect(screen.queryByText(FORBIDDEN_TOAST) === null).to.equal(true));
  });

  it('frames a module page with the menu and the breadcrumb of its record page', async () => {
    profileIs(api, ['worker.view']);
    await signInAsHrAdmin();
    renderShellAt('/om/employee/42/detail', { moduleRoutePrefixes: ALL_MODULES });
    const menu = await screen.findByRole('navigation', { name: 'Menu chính' });
    expect(
      within(menu).getByRole('link', { name: 'Danh sách nhân viên' }).getAttribute('aria-current'),
    ).to.equal('page');
    expect(breadcrumbSteps()).to.deep.equal(['Trang chủ', 'Tổ chức', 'Danh sách nhân viên', 'Chi tiết']);
    const trail = screen.getByRole('navigation', { name: 'Đường dẫn' });
    expect(within(trail).getByRole('link', { name: 'Danh sách nhân viên' }).getAttribute('href')).to.equal(
      '/om/employee',
    );
    expect(within(trail).getByText('Chi tiết').getAttribute('aria-current')).to.equal('page');
    await userEvent.setup().click(within(trail).getByRole('link', { name: 'Trang chủ' }));
    await waitFor(() => expect(currentPath()).to.equal('/dashboard'));
    await screen.findByRole('heading', { level: 1, name: 'Xin chào, Quản trị Nhân sự!' });
    expect(breadcrumbSteps()).to.deep.equal(['Trang chủ']);
  });

  it('sends a direct URL the user may not open to the dashboard, with the no-permission toast', async () => {
    profileIs(api, ['worker.view']);
    await signInAsHrAdmin();
    renderShellAt('/om/contract/7/update?tab=annex', { moduleRoutePrefixes: ALL_MODULES });
    await screen.findByText(FORBIDDEN_TOAST);
    expect(currentPath()).to.equal('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Xin chào, Quản trị Nhân sự!' });
  });

  it('goes back from a page of another user level, even holding its authority', async () => {
    profileIs(api, ['worker.view', 'tenant.view'], 'SYSTEM');
    await signInAsHrAdmin();
    renderShellAt('/system/tenant', { moduleRoutePrefixes: ALL_MODULES });
    await screen.findByRole('navigation', { name: 'Menu chính' });
    act(() => navigate('/om/employee'));
    await waitFor(() => expect(currentPath()).to.equal('/system/tenant'));
    expect(screen.queryByText(FORBIDDEN_TOAST) === null).to.equal(true);
  });

  it('answers a menu page no installed app serves with not-found, and leaves it out of the menu', async () => {
    profileIs(api, ['timesheet.view', 'job_title.view']);
    await signInAsHrAdmin();
    renderShellAt('/tm/timesheets', { moduleRoutePrefixes: ['/setting/job-titles'] });
    await screen.findByRole('heading', { level: 1, name: 'Không tìm thấy trang' });
    const menu = screen.getByRole('navigation', { name: 'Menu chính' });
    expect(within(menu).queryByRole('link', { name: 'Bảng chấm công' })).to.equal(null);
    expect(within(menu).queryByText('Chấm công')).to.equal(null);
  });

  it('says the module could not be loaded when an installed app fails to load', async () => {
    profileIs(api, ['job_title.view']);
    await signInAsHrAdmin();
    renderShellAt('/setting/job-titles', { moduleRoutePrefixes: ['/setting/job-titles'] });
    await screen.findByRole('navigation', { name: 'Menu chính' });
    act(() => {
      window.dispatchEvent(new CustomEvent(MODULE_LOAD_FAILED_EVENT, { detail: { name: '@hcm/admin' } }));
    });
    await screen.findByRole('heading', { level: 1, name: 'Không tải được phân hệ' });
    screen.getByText(/Chức năng “Chức danh” thuộc phân hệ “Quản trị”, nhưng phân hệ này không tải được/);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Về trang tổng quan' }));
    await waitFor(() => expect(currentPath()).to.equal('/dashboard'));
  });

  it('moves through the menu without reloading and follows the current entry', async () => {
    profileIs(api, ['worker.view', 'contract.view']);
    await signInAsHrAdmin();
    renderShellAt('/om/employee', { moduleRoutePrefixes: ALL_MODULES });
    const menu = await screen.findByRole('navigation', { name: 'Menu chính' });
    await userEvent.setup().click(within(menu).getByRole('link', { name: 'Hợp đồng' }));
    await waitFor(() => expect(currentPath()).to.equal('/om/contract'));
    expect(within(menu).getByRole('link', { name: 'Hợp đồng' }).getAttribute('aria-current')).to.equal(
      'page',
    );
    expect(
      within(menu).getByRole('link', { name: 'Danh sách nhân viên' }).hasAttribute('aria-current'),
    ).to.equal(false);
    expect(breadcrumbSteps()).to.deep.equal(['Trang chủ', 'Tổ chức', 'Hợp đồng']);
  });

  it('shows not-found when a module reports a navigation error with status 404', async () => {
    profileIs(api, ['worker.view']);
    await signInAsHrAdmin();
    renderShellAt('/om/employee/999/detail', { moduleRoutePrefixes: ALL_MODULES });
    await screen.findByRole('navigation', { name: 'Menu chính' });
    act(() => {
      window.dispatchEvent(new CustomEvent(NAVIGATION_ERROR_EVENT, { detail: { status: 404 } }));
    });
    await waitFor(() => expect(currentPath()).to.equal('/404'));
    await screen.findByRole('heading', { level: 1, name: 'Không tìm thấy trang' });
  });

  it('counts a session without its private key as signed out', async () => {
    api.on('POST', ApiPaths.iam.authenticate, () => ({
      status: 200,
      body: { data: { ...issuedTokens, secretKey: '' } },
    }));
    await signInAsHrAdmin();
    renderShellAt('/dashboard');
    await waitFor(() => expect(currentPath()).to.equal('/login?redirect=/dashboard'));
    await screen.findByLabelText('Tên đăng nhập');
  });

  it('folds the menu into a drawer on a phone-sized window', async () => {
    const width = Object.getOwnPropertyDescriptor(window, 'innerWidth');
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
    try {
      profileIs(api, ['worker.view']);
      await signInAsHrAdmin();
      renderShellAt('/dashboard', { moduleRoutePrefixes: ALL_MODULES });
      const user = userEvent.setup();
      const open = await screen.findByRole('button', { name: 'Mở menu' });
      expect(screen.queryByRole('navigation', { name: 'Menu chính' }) === null).to.equal(true);
      expect(open.getAttribute('aria-expanded')).to.equal('false');
      await user.click(open);
      const menu = screen.getByRole('navigation', { name: 'Menu chính' });
      expect(open.getAttribute('aria-expanded')).to.equal('true');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('navigation', { name: 'Menu chính' }) === null).to.equal(true);
      await user.click(open);
      await user.click(
        within(screen.getByRole('navigation', { name: 'Menu chính' })).getByRole('button', {
          name: 'Tổ chức',
        }),
      );
      // In the drawer's menu (the dashboard's quick links have the same link).
      await user.click(
        within(screen.getByRole('navigation', { name: 'Menu chính' })).getByRole('link', {
          name: 'Danh sách nhân viên',
        }),
      );
      await waitFor(() => expect(currentPath()).to.equal('/om/employee'));
      expect(screen.queryByRole('navigation', { name: 'Menu chính' }) === null).to.equal(true);
      expect(menu.isConnected).to.equal(false);
    } finally {
      if (width) Object.defineProperty(window, 'innerWidth', width);
      else Reflect.deleteProperty(window, 'innerWidth');
      window.dispatchEvent(new Event('resize'));
    }
  });

  it('names the menu and the breadcrumb in English after a language switch', async () => {
    profileIs(api, ['worker.view']);
    await signInAsHrAdmin();
    renderShellAt('/om/employee/create', { moduleRoutePrefixes: ALL_MODULES });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Ngôn ngữ' }));
    await user.click(await screen.findByRole('option', { name: 'English' }));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    within(menu).getByRole('link', { name: 'Employees' });
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).to.deep.equal(['Home', 'Organisation', 'Employees', 'Create']);
  });
});
