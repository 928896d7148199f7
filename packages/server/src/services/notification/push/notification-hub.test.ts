import type { MyNotification } from '@hcm/contracts/notifications';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { broadcastsOf } from '../send-notifications.ts';
import { startNotificationHub, type NotificationListener } from './notification-hub.ts';
import { allOf } from '../../../../../../scripts/testing/all-of.ts';

/** A database whose channel the test speaks into, as NOTIFY would. */
function fakeChannel() {
  const handlers: ((payload: string) => void)[] = [];
  return {
    say: (payload: string) => handlers.forEach((h) => h(payload)),
    listen: async (_channel: string, onMessage: (payload: string) => void) => {
      handlers.push(onMessage);
      return async () => void handlers.splice(handlers.indexOf(onMessage), 1);
    },
  };
}
const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
const note = (title: string): MyNotification => ({
  id: crypto.randomUUID(),
  title,
  content: 'dài '.repeat(500),
  attachedLink: null,
  eventType: null,
  sendAt: new Date().toISOString(),
  isRead: false,
});

function listener(tenantId: string, userId: string) {
  const heard: string[] = [];
  const state = { closed: false };
  const self: NotificationListener = {
    tenantId,
    userId,
    push: (n) => heard.push(n.title),
    close: () => (state.closed = true),
  };
  return { self, heard, state };
}

describe('the notification hub', () => {
  it('gives each user’s notifications to that user in that tenant only, and ignores noise', async () => {
    const channel = fakeChannel();
    const hub = await startNotificationHub(channel, log);
    const anna = listener('t1', 'anna');
    const sameIdOtherTenant = listener('t2', 'anna');
    const binh = listener('t1', 'binh');
    for (const l of [anna, sameIdOtherTenant, binh]) hub.listen(l.self);
    channel.say('not json');
    for (const payload of broadcastsOf('t1', [{ userId: 'anna', notification: note('Chào Anna') }]))
      channel.say(payload);
    expect(anna.heard).toEqual(['Chào Anna']);
    expect(sameIdOtherTenant.heard).toEqual([]);
    expect(binh.heard).toEqual([]);
    await hub.close();
    expect(allOf([anna, sameIdOtherTenant, binh], (l) => l.state.closed)).toBe(true);
    expect(hub.size).toBe(0);
  });

  it('closes its listeners even when the database is already gone', async () => {
    const gone = {
      listen: async () => async () => {
        throw new Error('PGlite is closed');
      },
    };
    const hub = await startNotificationHub(gone, log);
    const tab = listener('t1', 'anna');
    hub.listen(tab.self);
    await hub.close();
    expect(tab.state.closed).toBe(true);
  });

  it('closes a user’s oldest page beyond the limit and refuses listeners beyond the process’s', async () => {
    const hub = await startNotificationHub(fakeChannel(), log, { perUser: 2, total: 3 });
    const tabs = [listener('t1', 'anna'), listener('t1', 'anna'), listener('t1', 'anna')];
    for (const tab of tabs) hub.listen(tab.self);
    expect(tabs.map((t) => t.state.closed)).toEqual([true, false, false]);
    hub.listen(listener('t1', 'binh').self);
    expect(hub.size).toBe(3);
    expect(() => hub.listen(listener('t1', 'chi').self)).toThrow(/Too many open notification streams/);
    await hub.close();
  });

  it('splits a broadcast to many users into payloads PostgreSQL takes, leaving the content out', () => {
    const deliveries = Array.from({ length: 300 }, (_, n) => ({
      userId: crypto.randomUUID(),
      notification: note(`Thông báo số ${n}`),
    }));
    const payloads = broadcastsOf('t1', deliveries);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    const back = payloads.flatMap(
      (p) => (JSON.parse(p) as { deliveries: { userId: string; notification: MyNotification }[] }).deliveries,
    );
    expect(back.map((d) => d.userId)).toEqual(deliveries.map((d) => d.userId));
    expect(allOf(back, (d) => d.notification.content === null)).toBe(true);
  });
});
