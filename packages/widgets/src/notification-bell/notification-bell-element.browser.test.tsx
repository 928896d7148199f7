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

  it('draws only a window of a long inbox and reads the next page as the reader scrolls', async () => {
    const inbox: MyNotification[] = Array.from({ length: 250 }, (_, n) => ({
      ...leave,
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      title: `Thông báo số ${n + 1}`,
      isRead: n % 3 === 0,
    }));
    api.on('GET', PATHS.list, ({ query }) => {
      const pageIndex = Number(query.get('pageIndex') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 20);
      const data = inbox.slice((pageIndex - 1) * pageSize, pageIndex * pageSize);
      return { status: 200, body: { data, page: { pageIndex, pageSize, total: inbox.length } } };
    });
    await addElement('<hcm-notification-bell></hcm-notification-bell>');
    await userEvent.click(await screen.findByRole('button', { name: 'Thông báo, 3 chưa đọc' }));
    const panel = await screen.findByRole('dialog', { name: 'Thông báo' });
    await within(panel).findByRole('button', { name: /^Thông báo số 1\b/ });
    const rows = () => within(panel).getAllByRole('listitem');
    expect(rows().length).to.be.lessThan(20);
    expect(rows()[0]?.getAttribute('aria-setsize')).to.equal('250');

    // scroll to the end of what is loaded, again and again: each time one more page
    const scroller = panel.querySelector('ul')?.parentElement as HTMLElement;
    for (const page of [2, 3]) {
      scroller.scrollTop = scroller.scrollHeight;
      scroller.dispatchEvent(new Event('scroll'));
      await waitFor(() =>
        expect(api.callsTo(PATHS.list).map((call) => call.query.get('pageIndex'))).to.include(String(page)),
      );
      await within(panel).findByRole('button', {
        name: new RegExp(`^Thông báo số ${(page - 1) * 20 + 1}\\b`),
      });
    }
    const drawn = rows();
    expect(drawn.length).to.be.lessThan(25);
    const last = drawn[drawn.length - 1];
    expect(Number(last?.getAttribute('aria-posinset'))).to.be.greaterThan(40);
  });
});
