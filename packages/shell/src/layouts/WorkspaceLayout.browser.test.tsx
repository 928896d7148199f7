import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiPaths, type Profile } from '@hcm/contracts';
import { dismissAllToasts } from '@hcm/ui';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { healthyIam, hrAdminProfile, type FakeApi } from '../../../../shared/session/src/testing/fake-iam.ts';
import { SIDEBAR_COLLAPSED_KEY } from '../navigation/sidebar-collapse.ts';
import { MODULE_OUTLET_ID } from '../routing/shell-paths.ts';
import { prepareShell, renderShellAt, resetShell, signInAsHrAdmin } from '../testing/shell-fixture.tsx';

const ALL_MODULES = ['/om', '/kpi', '/tm', '/pm', '/setting', '/system'];

const workerViewer: Profile = {
  ...hrAdminProfile,
  userPrimary: { isRoot: false, grantedPermissions: ['worker.view', 'contract.view'], userLevel: 'TENANT' },
};

const mainMenu = () => screen.getByRole('navigation', { name: 'Menu chính' });

describe('workspace layout', () => {
  let api: FakeApi;
  let bodyMargin: string;

  beforeEach(async () => {
    api = healthyIam(undefined, workerViewer);
    await prepareShell(api);
    await signInAsHrAdmin();
    bodyMargin = document.body.style.margin;
    document.body.style.margin = '0';
  });
  afterEach(async () => {
    resetShell();
    await dismissAllToasts();
    window.scrollTo(0, 0);
    document.body.style.margin = bodyMargin;
  });

  it('keeps the top bar and the menu in place while the content scrolls, and the scroll button works', async () => {
    renderShellAt('/dashboard', { moduleRoutePrefixes: ALL_MODULES });
    const banner = await screen.findByRole('banner');
    // A long module page in the outlet.
    const outlet = document.getElementById(MODULE_OUTLET_ID);
    if (!outlet) throw new Error('no module outlet');
    outlet.style.height = `${window.innerHeight * 4}px`;
    const menuTop = mainMenu().getBoundingClientRect().top;
    // the dashboard is a lazy chunk of the shell: its heading comes once the chunk has loaded
    const heading = await screen.findByRole('heading', { level: 1 });
    const headingTop = heading.getBoundingClientRect().top;

    window.scrollTo(0, document.documentElement.scrollHeight);
    await waitFor(() => expect(window.scrollY).to.be.greaterThan(0));
    expect(banner.getBoundingClientRect().top).to.equal(0);
    expect(mainMenu().getBoundingClientRect().top).to.be.closeTo(menuTop, 1);
    expect(heading.getBoundingClientRect().top).to.be.lessThan(headingTop - window.innerHeight);

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Lên đầu trang' }));
    await waitFor(() => expect(window.scrollY).to.equal(0));
    outlet.style.height = '';
  });

  it('collapses the menu to group icons, remembers it, and opens a group from its icon', async () => {
    renderShellAt('/dashboard', { moduleRoutePrefixes: ALL_MODULES });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Thu gọn menu' }));
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).to.equal('true');
    // Icons only: each named by its label (and titled for a pointer), no search box, no entries.
    const group = within(mainMenu()).getByRole('button', { name: 'Tổ chức' });
    expect(group.getAttribute('title')).to.equal('Tổ chức');
    expect(group.textContent).to.equal('');
    expect(within(mainMenu()).queryByRole('searchbox') === null).to.equal(true);
    expect(within(mainMenu()).getByRole('link', { name: 'Tổng quan' }).getAttribute('aria-current')).to.equal(
      'page',
    );
    const expand = screen.getByRole('button', { name: 'Mở rộng menu' });
    expect(expand.getAttribute('aria-expanded')).to.equal('false');

    // Still collapsed after a reload.
    resetShell();
    await signInAsHrAdmin();
    renderShellAt('/dashboard', { moduleRoutePrefixes: ALL_MODULES });
    await screen.findByRole('button', { name: 'Mở rộng menu' });

    // A group's icon widens the menu with that group open, and the keyboard goes on from it.
    await user.click(within(mainMenu()).getByRole('button', { name: 'Tổ chức' }));
    const opened = within(mainMenu()).getByRole('button', { name: 'Tổ chức' });
    expect(opened.getAttribute('aria-expanded')).to.equal('true');
    await waitFor(() => expect(document.activeElement).to.equal(opened));
    within(mainMenu()).getByRole('link', { name: 'Danh sách nhân viên' });
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).to.equal('false');
    expect(screen.getByRole('button', { name: 'Thu gọn menu' }).getAttribute('aria-expanded')).to.equal(
      'true',
    );
  });

  it('names the page in the tab, in the language shown', async () => {
    renderShellAt('/dashboard', { moduleRoutePrefixes: ALL_MODULES });
    await waitFor(() => expect(document.title).to.equal('Tổng quan · HCM'));
    const user = userEvent.setup();
    await user.click(within(mainMenu()).getByRole('button', { name: 'Tổ chức' }));
    await user.click(within(mainMenu()).getByRole('link', { name: 'Hợp đồng' }));
    await waitFor(() => expect(document.title).to.equal('Hợp đồng · HCM'));
    await user.click(screen.getByRole('combobox', { name: 'Ngôn ngữ' }));
    await user.click(await screen.findByRole('option', { name: 'English' }));
    await waitFor(() => expect(document.title).to.equal('Contracts · HCM'));
  });

  it('saves the language chosen in the header to the user’s profile', async () => {
    renderShellAt('/dashboard', { moduleRoutePrefixes: ALL_MODULES });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Ngôn ngữ' }));
    await user.click(await screen.findByRole('option', { name: 'English' }));
    await screen.findByRole('heading', { level: 1, name: `Welcome, ${workerViewer.fullName}!` });
    await waitFor(() =>
      expect(
        api
          .callsTo(ApiPaths.iam.meProfile)
          .filter((c) => c.method === 'POST')
          .map((c) => c.body),
      ).to.deep.equal([{ language: 'en' }]),
    );
  });

  it('saves the last language chosen even when the user switches back before the first save is done', async () => {
    // the first save is held on the way, as on a slow network: the session's profile still says
    // Vietnamese when the user goes straight back to it
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    api.on('POST', ApiPaths.iam.meProfile, async (call) => {
      if ((call.body as { language?: string }).language === 'en') await held;
      return { status: 200, body: { data: { ...workerViewer, ...(call.body as object) } } };
    });
    renderShellAt('/dashboard', { moduleRoutePrefixes: ALL_MODULES });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('combobox', { name: 'Ngôn ngữ' }));
    await user.click(await screen.findByRole('option', { name: 'English' }));
    await user.click(await screen.findByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Tiếng Việt' }));
    release();
    const posted = () =>
      api
        .callsTo(ApiPaths.iam.meProfile)
        .filter((c) => c.method === 'POST')
        .map((c) => c.body);
    await waitFor(() => expect(posted()).to.deep.equal([{ language: 'en' }, { language: 'vi' }]));
  });
});
