import { ErrorCodes } from '@hcm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { notificationEvents } from '../tables/notification-events.ts';
import { AppError } from '../../../http/errors.ts';
import { assertCanEmail, deliverEvent, NotificationQueues, type DeliveryDeps } from './deliver-event.ts';
import { assertEditable } from './resources.ts';

/** A send time this close ahead is taken as now: scheduling it would only add the queue's delay. */
export const SCHEDULE_MARGIN_MS = 5_000;

export interface ScheduledSendJob {
  tenantId: string;
  eventId: string;
}

type EventRow = typeof notificationEvents.$inferSelect;

/** The notification, locked for the rest of the transaction (two sends at once: one waits, then sees SENT). */
export async function lockEvent(tx: Tx, tenantId: string, id: string): Promise<EventRow> {
  const [event] = await tx
    .select()
    .from(notificationEvents)
    .where(and(eq(notificationEvents.tenantId, tenantId), eq(notificationEvents.id, id)))
    .for('update');
  if (!event) throw new AppError(404, ErrorCodes.notFound, 'No such notification');
  return event;
}

/**
 * POST {id}/send: a DRAFT or SCHEDULED notification goes out now, or, when its sendAt lies
 * ahead, is SCHEDULED: a job due at sendAt sends it then (a scheduled one sent again is
 * rescheduled, its earlier job withdrawn). Answers the notification as it now is.
 */
export async function sendEvent(
  tx: Tx,
  deps: DeliveryDeps,
  caller: { tenantId: string; userId: string | null },
  id: string,
): Promise<EventRow> {
  const event = await lockEvent(tx, caller.tenantId, id);
  assertEditable(event, 'sent');
  assertCanEmail(event, deps);
  if (event.jobId) await deps.queue.cancel(tx, NotificationQueues.scheduledSend, [event.jobId]);
  if (event.sendAt && event.sendAt.getTime() > Date.now() + SCHEDULE_MARGIN_MS) {
    const [jobId] = await deps.queue.enqueue<ScheduledSendJob>(tx, NotificationQueues.scheduledSend, [
      { data: { tenantId: caller.tenantId, eventId: id }, startAfter: event.sendAt },
    ]);
    const [scheduled] = await tx
      .update(notificationEvents)
      .set({
        sendStatus: 'SCHEDULED',
        jobId: jobId ?? null,
        version: sql`${notificationEvents.version} + 1`,
        lastModifiedAt: new Date(),
        lastModifiedBy: caller.userId,
      })
      .where(and(eq(notificationEvents.tenantId, caller.tenantId), eq(notificationEvents.id, id)))
      .returning();
    return scheduled as EventRow;
  }
  return deliverEvent(tx, deps, caller.tenantId, { ...event, lastModifiedBy: caller.userId });
}

/**
 * POST {id}/cancel: a DRAFT or SCHEDULED notification is withdrawn (CANCELED, its job called
 * off); one already sent cannot be, 409.
 */
export async function cancelEvent(
  tx: Tx,
  deps: DeliveryDeps,
  caller: { tenantId: string; userId: string | null },
  id: string,
): Promise<EventRow> {
  const event = await lockEvent(tx, caller.tenantId, id);
  assertEditable(event, 'canceled');
  if (event.jobId) await deps.queue.cancel(tx, NotificationQueues.scheduledSend, [event.jobId]);
  const [canceled] = await tx
    .update(notificationEvents)
    .set({
      sendStatus: 'CANCELED',
      jobId: null,
      version: sql`${notificationEvents.version} + 1`,
      lastModifiedAt: new Date(),
      lastModifiedBy: caller.userId,
    })
    .where(and(eq(notificationEvents.tenantId, caller.tenantId), eq(notificationEvents.id, id)))
    .returning();
  return canceled as EventRow;
}

/**
 * The scheduled-send job: the notification goes out if it is still the SCHEDULED one this job
 * was made for (edited, canceled, deleted or rescheduled since: nothing to do). Run twice — a
 * worker died after sending — the second run finds it SENT.
 */
export async function sendScheduledEvent(
  tx: Tx,
  deps: DeliveryDeps,
  job: { id: string; data: ScheduledSendJob },
) {
  const [event] = await tx
    .select()
    .from(notificationEvents)
    .where(
      and(eq(notificationEvents.tenantId, job.data.tenantId), eq(notificationEvents.id, job.data.eventId)),
    )
    .for('update');
  if (!event || event.sendStatus !== 'SCHEDULED' || event.jobId !== job.id) return null;
  return deliverEvent(tx, deps, job.data.tenantId, event);
}
