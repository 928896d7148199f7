import { expect } from '@open-wc/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MENU, menuEntries, type Profile } from '@hcm/contracts';
import { i18n } from '@hcm/i18n';
import { HcmProvider } from '@hcm/ui';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { Sidebar } from '../layouts/Sidebar.tsx';
import { currentPath, prepareShell, resetShell } from '../testing/shell-fixture.tsx';
import { FakeApi, hrAdminProfile } from '../../../../shared/session/src/testing/fake-iam.ts';
import { MENU_STATE_KEY } from './menu-state.ts';
import { SHELL_APP } from '../shell-i18n.ts';

const userWith = (
  grantedPermissions: string[],
  options: { isRoot?: boolean; level?: 'SYSTEM' | 'TENANT' } = {},
): Profile => ({
  ...hrAdminProfile,
  tenantId: options.level === 'SYSTEM' ? null : 't-1',
  userPrimary: {
    isRoot: options.isRoot ?? false,
    grantedPermissions,
    userLevel: options.level ?? 'TENANT',
  },
});

const renderSidebar = (profile: Profile, pathname = '/dashboard') =>
  render(
    <HcmProvider idPrefix="sidebar-test-">
      <Sidebar profile={profile} pathname={pathname} />
    </HcmProvider>,
  );

const mainMenu = () => screen.getByRole('navigation', { name: 'Menu chính' });

/** Opens every closed group, as a person would: click the closed ones until none is left. */
async function openAllGroups(user: ReturnType<typeof userEvent.setup>) {
  for (;;) {
    const closed = within(mainMenu())
      .queryAllByRole('button')
      .filter((b) => b.getAttribute('aria-expanded') === 'false');
    if (closed.length === 0) return;
    for (const button of closed) await user.click(button);
  }
}

const linkTexts = () =>
  within(mainMenu())
    .queryAllByRole('link')
    .map((a) => a.textContent);
const groupTexts = () =>
  within(mainMenu())
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('the main menu', () => {
  beforeEach(async () => {
    await prepareShell(new FakeApi());
  });
  afterEach(resetShell);

  it('shows a user exactly the entries and groups their authorities allow', async () => {
    renderSidebar(userWith(['worker.view', 'leave_request.view', 'timesheet.create']));
    await openAllGroups(userEvent.setup());
    // and every tenant user's own notifications
    expect(groupTexts()).to.deep.equal(['Tổ chức', 'Chấm công', 'Đơn từ', 'Thông báo nội bộ']);
    expect(linkTexts()).to.deep.equal([
      'Tổng quan',
      'Danh sách nhân viên',
      // every tenant user's own check-in and month (docs/check-in.md, docs/my-timekeeping.md)
      'Chấm công',
      'Công của tôi',
      'Đơn nghỉ phép',
      'Thông báo của tôi',
    ]);
    expect(screen.getByRole('link', { name: 'Danh sách nhân viên' }).getAttribute('href')).to.equal(
      '/om/employee',
    );
  });

  it('shows a user without authorities only the dashboard, their own check-in and their own notifications', () => {
    renderSidebar(userWith([]));
    expect(groupTexts()).to.deep.equal(['Chấm công', 'Thông báo nội bộ']);
    expect(linkTexts()).to.deep.equal(['Tổng quan']);
  });

  it('shows a root user every entry of its level', async () => {
    renderSidebar(userWith([], { isRoot: true, level: 'SYSTEM' }));
    await openAllGroups(userEvent.setup());
    const hrefs = within(mainMenu())
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).to.deep.equal(
      menuEntries(MENU)
        .filter((p) => p.entry.levels.includes('SYSTEM'))
        .map((p) => p.entry.path),
    );
  });

  it('opens the groups of the current page and marks its entry', () => {
    renderSidebar(userWith(['worker.view', 'overtime_registration.view']), '/tm/overtime/12/detail');
    const current = screen.getByRole('link', { name: 'Đăng ký làm thêm giờ' });
    expect(current.getAttribute('aria-current')).to.equal('page');
    expect(screen.getByRole('button', { name: 'Chấm công' }).getAttribute('aria-expanded')).to.equal('true');
    expect(screen.getByRole('button', { name: 'Tổ chức' }).getAttribute('aria-expanded')).to.equal('false');
    expect(screen.queryByRole('link', { name: 'Danh sách nhân viên' }) === null).to.equal(true);
    expect(
      within(mainMenu())
        .getAllByRole('link')
        .filter((a) => a.getAttribute('aria-current') === 'page'),
    ).to.have.length(1);
  });

  it('collapses and expands groups, and remembers them across a remount', async () => {
    const profile = userWith(['worker.view', 'contract.view']);
    renderSidebar(profile);
    const user = userEvent.setup();
    const group = screen.getByRole('button', { name: 'Tổ chức' });
    expect(group.getAttribute('aria-expanded')).to.equal('false');
    await user.click(group);
    expect(group.getAttribute('aria-expanded')).to.equal('true');
    screen.getByRole('link', { name: 'Hợp đồng' });
    expect(JSON.parse(localStorage.getItem(MENU_STATE_KEY) ?? '{}')).to.deep.equal({ organisation: true });
    cleanup();
    renderSidebar(profile);
    expect(screen.getByRole('button', { name: 'Tổ chức' }).getAttribute('aria-expanded')).to.equal('true');
    await user.click(screen.getByRole('button', { name: 'Tổ chức' }));
    expect(screen.queryByRole('link', { name: 'Hợp đồng' }) === null).to.equal(true);
    cleanup();
    renderSidebar(profile, '/om/contract');
    // Closed by the user: stays closed even on one of its pages.
    expect(screen.getByRole('button', { name: 'Tổ chức' }).getAttribute('aria-expanded')).to.equal('false');
  });

  it('moves inside the portal on a click, through a real link', async () => {
    renderSidebar(userWith(['worker.view']), '/om/employee');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Tổng quan' }));
    expect(currentPath()).to.equal('/dashboard');
  });

  it('lets a person reach every entry their authority allows', async () => {
    const user = userEvent.setup();
    for (const { entry } of menuEntries(MENU)) {
      if (entry.authorities.length === 0) continue;
      const [level = 'TENANT'] = entry.levels;
      for (const code of entry.authorities) {
        localStorage.clear();
        renderSidebar(userWith([code], { level }));
        await openAllGroups(user);
        const link = screen.getByRole('link', { name: label(entry.key) });
        expect(link.getAttribute('href'), `${entry.key} with ${code}`).to.equal(entry.path);
        cleanup();
      }
    }
    // a hundred renders of the whole menu: more than the default 10 s on a busy machine
  }).timeout(40_000);
});

/** The menu label of a key in the current language (Vietnamese), as the dictionary says it. */
const label = (key: string) => i18n.t(`navigation.menu.${key}`, { ns: SHELL_APP });
