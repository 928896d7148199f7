import { DataEnvelope, PageEnvelope } from '@hcm/contracts';
import {
  AudienceTargets,
  emailTemplateTarget,
  NOTIFICATION_EVENT_PATHS,
  NotificationEventTypes,
  type TargetedAudienceType,
} from '@hcm/contracts/notification-events';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Db, Tx } from '../../../db/database.ts';
import { emailDeliveries } from '../tables/notification-events.ts';
import { errorResponses } from '../../../http/envelope.ts';
import { pagingQuery } from '../../../http/paging-query.ts';
import { actionContextOf, inResourceScope, resourceScopeOf } from '../../../resources/caller.ts';
import { presentRecord } from '../../../resources/present.ts';
import { registerNamedLookup } from '../../../resources/routes/named-lookup-routes.ts';
import { pageOf } from '../../../resources/search/list-query.ts';
import { attachLists } from '../../../resources/write/lists.ts';
import { createRecord, type WriteContext } from '../../../resources/write/write-records.ts';
import { messageTemplateSource } from '../../system/workflow-templates/assignees.ts';
import { AudienceSources } from './audience-sources.ts';
import type { DeliveryDeps } from './deliver-event.ts';
import { notificationEventResource as definition } from './resources.ts';
import { cancelEvent, sendEvent } from './send-event.ts';

const TAG = 'notification/events';
const Uuid = Type.String({ format: 'uuid' });
const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });
const EventType = Type.Unsafe<string>({ type: 'string', enum: [...NotificationEventTypes] });

const EmailDeliverySchema = Type.Object({
  id: Uuid,
  toAddress: Type.String(),
  recipientName: Type.Union([Type.String(), Type.Null()]),
  subject: Type.String(),
  status: Type.String(),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  sentAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});

/**
 * Notification › form beside its generic sub-paths (/api/notification/events): send, cancel,
 * create-and-send (send-ver2), each notification's emails, and the pickers of its form.
 */
export const notificationEventRoutes: FastifyPluginAsync<{ db: Db; delivery: DeliveryDeps }> = async (
  app,
  { db, delivery },
) => {
  const { schemas } = definition;
  const one = { 200: DataEnvelope(schemas.record), ...errorResponses };
  const config = (action: 'create' | 'update' | 'view') =>
    ({ auth: 'user', permission: definition.permissionFor(action), module: definition.module }) as const;
  const inScopeOf = <T>(request: FastifyRequest, work: (tx: Tx, context: WriteContext) => Promise<T>) => {
    const scope = resourceScopeOf(definition, request);
    return inResourceScope(db, definition, scope, (tx, reach) =>
      work(tx, { ...actionContextOf(request, scope), scope: reach }),
    );
  };
  const presented = async (tx: Tx, row: Record<string, unknown>) => {
    const [withLists] = await attachLists(tx, definition, [row]);
    return { data: presentRecord(definition, withLists as Record<string, unknown>) };
  };
  const callerOf = (context: WriteContext) => ({
    tenantId: context.scope.tenantId as string,
    userId: context.scope.userId,
  });

  app.post(
    NOTIFICATION_EVENT_PATHS.send,
    {
      config: config('create'),
      schema: {
        summary: 'Send a draft or scheduled notification now, or schedule it when its sendAt lies ahead',
        tags: [TAG],
        operationId: 'notification.events.send',
        params: IdParams,
        response: one,
      },
    },
    (request) =>
      inScopeOf(request, async (tx, context) =>
        presented(
          tx,
          await sendEvent(tx, delivery, callerOf(context), (request.params as { id: string }).id),
        ),
      ),
  );

  app.post(
    NOTIFICATION_EVENT_PATHS.cancel,
    {
      config: config('update'),
      schema: {
        summary: 'Withdraw a draft or scheduled notification (one already sent cannot be: 409)',
        tags: [TAG],
        operationId: 'notification.events.cancel',
        params: IdParams,
        response: one,
      },
    },
    (request) =>
      inScopeOf(request, async (tx, context) =>
        presented(
          tx,
          await cancelEvent(tx, delivery, callerOf(context), (request.params as { id: string }).id),
        ),
      ),
  );

  app.post(
    NOTIFICATION_EVENT_PATHS.sendVer2,
    {
      config: config('create'),
      schema: {
        summary:
          'Create a notification and send it (or schedule it) in one call; eventType from the body, else the query',
        tags: [TAG],
        operationId: 'notification.events.sendVer2',
        querystring: Type.Object({ eventType: Type.Optional(EventType) }, { additionalProperties: false }),
        body: schemas.createBody,
        response: one,
      },
    },
    (request) =>
      inScopeOf(request, async (tx, context) => {
        const body = { ...(request.body as Record<string, unknown>) };
        const { eventType } = request.query as { eventType?: string };
        if (body.eventType === undefined && eventType) body.eventType = eventType;
        const created = await createRecord(tx, definition, context, body);
        return presented(tx, await sendEvent(tx, delivery, callerOf(context), String(created.id)));
      }),
  );

  app.get(
    NOTIFICATION_EVENT_PATHS.emails,
    {
      config: config('view'),
      schema: {
        summary: "A notification's emails and how each went (the outbound mail log), in the order written",
        tags: [TAG],
        operationId: 'notification.events.emails',
        params: IdParams,
        querystring: Type.Object({ ...pagingQuery }, { additionalProperties: false }),
        response: { 200: PageEnvelope(EmailDeliverySchema), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const page = pageOf(request.query as Record<string, unknown>);
      const { rows, total } = await inScopeOf(request, async (tx, context) => {
        const where = and(
          eq(emailDeliveries.tenantId, context.scope.tenantId as string),
          eq(emailDeliveries.eventId, id),
        );
        const found = await tx
          .select()
          .from(emailDeliveries)
          .where(where)
          .orderBy(asc(emailDeliveries.createdAt), asc(emailDeliveries.id))
          .limit(page.pageSize)
          .offset((page.pageIndex - 1) * page.pageSize);
        const [counted] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(emailDeliveries)
          .where(where);
        return { rows: found, total: Number(counted?.n ?? 0) };
      });
      return {
        data: rows.map((row) => ({
          id: row.id,
          toAddress: row.toAddress,
          recipientName: row.recipientName,
          subject: row.subject,
          status: row.status,
          attempts: row.attempts,
          lastError: row.lastError,
          sentAt: row.sentAt?.toISOString() ?? null,
          createdAt: row.createdAt.toISOString(),
        })),
        page: { ...page, total },
      };
    },
  );

  for (const [type, target] of Object.entries(AudienceTargets) as [
    TargetedAudienceType,
    { apiPath: string },
  ][])
    registerNamedLookup(app, db, {
      definition,
      path: target.apiPath,
      source: AudienceSources[type],
      what: `${type.toLowerCase().replace('_', ' ')}s`,
      tag: TAG,
    });
  registerNamedLookup(app, db, {
    definition,
    path: emailTemplateTarget.apiPath,
    source: messageTemplateSource('EMAIL'),
    what: 'email templates',
    tag: TAG,
  });
};
