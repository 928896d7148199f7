import { expect } from '@open-wc/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@hcm/contracts';
import { HcmProvider } from '@hcm/ui';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { FakeApi, hrAdminProfile } from '../../../../shared/session/src/testing/fake-iam.ts';
import { currentPath, prepareShell, resetShell } from '../testing/shell-fixture.tsx';
import { Sidebar } from './Sidebar.tsx';
import { allOf } from '../../../../scripts/testing/all-of.ts';

/** Root inside a tenant: every tenant-level entry of the whole menu (no installed apps declared here). */
const root: Profile = {
  ...hrAdminProfile,
  userPrimary: { isRoot: true, grantedPermissions: [], userLevel: 'TENANT' },
};

function renderMenu(profile: Profile = root) {
  render(
    <HcmProvider idPrefix="menu-search-test-">
      <Sidebar profile={profile} pathname="/dashboard" />
    </HcmProvider>,
  );
}

const menu = () => screen.getByRole('navigation', { name: 'Menu chính' });
const links = () =>
  within(menu())
    .queryAllByRole('link')
    .map((a) => a.textContent);
const searchBox = () => within(menu()).getByRole('searchbox', { name: 'Tìm trong menu' });

describe('menu search', () => {
  beforeEach(async () => {
    await prepareShell(new FakeApi());
  });
  afterEach(resetShell);

  it('finds "Nhân viên" from "nhan vien", with its group open, and says how many it found', async () => {
    renderMenu();
    // Closed by default: the entry is not on screen until the search finds it.
    expect(links()).not.to.include('Danh sách nhân viên');
    await userEvent.setup().type(searchBox(), 'nhan vien');
    expect(links()).to.include('Danh sách nhân viên');
    expect(allOf(links(), (text) => /nhân viên/i.test(text ?? ''))).to.equal(true);
    expect(within(menu()).getByRole('button', { name: 'Tổ chức' }).getAttribute('aria-expanded')).to.equal(
      'true',
    );
    const status = within(menu()).getByRole('status');
    expect(status.textContent).to.equal(`Tìm thấy ${links().length} chức năng.`);
  });

  it('reads "d" as "đ"', async () => {
    renderMenu();
    await userEvent.setup().type(searchBox(), 'dieu dong');
    expect(links()).to.deep.equal(['Điều động, bổ nhiệm']);
  });

  it('says when nothing matches, and Escape brings the whole menu back', async () => {
    renderMenu();
    const before = links();
    const user = userEvent.setup();
    await user.type(searchBox(), 'xyzxyz');
    expect(links()).to.deep.equal([]);
    expect(within(menu()).getByRole('status').textContent).to.equal('Không tìm thấy chức năng nào.');
    await user.keyboard('{Escape}');
    expect((searchBox() as HTMLInputElement).value).to.equal('');
    expect(links()).to.deep.equal(before);
  });

  it('only searches what the user may open', async () => {
    renderMenu({
      ...hrAdminProfile,
      userPrimary: { isRoot: false, grantedPermissions: ['worker.view'], userLevel: 'TENANT' },
    });
    await userEvent.setup().type(searchBox(), 'hop dong');
    expect(links()).to.deep.equal([]);
  });

  it('works from the keyboard: Arrow Down reaches the first result, Enter opens it', async () => {
    renderMenu();
    const user = userEvent.setup();
    await user.type(searchBox(), 'chuc danh');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).to.equal('Chức danh');
    await user.click(searchBox());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).to.equal('/setting/job-titles'));
    // Following a result ends the search.
    expect((searchBox() as HTMLInputElement).value).to.equal('');
  });
});
