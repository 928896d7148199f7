import { randomUUID } from 'node:crypto';
import { ApiPaths, type PageEnvelope } from '@hcm/contracts';
import { MY_NOTIFICATIONS_PATHS as PATHS, type MyNotification } from '@hcm/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../db/tenant-scope.ts';
import { sessions } from '../../db/schema.ts';
import { ensureSigningKey } from '../iam/tokens/signing-key.ts';
import { createTokenSigner } from '../iam/tokens/token-signer.ts';
import { accessTokenFor, makeUser } from '../../testing/factories.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../resources/testing/kit.ts';
import { testEngines } from '../../testing/engines.ts';
import { openNotificationStream } from '../../testing/notification-stream.ts';
import { startTestServer } from '../../testing/test-server.ts';
import { sendNotifications, type NotificationMessage } from './send-notifications.ts';

// both engines: LISTEN/NOTIFY is the engine's own (PGlite in process, PostgreSQL across processes)
const databaseUrl = (kit: ResourceTestKit) =>
  kit.server.config.database.engine === 'postgresql' ? kit.server.config.database.url : '';

describe.each(await testEngines('both'))('notifications on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let anna: Caller;
  let binh: Caller;
  /** a user of another tenant */
  let stranger: Caller;

  const send = (to: Caller | Caller[], message: NotificationMessage, db = kit.server.db.orm) => {
    const list = Array.isArray(to) ? to : [to];
    const tenantId = (list[0] as Caller).tenantId;
    return inScope(db, { tenantId, userId: null }, (tx) =>
      sendNotifications(
        tx,
        tenantId,
        list.map((c) => c.userId),
        message,
      ),
    );
  };
  const inbox = async (who: Caller, query = '') => {
    const res = await kit.http.get<PageEnvelope<MyNotification>>(`${PATHS.list}${query}`, who.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const unread = async (who: Caller) => {
    const res = await kit.http.get<{ data: number }>(PATHS.countUnread, who.token);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const streamUrl = () => `${kit.server.url}${PATHS.stream}`;

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    anna = await kit.caller([]);
    const db = kit.server.db.orm;
    const { user } = await makeUser({ db, passwords: kit.server.passwords }, { tenantId: anna.tenantId });
    binh = { tenantId: anna.tenantId, userId: user.id, token: await accessTokenFor(db, user) };
    stranger = await kit.caller([]);
  });
  afterAll(async () => kit?.stop());

  it('keeps each user’s notifications, newest first, counts the unread and marks them read', async () => {
    await send(anna, { title: 'Hợp đồng HD-01 sắp hết hạn', attachedLink: '/om/contract/1' });
    await send([anna, binh], { title: 'Lịch nghỉ Tết Nguyên đán', content: 'Nghỉ từ 14/02 đến 22/02.' });
    await send(anna, { title: 'Họp giao ban', sendAt: new Date(Date.now() + 3_600_000) });
    // an id of another tenant is passed over, never written into its inbox from here
    const delivered = await send([anna, { ...stranger, tenantId: anna.tenantId }], { title: 'Chỉ cho Anna' });
    expect(delivered.map((d) => d.userId)).toEqual([anna.userId]);

    const page = await inbox(anna);
    // the scheduled one waits for its time
    expect(page.data.map((n) => n.title)).toEqual([
      'Chỉ cho Anna',
      'Lịch nghỉ Tết Nguyên đán',
      'Hợp đồng HD-01 sắp hết hạn',
    ]);
    expect(page.page).toEqual({ pageIndex: 1, pageSize: 25, total: 3 });
    expect(page.data[1]).toMatchObject({
      content: 'Nghỉ từ 14/02 đến 22/02.',
      isRead: false,
      attachedLink: null,
    });
    expect((await inbox(anna, '?sortBy=sendAt.asc&pageSize=1')).data.map((n) => n.title)).toEqual([
      'Hợp đồng HD-01 sắp hết hạn',
    ]);
    expect(await unread(anna)).toBe(3);
    expect(await unread(binh)).toBe(1);
    expect(await unread(stranger)).toBe(0);

    const first = page.data[2] as MyNotification;
    const read = await kit.http.post<{ data: MyNotification }>(
      PATHS.markRead.replace(':id', first.id),
      undefined,
      anna.token,
    );
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: first.id, isRead: true });
    expect(await unread(anna)).toBe(2);
    expect((await inbox(anna, '?isRead=true')).data.map((n) => n.id)).toEqual([first.id]);
    expect((await inbox(anna, '?isRead=false')).page.total).toBe(2);

    // someone else's notification is not found, and stays unread
    const binhs = (await inbox(binh)).data[0] as MyNotification;
    const foreign = await kit.http.post(PATHS.markRead.replace(':id', binhs.id), undefined, anna.token);
    expect(foreign.status).toBe(404);
    expect(await unread(binh)).toBe(1);

    const all = await kit.http.post<{ data: { marked: number } }>(PATHS.markAllRead, undefined, anna.token);
    expect(all.body.data).toEqual({ marked: 2 });
    expect(await unread(anna)).toBe(0);
    expect(await unread(binh)).toBe(1);
  });

  it('answers one of the caller’s own notifications with its content, and nobody else’s', async () => {
    const detailOf = (id: string) => ApiPaths.notification.myNotification.replace(':id', id);
    const get = <T = { data: MyNotification }>(who: Caller, id: string) =>
      kit.http.get<T>(detailOf(id), who.token);
    const content = 'Kính gửi anh/chị,\nLịch khám sức khỏe định kỳ: 08:00 ngày 12/12.\n\nTrân trọng.';
    /** the one notification a send wrote */
    const sent = async (delivered: Promise<{ notification: MyNotification }[]>) => {
      const [first] = await delivered;
      expect(first).toBeDefined();
      return (first as { notification: MyNotification }).notification;
    };
    const own = await sent(
      send(anna, { title: 'Khám sức khỏe định kỳ', content, attachedLink: '/setting/my-profile' }),
    );
    const binhs = await sent(send(binh, { title: 'Chỉ cho Bình', content: 'Riêng tư' }));
    const later = await sent(send(anna, { title: 'Chưa đến giờ', sendAt: new Date(Date.now() + 3_600_000) }));
    const foreign = await sent(send(stranger, { title: 'Của công ty khác' }));

    const res = await get(anna, own.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      id: own.id,
      title: 'Khám sức khỏe định kỳ',
      content,
      attachedLink: '/setting/my-profile',
      eventType: null,
      sendAt: own.sendAt,
      isRead: false,
    });
    // reading it is not marking it read: the page does that
    expect((await get(anna, own.id)).body.data.isRead).toBe(false);

    // another user's, another tenant's, one not sent yet and an id of nothing: 404 in the envelope
    for (const id of [binhs.id, foreign.id, later.id, randomUUID()]) {
      const missing = await get<{ code: string; message: string }>(anna, id);
      expect(missing.status, id).toBe(404);
      expect(missing.body).toMatchObject({ code: 'NOT_FOUND' });
    }
    // the owner reads their own
    expect((await get(binh, binhs.id)).body.data).toMatchObject({ content: 'Riêng tư' });

    // a malformed id is refused as the other inbox routes refuse it
    const malformed = await get<{ code: string }>(anna, 'not-a-uuid');
    const markMalformed = await kit.http.post(
      PATHS.markRead.replace(':id', 'not-a-uuid'),
      undefined,
      anna.token,
    );
    expect(malformed.status).toBe(400);
    expect(markMalformed.status).toBe(400);
    expect(malformed.body.code).toBe((markMalformed.body as { code: string }).code);

    // signed in only
    const anonymous = await fetch(`${kit.server.url}${detailOf(own.id)}`);
    expect(anonymous.status).toBe(401);
  });

  it('pushes a new notification to every open page of its user, and to nobody else', async () => {
    const annaTab1 = await openNotificationStream(streamUrl(), anna.token);
    const annaTab2 = await openNotificationStream(streamUrl(), anna.token);
    const binhTab = await openNotificationStream(streamUrl(), binh.token);
    const strangerTab = await openNotificationStream(streamUrl(), stranger.token);
    try {
      expect(annaTab1.status).toBe(200);
      await send(anna, { title: 'Đơn nghỉ phép đã được duyệt', attachedLink: '/tm/leave/7' });
      await send(stranger, { title: 'Của công ty khác' });
      for (const tab of [annaTab1, annaTab2]) {
        const pushed = JSON.parse((await tab.next('notification')).data) as MyNotification;
        expect(pushed).toMatchObject({
          title: 'Đơn nghỉ phép đã được duyệt',
          attachedLink: '/tm/leave/7',
          isRead: false,
        });
      }
      // Binh's page hears its own next notification, not Anna's before it
      await send(binh, { title: 'Cho Bình' });
      expect(JSON.parse((await binhTab.next('notification')).data)).toMatchObject({ title: 'Cho Bình' });
      expect(JSON.parse((await strangerTab.next('notification')).data)).toMatchObject({
        title: 'Của công ty khác',
      });
    } finally {
      for (const tab of [annaTab1, annaTab2, binhTab, strangerTab]) tab.close();
    }
  });

  it('ends the stream when the token dies, saying so, and refuses a caller without one', async () => {
    const signer = createTokenSigner(await ensureSigningKey(kit.server.db.orm), 1);
    const sessionId = randomUUID();
    await kit.server.db.orm.insert(sessions).values({
      id: sessionId,
      userId: anna.userId,
      tenantId: anna.tenantId,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const shortLived = await signer.signAccessToken({
      userId: anna.userId,
      tenantId: anna.tenantId,
      sessionId,
    });
    const tab = await openNotificationStream(streamUrl(), shortLived);
    expect(tab.status).toBe(200);
    await tab.next('expired');
    await tab.ended;

    const anonymous = await fetch(streamUrl());
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it.runIf(engine === 'postgresql')(
    'reaches a page served by another server process on the same database',
    async () => {
      const other = await startTestServer({ DATABASE_URL: databaseUrl(kit), LOG_LEVEL: 'warn' });
      const tab = await openNotificationStream(`${other.url}${PATHS.stream}`, anna.token);
      try {
        // sent by this process, heard through the database by the other
        await send(anna, { title: 'Từ máy chủ thứ nhất' });
        expect(JSON.parse((await tab.next('notification')).data)).toMatchObject({
          title: 'Từ máy chủ thứ nhất',
        });
      } finally {
        tab.close();
        await other.stop();
      }
    },
  );
});
