import { expect } from '@open-wc/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiPaths } from '@hcm/contracts';
import { MY_NOTIFICATIONS_PATHS as PATHS, type MyNotification } from '@hcm/contracts/notifications';
import { afterEach, beforeEach, describe, it } from '../../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../../shared/ui/src/testing/axe.ts';
import { healthyIam, type FakeApi } from '../../../../../shared/session/src/testing/fake-iam.ts';
import { currentPath, renderShellAt, signInAsHrAdmin } from '../../testing/shell-fixture.tsx';
import { preparePages, resetPages } from '../page-fixture.tsx';

const LIST = '/notification/notification-me';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const detailPath = (n: number) => `${LIST}/${id(n)}/detail`;

const note = (
  n: number,
  title: string,
  isRead: boolean,
  extra: Partial<MyNotification> = {},
): MyNotification => ({
  id: id(n),
  title,
  content: null,
  attachedLink: null,
  eventType: null,
  sendAt: '2026-11-24T03:05:00.000Z',
  isRead,
  ...extra,
});

/** The right edge of the page's content, furthest right: beyond the window's width, it scrolls sideways. */
function rightmostEdge(): number {
  const page = screen.getByRole('heading', { level: 1 }).closest('section, article') as HTMLElement;
  expect(page.scrollWidth).to.be.at.most(page.clientWidth);
  return Math.max(...[page, ...page.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right));
}

describe('my notifications', () => {
  let api: FakeApi;
  let inbox: MyNotification[];

  const unreadCount = () => inbox.filter((n) => !n.isRead).length;

  beforeEach(async () => {
    inbox = [
      note(1, 'Đơn nghỉ phép của Trần Thị Bình chờ bạn duyệt', false, {
        content: 'Kính gửi anh/chị,\nĐơn nghỉ phép từ 01/12 đến 03/12.\n\n<b>Trân trọng</b>',
        attachedLink: '/setting/my-profile',
      }),
      note(2, 'Lịch họp giao ban tuần 48', true, { content: 'Phòng họp tầng 3.' }),
      note(3, 'Chính sách mới về phúc lợi', false, { attachedLink: 'https://example.vn/phuc-loi' }),
    ];
    api = healthyIam()
      .on('GET', PATHS.countUnread, () => ({ status: 200, body: { data: unreadCount() } }))
      .on('GET', PATHS.list, ({ query }) => {
        const isRead = query.get('isRead');
        const pageSize = Number(query.get('pageSize') ?? 25);
        const pageIndex = Number(query.get('pageIndex') ?? 1);
        const shown = inbox.filter((n) => isRead === null || String(n.isRead) === isRead);
        return {
          status: 200,
          body: {
            data: shown.slice((pageIndex - 1) * pageSize, pageIndex * pageSize),
            page: { pageIndex, pageSize, total: shown.length },
          },
        };
      })
      .on('POST', PATHS.markAllRead, () => {
        const marked = unreadCount();
        inbox = inbox.map((n) => ({ ...n, isRead: true }));
        return { status: 200, body: { data: { marked } } };
      });
    for (const n of [1, 2, 3]) {
      api
        .on('GET', ApiPaths.notification.myNotification.replace(':id', id(n)), () => ({
          status: 200,
          body: { data: inbox.find((x) => x.id === id(n)) },
        }))
        .on('POST', PATHS.markRead.replace(':id', id(n)), () => {
          inbox = inbox.map((x) => (x.id === id(n) ? { ...x, isRead: true } : x));
          return { status: 200, body: { data: inbox.find((x) => x.id === id(n)) } };
        });
    }
    await preparePages(api);
    await signInAsHrAdmin();
  });
  afterEach(resetPages);

  const openList = async (path = LIST) => {
    renderShellAt(path);
    await screen.findByRole('heading', { level: 1, name: 'Thông báo của tôi' });
    return userEvent.setup();
  };
  const table = () => screen.findByRole('table', { name: 'Danh sách thông báo' });
  const markAllButton = () => screen.getByRole('button', { name: 'Đánh dấu tất cả là đã đọc' });

  it('lists the newest 25, the unread in bold with a dot and said so, the time as dd/MM/yyyy HH:mm', async () => {
    await openList();
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows).to.have.length(3);
    const unread = within(rows[0] as HTMLElement).getByRole('link', {
      name: /^Đơn nghỉ phép của Trần Thị Bình chờ bạn duyệt\s*, Chưa đọc$/,
    });
    const read = within(rows[1] as HTMLElement).getByRole('link', { name: 'Lịch họp giao ban tuần 48' });
    expect(Number(getComputedStyle(unread).fontWeight)).to.be.greaterThan(
      Number(getComputedStyle(read).fontWeight),
    );
    expect(rows[0]?.querySelector('[data-unread="true"]')).to.not.equal(null);
    expect(rows[1]?.querySelector('[data-unread="true"]')).to.equal(null);
    expect(rows[0]?.textContent).to.match(/24\/11\/2026 \d{2}:\d{2}/);
    const query = api.lastQuery(PATHS.list);
    expect(query?.get('pageSize')).to.equal('25');
    expect(query?.get('pageIndex')).to.equal('1');
    expect(query?.get('sortBy')).to.equal('sendAt.desc');
    expect(query?.has('isRead')).to.equal(false);
    expect(document.title).to.equal('Thông báo của tôi · HCM');
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('filters All / Unread / Read with isRead, and says when a filter holds nothing', async () => {
    const user = await openList();
    await table();
    await user.click(screen.getByRole('button', { name: 'Chưa đọc', pressed: false }));
    await waitFor(() => expect(api.lastQuery(PATHS.list)?.get('isRead')).to.equal('false'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).to.have.length(3));
    expect(screen.getByRole('button', { name: 'Chưa đọc', pressed: true })).to.not.equal(null);
    expect(currentPath()).to.equal(`${LIST}?filter=unread`);

    await user.click(screen.getByRole('button', { name: 'Đã đọc' }));
    await waitFor(() => expect(api.lastQuery(PATHS.list)?.get('isRead')).to.equal('true'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).to.have.length(2));

    inbox = [];
    await user.click(screen.getByRole('button', { name: 'Tất cả' }));
    await screen.findByText('Bạn chưa có thông báo nào.');
    expect(api.lastQuery(PATHS.list)?.has('isRead')).to.equal(false);
    await user.click(screen.getByRole('button', { name: 'Chưa đọc' }));
    await screen.findByText('Bạn không có thông báo chưa đọc.');
    expect(markAllButton()).to.have.property('disabled', true);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('marks all read: the API is called, the rows and the bell say so, the button is disabled', async () => {
    const user = await openList();
    await table();
    await screen.findByRole('button', { name: 'Thông báo, 2 chưa đọc' });
    await waitFor(() => expect(markAllButton()).to.have.property('disabled', false));
    await user.click(markAllButton());
    await waitFor(() => expect(api.callsTo(PATHS.markAllRead)).to.have.length(1));
    await waitFor(() => expect(screen.queryAllByRole('link', { name: /Chưa đọc$/ })).to.have.length(0));
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).to.equal(null));
    expect(markAllButton()).to.have.property('disabled', true);
    await screen.findByText('Đã đánh dấu tất cả thông báo là đã đọc.');
  });

  it('opens a notification from its row, marks it read once, and shows its content as text with its lines', async () => {
    const user = await openList();
    const rows = within(await table()).getAllByRole('row');
    await user.click(within(rows[1] as HTMLElement).getByText('24/11/2026', { exact: false }));
    await screen.findByRole('heading', { level: 1, name: 'Đơn nghỉ phép của Trần Thị Bình chờ bạn duyệt' });
    expect(currentPath()).to.equal(detailPath(1));
    await waitFor(() => expect(api.callsTo(PATHS.markRead.replace(':id', id(1)))).to.have.length(1));
    const content = screen.getByTestId('notification-content');
    // the text as sent: line breaks kept on screen, markup shown as characters, never as HTML
    expect(content.textContent).to.equal(
      'Kính gửi anh/chị,\nĐơn nghỉ phép từ 01/12 đến 03/12.\n\n<b>Trân trọng</b>',
    );
    expect(content.querySelector('b')).to.equal(null);
    expect(getComputedStyle(content).whiteSpace).to.equal('pre-wrap');
    expect(content.innerText.split('\n').length).to.be.greaterThan(2);
    expect(document.body.textContent).to.match(/24\/11\/2026 \d{2}:\d{2}/);
    await screen.findByRole('button', { name: 'Thông báo, 1 chưa đọc' });
    expect(document.title).to.equal('Chi tiết · Thông báo của tôi · HCM');
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    // read already: opening it again marks nothing
    await user.click(screen.getByRole('link', { name: 'Quay lại thông báo của tôi' }));
    await table();
    expect(currentPath()).to.equal(LIST);
    await user.click(screen.getByRole('link', { name: 'Đơn nghỉ phép của Trần Thị Bình chờ bạn duyệt' }));
    await screen.findByTestId('notification-content');
    expect(api.callsTo(PATHS.markRead.replace(':id', id(1)))).to.have.length(1);
  });

  it('opens a notification with Enter on its row’s link, and a read one is not marked again', async () => {
    const user = await openList();
    await table();
    screen.getByRole('link', { name: 'Lịch họp giao ban tuần 48' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Lịch họp giao ban tuần 48' });
    expect(currentPath()).to.equal(detailPath(2));
    expect(screen.getByTestId('notification-content').textContent).to.equal('Phòng họp tầng 3.');
    expect(api.callsTo(PATHS.markRead.replace(':id', id(2)))).to.have.length(0);
    // no link: no button to follow one
    expect(screen.queryByRole('button', { name: /^Mở liên kết/ })).to.equal(null);
  });

  it('follows the link: a portal path in the portal, another site in a new tab', async () => {
    renderShellAt(detailPath(1));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mở liên kết' }));
    await waitFor(() => expect(currentPath()).to.equal('/setting/my-profile'));
    await screen.findByRole('heading', { level: 1, name: 'Hồ sơ của tôi' });

    const opened: unknown[][] = [];
    const realOpen = window.open;
    window.open = (...args: unknown[]) => {
      opened.push(args);
      return null;
    };
    try {
      cleanup();
      renderShellAt(detailPath(3));
      await user.click(await screen.findByRole('button', { name: 'Mở liên kết (mở trong thẻ mới)' }));
      expect(opened).to.deep.equal([['https://example.vn/phuc-loi', '_blank', 'noopener']]);
      expect(currentPath()).to.equal(detailPath(3));
      await screen.findByText('Thông báo này không có nội dung.');
    } finally {
      window.open = realOpen;
    }
  });

  it('says in the page that a notification is not found: someone else’s, or a malformed id', async () => {
    renderShellAt(detailPath(9));
    await screen.findByRole('heading', { level: 1, name: 'Không tìm thấy thông báo' });
    expect(screen.getByRole('alert').textContent).to.contain('không tồn tại');
    expect(api.callsTo(ApiPaths.notification.myNotification.replace(':id', id(9)))).to.have.length(1);
    // said once, in the page, not as a toast too
    expect(screen.queryByText('Không tìm thấy dữ liệu')).to.equal(null);
    expect(screen.getByRole('link', { name: 'Quay lại thông báo của tôi' }).getAttribute('href')).to.equal(
      LIST,
    );
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    cleanup();
    renderShellAt(`${LIST}/not-an-id/detail`);
    await screen.findByRole('heading', { level: 1, name: 'Không tìm thấy thông báo' });
    expect(api.calls.filter((c) => c.path.includes('not-an-id'))).to.have.length(0);
  });

  it('sends a signed-out visitor to sign in, and back here after', async () => {
    await resetPages();
    await preparePages(api);
    renderShellAt(detailPath(1));
    await waitFor(() =>
      expect(currentPath()).to.equal(
        `/login?redirect=${encodeURIComponent(detailPath(1)).replaceAll('%2F', '/')}`,
      ),
    );
  });

  it('keeps the page and the filter in the address', async () => {
    inbox = Array.from({ length: 30 }, (_, i) => note(100 + i, `Thông báo số ${i + 1}`, i % 2 === 0));
    const user = await openList(`${LIST}?filter=read`);
    await table();
    expect(api.lastQuery(PATHS.list)?.get('isRead')).to.equal('true');
    expect(screen.getByRole('button', { name: 'Đã đọc', pressed: true })).to.not.equal(null);
    await user.click(screen.getByRole('button', { name: 'Tất cả' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).to.have.length(26));
    await user.click(await screen.findByRole('button', { name: 'Trang sau' }));
    await waitFor(() => expect(api.lastQuery(PATHS.list)?.get('pageIndex')).to.equal('2'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).to.have.length(6));
    expect(currentPath()).to.equal(`${LIST}?page=2`);
  });

  it('fits a phone (375 px) without scrolling sideways, the list and a notification', async () => {
    const width = Object.getOwnPropertyDescriptor(window, 'innerWidth');
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
    const html = document.documentElement;
    html.style.width = '375px';
    inbox = [
      ...inbox,
      note(
        4,
        'Thông báo với một tiêu đề rất dài: Quyết định điều chỉnh lương cơ bản năm 2027 cho toàn bộ nhân viên',
        false,
        {
          content: `Một dòng rất dài không có khoảng trắng ${'x'.repeat(200)}`,
        },
      ),
    ];
    api.on('GET', ApiPaths.notification.myNotification.replace(':id', id(4)), () => ({
      status: 200,
      body: { data: inbox[3] },
    }));
    try {
      await openList();
      await table();
      await screen.findByRole('navigation', { name: 'Phân trang' }).catch(() => undefined);
      expect(rightmostEdge(), 'list').to.be.at.most(375);
      cleanup();
      renderShellAt(detailPath(4));
      await screen.findByTestId('notification-content');
      expect(rightmostEdge(), 'detail').to.be.at.most(375);
    } finally {
      html.style.width = '';
      if (width) Object.defineProperty(window, 'innerWidth', width);
    }
  });
});
