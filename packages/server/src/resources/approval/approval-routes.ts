import { DataEnvelope, ErrorCodes, hasAuthority, type PermissionCode } from '@hcm/contracts';
import {
  APPROVAL_PERMISSION_ACTIONS,
  ApprovalBatchResult,
  ApprovalStatusStatistic,
  ApprovalTimeline,
  ApproveBatchBody,
  ApproveBody,
  CancelApprovalBatchBody,
  CancelApprovalBody,
  RejectBatchBody,
  RejectBody,
  RequestApprovalBatchBody,
  WorkflowAssignmentBody,
  type ApprovalTransition,
} from '@hcm/contracts/approvals';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type, { type TSchema } from 'typebox';
import type { Db, Tx } from '../../db/database.ts';
import { requireActor } from '../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { actionContextOf, inResourceScope, resourceScopeOf } from '../caller.ts';
import { listQueryOf } from '../search/list-query.ts';
import type { ResourceDefinition, ResourceRecord } from '../types.ts';
import { createRecord } from '../write/write-records.ts';
import type { ApprovalDeps } from './approval-deps.ts';
import { countByApprovalStatus } from './count-by-status.ts';
import { readTimeline } from './read-timeline.ts';
import { runBatch } from './run-batch.ts';
import {
  takeApprovalAction,
  type ActionInput,
  type ApprovalContext,
  type TransitionAction,
} from './take-approval-action.ts';

type Action = ApprovalTransition['action'];

/** The permission each approval action needs (catalogues §6): `{resource}.approve`, .reject... */
const permissionOf = (definition: ResourceDefinition, action: Action | 'view' | 'create') =>
  `${definition.name}.${action === 'view' || action === 'create' ? action : APPROVAL_PERMISSION_ACTIONS[action]}`;

/** The single-record sub-paths: URL, action, body and what the body gives the action. */
const SINGLE: readonly {
  url: string;
  action: TransitionAction;
  body: TSchema;
  input: (body: Record<string, unknown>) => ActionInput;
  summary: string;
}[] = [
  {
    url: '/:id/request-approval',
    action: 'REQUEST_APPROVAL',
    body: WorkflowAssignmentBody,
    input: (body) => ({ workflow: body as WorkflowAssignmentBody }),
    summary: 'Request approval through a workflow (a template and an assignee per step)',
  },
  {
    url: '/:id/approve',
    action: 'APPROVE',
    body: ApproveBody,
    input: (body) => ({ note: body.note as string | undefined, version: body.version as number | undefined }),
    summary: "Approve the current step (its assignee): the next step's turn, or APPROVED after the last",
  },
  {
    url: '/:id/reject-approval',
    action: 'REJECT',
    body: RejectBody,
    input: (body) => ({ note: body.reason as string, version: body.version as number | undefined }),
    summary: 'Reject (the current step’s assignee), with a reason',
  },
  {
    url: '/:id/back',
    action: 'BACK',
    body: RejectBody,
    input: (body) => ({ note: body.reason as string, version: body.version as number | undefined }),
    summary: 'Return the record to its requester for changes (NEW), with a reason',
  },
  {
    url: '/:id/cancel-approval',
    action: 'CANCEL_APPROVAL',
    body: CancelApprovalBody,
    input: (body) => ({
      note: body.reason as string | undefined,
      version: body.version as number | undefined,
    }),
    summary: 'Cancel the open approval request (its requester)',
  },
];

/** The batch sub-paths: each id on its own (a savepoint), every item's result answered. */
const BATCH: readonly {
  url: string;
  action: TransitionAction;
  body: TSchema;
  input: (body: Record<string, unknown>) => ActionInput;
}[] = [
  {
    url: '/request-approval/batch',
    action: 'REQUEST_APPROVAL',
    body: RequestApprovalBatchBody,
    input: (body) => ({ workflow: body.workflow as WorkflowAssignmentBody }),
  },
  {
    url: '/approve/batch',
    action: 'APPROVE',
    body: ApproveBatchBody,
    input: (body) => ({ note: body.note as string | undefined }),
  },
  {
    url: '/reject-approval/batch',
    action: 'REJECT',
    body: RejectBatchBody,
    input: (body) => ({ note: body.reason as string }),
  },
  {
    url: '/cancel-approval/batch',
    action: 'CANCEL_APPROVAL',
    body: CancelApprovalBatchBody,
    input: (body) => ({ note: body.reason as string | undefined }),
  },
];

/**
 * Serves the approval sub-paths of each approvable resource under its /api/{service}/{path}
 * (catalogues §7.1): request, approve, reject, back, cancel and their batches, create and
 * request at once, the tabs' counts and a record's timeline. Registered by the application with
 * the engine's dependencies (the notification sender, the job queue, the clock).
 */
export async function registerApprovalRoutes(
  app: FastifyInstance,
  definitions: readonly ResourceDefinition[],
  db: Db,
  deps: ApprovalDeps,
): Promise<void> {
  for (const definition of definitions) {
    if (!definition.approval) continue;
    await app.register(async (scoped) => registerOne(scoped, definition, db, deps), {
      prefix: definition.basePath,
    });
  }
}

function registerOne(app: FastifyInstance, definition: ResourceDefinition, db: Db, deps: ApprovalDeps) {
  const { declaration, schemas } = definition;
  const tag = `${declaration.service}/${declaration.path}`;
  const options = (
    permission: string,
    operation: string,
    summary: string,
    schema: Record<string, unknown>,
  ) => ({
    config: { auth: 'user' as const, permission, module: definition.module },
    schema: {
      summary,
      tags: [tag],
      operationId: `${declaration.service}.${declaration.path}.${operation}`,
      ...schema,
    },
  });
  const inApproval = <T>(request: FastifyRequest, work: (tx: Tx, context: ApprovalContext) => Promise<T>) => {
    const scope = resourceScopeOf(definition, request);
    const actor = requireActor(request);
    return inResourceScope(db, definition, scope, (tx, reach) =>
      work(tx, {
        ...actionContextOf(request, scope),
        scope: reach,
        actor: { userId: actor.userId, isRoot: actor.isRoot },
        deps,
      }),
    );
  };
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
  const withVersion = (body: TSchema) =>
    Type.Object(
      {
        ...(body as unknown as { properties: Record<string, TSchema> }).properties,
        version: Type.Optional(Type.Integer({ minimum: 1 })),
      },
      { additionalProperties: false },
    );
  const one = { 200: DataEnvelope(schemas.record), ...errorResponses };

  for (const route of SINGLE) {
    const body = route.action === 'REQUEST_APPROVAL' ? route.body : withVersion(route.body);
    app.post(
      route.url,
      options(permissionOf(definition, route.action), route.url.split('/')[2] as string, route.summary, {
        params: schemas.idParams,
        body,
        response: one,
      }),
      async (request) =>
        envelope(
          await inApproval(request, (tx, context) =>
            takeApprovalAction(
              tx,
              definition,
              context,
              idOf(request),
              route.action,
              route.input(request.body as Record<string, unknown>),
            ),
          ),
        ),
    );
  }

  for (const route of BATCH)
    app.post(
      route.url,
      options(
        permissionOf(definition, route.action),
        `${route.url.split('/')[1] as string}.batch`,
        `Batch: ${route.action}, each record on its own`,
        {
          body: route.body,
          response: { 200: DataEnvelope(ApprovalBatchResult), ...errorResponses },
        },
      ),
      async (request) => {
        const body = request.body as Record<string, unknown> & { ids: string[] };
        return envelope(
          await inApproval(request, (tx, context) =>
            runBatch(tx, definition, context, body.ids, (savepoint, id, itemContext) =>
              takeApprovalAction(savepoint, definition, itemContext, id, route.action, route.input(body)),
            ),
          ),
        );
      },
    );

  app.post(
    '/create-and-request-approval',
    options(
      permissionOf(definition, 'REQUEST_APPROVAL'),
      'create-and-request-approval',
      'Create a record and request its approval at once',
      {
        body: Type.Object(
          { record: schemas.createBody, workflow: WorkflowAssignmentBody },
          { additionalProperties: false },
        ),
        response: one,
      },
    ),
    async (request) => {
      const actor = requireActor(request);
      if (
        !hasAuthority(actor.permissions, permissionOf(definition, 'create') as PermissionCode, actor.isRoot)
      )
        throw new AppError(403, ErrorCodes.forbidden, `Creating needs ${permissionOf(definition, 'create')}`);
      const body = request.body as { record: Record<string, unknown>; workflow: WorkflowAssignmentBody };
      return envelope(
        await inApproval(request, async (tx, context): Promise<ResourceRecord> => {
          const created = await createRecord(tx, definition, context, body.record);
          return takeApprovalAction(tx, definition, context, created.id, 'REQUEST_APPROVAL', {
            workflow: body.workflow,
            recordedAs: 'CREATE_AND_REQUEST_APPROVAL',
          });
        }),
      );
    },
  );

  app.get(
    '/approval-status-statistic',
    options(
      permissionOf(definition, 'view'),
      'approval-status-statistic',
      'How many records of each approval status (the list tabs), with the list’s other filters',
      {
        querystring: schemas.countQuery,
        response: { 200: DataEnvelope(ApprovalStatusStatistic), ...errorResponses },
      },
    ),
    async (request) => {
      const query = listQueryOf(definition, request.query as Record<string, unknown>);
      return envelope(
        await inApproval(request, (tx, context) =>
          countByApprovalStatus(tx, definition, context.scope, query),
        ),
      );
    },
  );

  app.get(
    '/:id/approval-timeline',
    options(
      permissionOf(definition, 'view'),
      'approval-timeline',
      "A record's approval requests, steps and events, and what the caller may do now",
      {
        params: schemas.idParams,
        response: { 200: DataEnvelope(ApprovalTimeline), ...errorResponses },
      },
    ),
    async (request) => {
      const actor = requireActor(request);
      const mayHold = (action: Action) =>
        hasAuthority(actor.permissions, permissionOf(definition, action) as PermissionCode, actor.isRoot);
      return envelope(
        await inApproval(request, (tx, context) =>
          readTimeline(tx, definition, context.scope, idOf(request), context.actor, mayHold),
        ),
      );
    },
  );
}
