import type { MyNotification } from '@hcm/contracts/notifications';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { userNotifications as n } from './tables/notifications.ts';
import { notificationColumns, presentNotification } from './inbox/present-notification.ts';

/** The PostgreSQL channel that tells every API process of the notifications just sent. */
export const NOTIFICATION_CHANNEL = 'hcm_notifications';

/** What one NOTIFY carries: the notifications of some users of one tenant. */
export interface NotificationBroadcast {
  tenantId: string;
  deliveries: { userId: string; notification: MyNotification }[];
}

export interface NotificationMessage {
  title: string;
  content?: string | null;
  attachedLink?: string | null;
  eventType?: string | null;
  /** later than now: the notification waits in the inbox until then (default: now) */
  sendAt?: Date;
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more: the broadcasts stay well under. */
const MAX_PAYLOAD_BYTES = 7000;
const INSERT_CHUNK = 1000;

/**
 * Puts a notification in the inbox of each of `userIds` who is an active user of the tenant (an
 * id of another tenant, or of nobody, is passed over), and, once the transaction commits, tells
 * every API process so that the open pages of those users show it within a second. Answers the
 * notifications written, one per user.
 */
export async function sendNotifications(
  tx: Tx,
  tenantId: string,
  userIds: readonly string[],
  message: NotificationMessage,
): Promise<{ userId: string; notification: MyNotification }[]> {
  const delivered: { userId: string; notification: MyNotification }[] = [];
  const unique = [...new Set(userIds)];
  for (let start = 0; start < unique.length; start += INSERT_CHUNK) {
    const recipients = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.id, unique.slice(start, start + INSERT_CHUNK)),
          eq(users.tenantId, tenantId),
          eq(users.status, 'ACTIVE'),
        ),
      );
    if (recipients.length === 0) continue;
    const rows = await tx
      .insert(n)
      .values(
        recipients.map(({ id }) => ({
          tenantId,
          userId: id,
          title: message.title,
          content: message.content ?? null,
          attachedLink: message.attachedLink ?? null,
          eventType: message.eventType ?? null,
          ...(message.sendAt ? { sendAt: message.sendAt } : {}),
        })),
      )
      .returning({ userId: n.userId, ...notificationColumns });
    for (const { userId, ...row } of rows) delivered.push({ userId, notification: presentNotification(row) });
  }
  const due = delivered.filter((d) => Date.parse(d.notification.sendAt) <= Date.now());
  for (const payload of broadcastsOf(tenantId, due))
    await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${payload})`);
  return delivered;
}

/**
 * The deliveries as JSON payloads each under PostgreSQL's limit. The content stays out (up to
 * 2000 characters, it would not fit): a page shows the title and reads the rest from the inbox.
 */
export function broadcastsOf(
  tenantId: string,
  deliveries: readonly { userId: string; notification: MyNotification }[],
): string[] {
  const head = `{"tenantId":${JSON.stringify(tenantId)},"deliveries":[`;
  const payloads: string[] = [];
  let parts: string[] = [];
  let bytes = Buffer.byteLength(head) + 2;
  for (const { userId, notification } of deliveries) {
    const part = JSON.stringify({ userId, notification: { ...notification, content: null } });
    const size = Buffer.byteLength(part) + 1;
    if (parts.length > 0 && bytes + size > MAX_PAYLOAD_BYTES) {
      payloads.push(`${head}${parts.join(',')}]}`);
      parts = [];
      bytes = Buffer.byteLength(head) + 2;
    }
    parts.push(part);
    bytes += size;
  }
  if (parts.length > 0) payloads.push(`${head}${parts.join(',')}]}`);
  return payloads;
}
