import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@hcm/contracts';
import { afterEach, describe, it } from '../../../../../scripts/wtr/mocha.ts';
import { healthyIam, hrAdminProfile } from '../../../../../shared/session/src/testing/fake-iam.ts';
import {
  currentPath,
  prepareShell,
  renderShellAt,
  resetShell,
  signInAsHrAdmin,
} from '../../testing/shell-fixture.tsx';

const ALL_MODULES = ['/om', '/kpi', '/tm', '/pm', '/setting', '/system'];

const withPermissions = (grantedPermissions: string[]): Profile => ({
  ...hrAdminProfile,
  userPrimary: { isRoot: false, grantedPermissions, userLevel: 'TENANT' },
});

async function openDashboard(profile: Profile) {
  await prepareShell(healthyIam(undefined, profile));
  await signInAsHrAdmin();
  renderShellAt('/dashboard', { moduleRoutePrefixes: ALL_MODULES });
  await screen.findByRole('heading', { level: 1, name: `Xin chào, ${profile.fullName}!` });
}

const quickLinks = () => screen.getByRole('region', { name: 'Truy cập nhanh' });

describe('dashboard', () => {
  afterEach(resetShell);

  it('links to what the user may open, one tile per menu group', async () => {
    await openDashboard(withPermissions(['worker.view', 'contract.view', 'leave_request.view']));
    const tiles = within(quickLinks()).getAllByRole('heading', { level: 3 });
    expect(tiles.map((h) => h.textContent)).to.deep.equal(['Tổ chức', 'Chấm công', 'Thông báo nội bộ']);
    const links = within(quickLinks()).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).to.deep.equal([
      ['Danh sách nhân viên', '/om/employee'],
      ['Hợp đồng', '/om/contract'],
      ['Đơn nghỉ phép', '/tm/application-leave'],
      ['Thông báo của tôi', '/notification/notification-me'],
    ]);
    await userEvent.setup().click(links[1] as HTMLElement);
    await waitFor(() => expect(currentPath()).to.equal('/om/contract'));
  });

  it('leads a user with no authority yet to their own notifications, and keeps a labelled place for the statistics', async () => {
    await openDashboard(withPermissions([]));
    const links = within(quickLinks()).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal(['/notification/notification-me']);
    const statistics = screen.getByRole('region', { name: 'Số liệu tổ chức' });
    // No made-up figures: it says what will come.
    expect(statistics.textContent).to.contain('phân hệ Tổ chức');
    expect(/\d/.test(statistics.textContent ?? '')).to.equal(false);
  });
});
