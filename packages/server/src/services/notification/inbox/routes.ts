import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPaths, DataEnvelope, PageEnvelope } from '@hcm/contracts';
import {
  MY_NOTIFICATION_SORTS,
  MY_NOTIFICATIONS_PATHS,
  NotificationLimits,
} from '@hcm/contracts/notifications';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { requireActor, runAsCaller } from '../../../http/caller-scope.ts';
import { pagingQuery } from '../../../http/paging-query.ts';
import { countUnread } from './count-unread.ts';
import { getMyNotification } from './get-my-notification.ts';
import { listMyNotifications } from './list-my-notifications.ts';
import { markAllRead, markRead } from './mark-read.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const MyNotificationSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  title: Type.String({ maxLength: NotificationLimits.title }),
  content: Nullable(Type.String({ maxLength: NotificationLimits.content })),
  attachedLink: Nullable(Type.String({ maxLength: NotificationLimits.attachedLink })),
  eventType: Nullable(Type.String()),
  sendAt: Type.String({ format: 'date-time' }),
  isRead: Type.Boolean(),
});

const InboxQuery = Type.Object(
  {
    ...pagingQuery,
    sortBy: Type.Optional(Type.Union(MY_NOTIFICATION_SORTS.map((sort) => Type.Literal(sort)))),
    isRead: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const tags = ['notification/me'];
// Everyone has an inbox: any signed-in user, no permission, no module of the service pack.
const config = { auth: 'user', permission: [] } as const;

/** The caller's own notifications: /api/notification/me/notifications… */
export const inboxRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    MY_NOTIFICATIONS_PATHS.list,
    {
      config,
      schema: {
        summary:
          "The caller's notifications whose time has come, newest first; isRead narrows to read or unread",
        tags,
        operationId: 'notification.me.search',
        querystring: InboxQuery,
        response: { 200: PageEnvelope(MyNotificationSchema), ...errorResponses },
      },
    },
    async (request) =>
      runAsCaller(db, request, (tx) => listMyNotifications(tx, requireActor(request).userId, request.query)),
  );

  app.get(
    MY_NOTIFICATIONS_PATHS.countUnread,
    {
      config,
      schema: {
        summary: 'How many of them are unread (the bell polls it every 20 s)',
        tags,
        operationId: 'notification.me.countUnread',
        response: { 200: DataEnvelope(Type.Integer({ minimum: 0 })), ...errorResponses },
      },
    },
    async (request) =>
      envelope(await runAsCaller(db, request, (tx) => countUnread(tx, requireActor(request).userId))),
  );

  app.get(
    ApiPaths.notification.myNotification,
    {
      config,
      schema: {
        summary: 'One of them with its content; 404 for anyone else’s, or one not sent yet',
        tags,
        operationId: 'notification.me.get',
        params: IdParams,
        response: { 200: DataEnvelope(MyNotificationSchema), ...errorResponses },
      },
    },
    async (request) =>
      envelope(
        await runAsCaller(db, request, (tx) =>
          getMyNotification(tx, requireActor(request).userId, request.params.id),
        ),
      ),
  );

  app.post(
    MY_NOTIFICATIONS_PATHS.markRead,
    {
      config,
      schema: {
        summary: 'Marks one read (the first reading time is kept); 404 for anyone else’s',
        tags,
        operationId: 'notification.me.markRead',
        params: IdParams,
        response: { 200: DataEnvelope(MyNotificationSchema), ...errorResponses },
      },
    },
    async (request) =>
      envelope(
        await runAsCaller(db, request, (tx) => markRead(tx, requireActor(request).userId, request.params.id)),
      ),
  );

  app.post(
    MY_NOTIFICATIONS_PATHS.markAllRead,
    {
      config,
      schema: {
        summary: 'Marks every unread one read; answers how many',
        tags,
        operationId: 'notification.me.markAllRead',
        response: {
          200: DataEnvelope(Type.Object({ marked: Type.Integer({ minimum: 0 }) })),
          ...errorResponses,
        },
      },
    },
    async (request) =>
      envelope({
        marked: await runAsCaller(db, request, (tx) => markAllRead(tx, requireActor(request).userId)),
      }),
  );
};
