import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MY_NOTIFICATIONS_PATHS as PATHS, type MyNotification } from '@hcm/contracts/notifications';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { healthyIam, type FakeApi } from '../../../../shared/session/src/testing/fake-iam.ts';
import '../index.ts';
import {
  addElement,
  nextEvent,
  prepareWidgets,
  resetWidgets,
  signInAsHrAdmin,
} from '../testing/widgets-fixture.ts';
import type { NotificationOpenDetail } from './NotificationPanel.tsx';

const leave: MyNotification = {
  id: '00000000-0000-4000-8000-000000000011',
  title: 'Đơn nghỉ phép của Lê Văn Cường chờ bạn duyệt',
  content: null,
  attachedLink: '/tm/leave-requests/42',
  eventType: null,
  sendAt: '2026-11-24T02:00:00.000Z',
  isRead: false,
};

describe('<hcm-notification-bell> in the portal (light DOM)', () => {
  let api: FakeApi;

  beforeEach(async () => {
    api = healthyIam()
      .on('GET', PATHS.countUnread, () => ({ status: 200, body: { data: 3 } }))
      .on('GET', PATHS.list, () => ({
        status: 200,
        body: { data: [leave], page: { pageIndex: 1, pageSize: 20, total: 1 } },
      }))
      .on('POST', PATHS.markRead.replace(':id', leave.id), () => ({
        status: 200,
        body: { data: { ...leave, isRead: true } },
      }));
    await prepareWidgets(api);
    await signInAsHrAdmin();
  });
  afterEach(() => resetWidgets());

  it('two bells on one page show the same count from one poll', async () => {
    await addElement('<hcm-notification-bell></hcm-notification-bell>');
    await addElement('<hcm-notification-bell></hcm-notification-bell>');
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Thông báo, 3 chưa đọc' })).to.have.length(2),
    );
    expect(api.callsTo(PATHS.countUnread)).to.have.length(1);
  });

  it('tells hcm-notification-open, and a page that prevents it follows the link itself', async () => {
    const bell = await addElement('<hcm-notification-bell></hcm-notification-bell>');
    const before = window.location.href;
    bell.addEventListener('hcm-notification-open', (event) => event.preventDefault());
    await userEvent.click(await screen.findByRole('button', { name: 'Thông báo, 3 chưa đọc' }));
    const panel = await screen.findByRole('dialog', { name: 'Thông báo' });
    const opened = nextEvent<NotificationOpenDetail>('hcm-notification-open');
    await userEvent.click(await within(panel).findByRole('button', { name: /^Đơn nghỉ phép/ }));
    const event = await opened;
    expect(event.detail).to.deep.equal({
      id: leave.id,
      title: leave.title,
      attachedLink: leave.attachedLink,
    });
    expect(event.bubbles && event.composed && event.cancelable).to.equal(true);
    await waitFor(() => expect(api.callsTo(PATHS.markRead.replace(':id', leave.id))).to.have.length(1));
    expect(window.location.href).to.equal(before);
  });
});
