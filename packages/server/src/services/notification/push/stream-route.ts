import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  MY_NOTIFICATIONS_PATHS,
  NOTIFICATION_EVENT,
  NOTIFICATION_HEARTBEAT_MS,
  type MyNotification,
} from '@hcm/contracts/notifications';
import { requireActor } from '../../../http/caller-scope.ts';
import { requireUser } from '../../iam/authentication/authentication.ts';
import type { NotificationHub } from './notification-hub.ts';

/** A client that stops reading gets this much queued for it, then its stream is closed. */
const MAX_QUEUED_BYTES = 64 * 1024;
/** What the browser waits before it opens the stream again after losing it (the SSE `retry`). */
const RETRY_MS = 5000;

export interface StreamOptions {
  hub: NotificationHub;
  heartbeatMs?: number;
}

/**
 * GET /api/notification/me/notifications/stream: server-sent events, one `notification` event
 * (its data the notification as the inbox answers it) for each new notification of the caller,
 * whichever process sent it; a comment every 25 s keeps proxies from closing it. The stream ends
 * when the access token dies (an `expired` event first: the page opens it again with a fresh
 * token), when the client stops reading, and when the server closes.
 */
export const streamRoutes: FastifyPluginAsyncTypebox<StreamOptions> = async (app, options) => {
  const heartbeatMs = options.heartbeatMs ?? NOTIFICATION_HEARTBEAT_MS;
  app.get(
    MY_NOTIFICATIONS_PATHS.stream,
    {
      config: { auth: 'user', permission: [] },
      schema: {
        summary:
          "Server-sent events: a 'notification' event for each new notification of the caller; ends with an 'expired' event when the token dies",
        tags: ['notification/me'],
        operationId: 'notification.me.stream',
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const expiresAt = requireUser(request).expiresAt ?? Date.now() + heartbeatMs;
      const stream = new PassThrough();
      const timers: { heartbeat?: NodeJS.Timeout; expiry?: NodeJS.Timeout } = {};
      let unlisten = () => {};
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(timers.heartbeat);
        clearTimeout(timers.expiry);
        unlisten();
        stream.end();
      };
      const write = (text: string) => {
        if (ended) return;
        // a client that stopped reading: what waits for it is bounded, then it is let go
        if (stream.writableLength > MAX_QUEUED_BYTES) {
          request.log.info({ userId: actor.userId }, 'notification stream not read: closed');
          end();
          stream.destroy();
          return;
        }
        stream.write(text);
      };
      unlisten = options.hub.listen({
        tenantId: actor.tenantId,
        userId: actor.userId,
        push: (notification: MyNotification) =>
          write(
            `event: ${NOTIFICATION_EVENT}\nid: ${notification.id}\ndata: ${JSON.stringify(notification)}\n\n`,
          ),
        close: end,
      });
      timers.heartbeat = setInterval(() => write(': keep-alive\n\n'), heartbeatMs);
      timers.expiry = setTimeout(
        () => {
          write('event: expired\ndata: {}\n\n');
          end();
        },
        Math.max(0, expiresAt - Date.now()),
      );
      request.raw.once('close', end);
      stream.write(`retry: ${RETRY_MS}\n: open\n\n`);
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          // never reused for another request: when the stream ends, so does the connection
          .header('connection', 'close')
          .send(stream)
      );
    },
  );
};
