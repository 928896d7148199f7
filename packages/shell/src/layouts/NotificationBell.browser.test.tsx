import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MY_NOTIFICATIONS_PATHS as PATHS, type MyNotification } from '@hcm/contracts/notifications';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { healthyIam, type FakeApi } from '../../../../shared/session/src/testing/fake-iam.ts';
import {
  currentPath,
  prepareShell,
  renderShellAt,
  resetShell,
  signInAsHrAdmin,
} from '../testing/shell-fixture.tsx';

const note = (
  id: string,
  title: string,
  isRead: boolean,
  attachedLink: string | null = null,
): MyNotification => ({
  id,
  title,
  content: null,
  attachedLink,
  eventType: null,
  sendAt: '2026-11-24T03:05:00.000Z',
  isRead,
});

describe('the notification bell', () => {
  /** the server refuses "mark all read" (a test sets it) */
  let markFails = false;
  let api: FakeApi;
  let unread: number;
  let inbox: MyNotification[];

  beforeEach(async () => {
    unread = 100;
    inbox = [
      note(
        '00000000-0000-4000-8000-000000000001',
        'Đơn nghỉ phép của Trần Thị Bình chờ bạn duyệt',
        false,
        '/setting/my-profile',
      ),
      note('00000000-0000-4000-8000-000000000002', 'Lịch họp giao ban tuần 48', true),
    ];
    api = healthyIam()
      .on('GET', PATHS.countUnread, () => ({ status: 200, body: { data: unread } }))
      .on('GET', PATHS.list, () => ({
        status: 200,
        body: { data: inbox, page: { pageIndex: 1, pageSize: 20, total: inbox.length } },
      }))
      .on('POST', PATHS.markRead.replace(':id', '00000000-0000-4000-8000-000000000001'), () => {
        unread -= 1;
        return { status: 200, body: { data: { ...inbox[0], isRead: true } } };
      })
      .on('POST', PATHS.markAllRead, () => {
        if (markFails) return { status: 503, body: { code: 'UNAVAILABLE', message: 'try again' } };
        const marked = unread;
        unread = 0;
        inbox = inbox.map((n) => ({ ...n, isRead: true }));
        return { status: 200, body: { data: { marked } } };
      });
    markFails = false;
    await prepareShell(api);
    await signInAsHrAdmin();
  });
  afterEach(() => resetShell());

  it('shows the unread count on the bell, 99+ beyond 99, and lists the newest with the unread marked', async () => {
    renderShellAt('/dashboard');
    const bell = await screen.findByRole('button', { name: 'Thông báo, 99+ chưa đọc' });
    expect(within(bell).getByTestId('notification-badge').textContent).to.equal('99+');
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Thông báo' });
    await within(panel).findByRole('button', {
      name: /^Đơn nghỉ phép của Trần Thị Bình chờ bạn duyệt\s*, Chưa đọc/,
    });
    expect(
      within(panel).getByRole('button', { name: /^Lịch họp giao ban tuần 48/ }).textContent,
    ).to.not.contain('Chưa đọc');
    // the time in the page's time zone, as dd/MM/yyyy elsewhere in the portal
    expect(panel.textContent).to.match(/\d{2}:\d{2} 24\/11\/2026/);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('marks one read as it follows its link, then all read', async () => {
    renderShellAt('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Thông báo, 99+ chưa đọc' }));
    const panel = await screen.findByRole('dialog', { name: 'Thông báo' });
    await userEvent.click(await within(panel).findByRole('button', { name: /^Đơn nghỉ phép/ }));
    await waitFor(() => expect(currentPath()).to.equal('/setting/my-profile'));
    await screen.findByRole('button', { name: 'Thông báo, 99 chưa đọc' });

    await userEvent.click(screen.getByRole('button', { name: 'Thông báo, 99 chưa đọc' }));
    const again = await screen.findByRole('dialog', { name: 'Thông báo' });
    await userEvent.click(within(again).getByRole('button', { name: 'Đánh dấu tất cả đã đọc' }));
    await waitFor(() => expect(api.callsTo(PATHS.markAllRead)).to.have.length(1));
    await userEvent.keyboard('{Escape}');
    const quiet = await screen.findByRole('button', { name: 'Thông báo' });
    expect(within(quiet).queryByTestId('notification-badge')).to.equal(null);
  });

  it('says so when the server does not mark all read, and keeps the unread shown', async () => {
    markFails = true;
    renderShellAt('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Thông báo, 99+ chưa đọc' }));
    const panel = await screen.findByRole('dialog', { name: 'Thông báo' });
    await within(panel).findByRole('button', { name: /^Đơn nghỉ phép.*, Chưa đọc/ });
    await userEvent.click(within(panel).getByRole('button', { name: 'Đánh dấu tất cả đã đọc' }));
    expect((await within(panel).findByRole('alert')).textContent).to.equal(
      'Chưa đánh dấu được tất cả là đã đọc: hãy thử lại.',
    );
    within(panel).getByRole('button', { name: /^Đơn nghỉ phép.*, Chưa đọc/ });
  });
});
