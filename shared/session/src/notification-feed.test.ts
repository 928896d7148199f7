import { MY_NOTIFICATIONS_PATHS as PATHS, type MyNotification } from '@hcm/contracts/notifications';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryStorage } from './memory-storage.ts';
import { createNotificationFeed, type NotificationFeed } from './notification-feed.ts';
import { createSession, type Session } from './session.ts';
import { startFakeApiServer, type FakeApiServer } from './testing/fake-api-server.ts';
import { routeHealthyIam } from './testing/iam-routes.ts';

const notification = (title: string): MyNotification => ({
  id: crypto.randomUUID(),
  title,
  content: null,
  attachedLink: '/om/employee/1',
  eventType: null,
  sendAt: '2026-11-24T08:00:00.000Z',
  isRead: false,
});

/** Resolves when `check` holds, polling; rejects after `ms`. */
async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the notification feed', () => {
  let server: FakeApiServer;
  let session: Session;
  let feed: NotificationFeed;
  let unread: number;
  const arrived: string[] = [];

  beforeEach(async () => {
    server = await startFakeApiServer();
    routeHealthyIam(server);
    session = createSession({
      storages: { persistent: new MemoryStorage(), perTab: new MemoryStorage() },
      baseURL: server.baseURL,
    });
    feed = createNotificationFeed({
      session$: session.session$,
      api: session.api,
      transport: () => ({ baseURL: server.baseURL, fetch: globalThis.fetch.bind(globalThis) }),
      pollMs: 100_000,
      retryMs: [50],
    });
    feed.unread$.subscribe((n) => (unread = n));
    feed.arrived$.subscribe((n) => arrived.push(n.title));
    arrived.length = 0;
    server.route(`GET ${PATHS.countUnread}`, () => ({ status: 200, body: { data: 2 } }));
  });
  afterEach(() => server.close());

  it('counts the unread, adds each pushed notification, and stops when the user signs out', async () => {
    let streams = 0;
    server.route(`GET ${PATHS.stream}`, ({ headers }) => {
      streams++;
      expect(headers.authorization).toBe('Bearer access-1');
      return {
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
        // the first connection hears one notification (a comment and another event around it)
        rawBody:
          streams === 1
            ? `: open\n\nevent: other\ndata: {}\n\nevent: notification\ndata: ${JSON.stringify(notification('Hợp đồng sắp hết hạn'))}\n\n`
            : ': open\n\n',
        delayMs: streams === 1 ? 0 : 200,
      };
    });
    const disconnect = feed.connect();
    const second = feed.connect(); // a second bell on the page: still one poll and one stream
    await until(() => unread === 0 && server.requestsTo(PATHS.countUnread).length === 0);

    await session.signIn({ username: 'hradmin', password: 'right', rememberMe: false });
    await until(() => arrived.length === 1);
    expect(arrived).toEqual(['Hợp đồng sắp hết hạn']);
    await until(() => unread === 3);
    expect(server.requestsTo(PATHS.countUnread)).toHaveLength(1);
    // a poll in the background never becomes a toast
    expect(server.requestsTo(PATHS.countUnread)[0]?.headers['x-ignore-error']).toBe('true');
    // the stream ended: it is opened again after the retry delay
    await until(() => streams >= 2);

    await session.signOut();
    expect(unread).toBe(0);
    const after = streams;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(streams).toBe(after);
    disconnect();
    second();
  });

  it('marks read through the API and keeps the count true', async () => {
    const one = notification('Lịch họp');
    server.route(`POST ${PATHS.markRead.replace(':id', one.id)}`, () => ({
      status: 200,
      body: { data: { ...one, isRead: true } },
    }));
    server.route(`POST ${PATHS.markAllRead}`, () => ({ status: 200, body: { data: { marked: 1 } } }));
    server.route(`GET ${PATHS.list}`, () => ({
      status: 200,
      body: { data: [one], page: { pageIndex: 1, pageSize: 10, total: 1 } },
    }));
    await session.signIn({ username: 'hradmin', password: 'right', rememberMe: false });
    const page = await feed.list({ pageSize: 10, isRead: false });
    expect(page.data.map((n) => n.title)).toEqual(['Lịch họp']);
    expect(server.requestsTo(PATHS.list)[0]?.headers.authorization).toBe('Bearer access-1');
    expect((await feed.markRead(one.id)).isRead).toBe(true);
    expect(unread).toBe(2);
    expect(await feed.markAllRead()).toBe(1);
    expect(unread).toBe(0);
  });
});
