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
  batchInput,
  takeApprovalAction,
  type ActionInput,
  type ApprovalContext,
  type TransitionAction,
} from './take-approval-action.ts';

type Action = ApprovalTransition['action'];

/** The permission each approval action needs (catalogues §6): `{resource}.approve`, .reject... */
const permissionOf = (definition: ResourceDefinition, action: Action | 'view' | 'create') =>
  `${definition.name}.${action === 'view' || action === 'create' ? action : APPROVAL_PERMISSION_ACTIONS[action]}`;

/** A single body's `reason` (and the record's version) as the action's note. */
const reasoned = (body: Record<string, unknown>): ActionInput => ({
  note: body.reason as string | undefined,
  version: body.version as number | undefined,
});

/**
 * Each action's sub-paths, once: `{id}/{name}` (its body, to which all but the request add the
 * record's `version`), `{name}/batch` when the action has one (BACK has not), and what a single
 * body gives the action. A batch body reads as a single one through `asSingle` (its ids left
 * out by default), so that the mapping is written once for both.
 */
const ROUTES: Record<
  TransitionAction,
  {
    name: string;
    summary: string;
    body: TSchema;
    input: (body: Record<string, unknown>) => ActionInput;
    batch?: { body: TSchema; asSingle?: (body: Record<string, unknown>) => Record<string, unknown> };
  }
> = {
  REQUEST_APPROVAL: {
    name: 'request-approval',
    summary: 'Request approval through a workflow (a template and an assignee per step)',
    body: WorkflowAssignmentBody,
    input: (body) => ({ workflow: body as WorkflowAssignmentBody }),
    batch: { body: RequestApprovalBatchBody, asSingle: (body) => body.workflow as Record<string, unknown> },
  },
  APPROVE: {
    name: 'approve',
    summary: "Approve the current step (its assignee): the next step's turn, or APPROVED after the last",
    body: ApproveBody,
    input: (body) => ({ note: body.note as string | undefined, version: body.version as number | undefined }),
    batch: { body: ApproveBatchBody },
  },
  REJECT: {
    name: 'reject-approval',
    summary: 'Reject (the current step’s assignee), with a reason',
    body: RejectBody,
    input: reasoned,
    batch: { body: RejectBatchBody },
  },
  BACK: {
    name: 'back',
    summary: 'Return the record to its requester for changes (NEW), with a reason',
    body: RejectBody,
    input: reasoned,
  },
  CANCEL_APPROVAL: {
    name: 'cancel-approval',
    summary: 'Cancel the open approval request (its requester)',
    body: CancelApprovalBody,
    input: reasoned,
    batch: { body: CancelApprovalBatchBody },
  },
};
const ACTIONS = Object.keys(ROUTES) as TransitionAction[];
const withoutIds = ({ ids: _ids, ...rest }: Record<string, unknown>) => rest;

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

  for (const action of ACTIONS) {
    const route = ROUTES[action];
    app.post(
      `/:id/${route.name}`,
      options(permissionOf(definition, action), route.name, route.summary, {
        params: schemas.idParams,
        body: action === 'REQUEST_APPROVAL' ? route.body : withVersion(route.body),
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
              action,
              route.input(request.body as Record<string, unknown>),
            ),
          ),
        ),
    );
  }

  // the batches: each id on its own (a savepoint), every item's result answered
  for (const action of ACTIONS) {
    const { name, input, batch } = ROUTES[action];
    if (!batch) continue;
    app.post(
      `/${name}/batch`,
      options(permissionOf(definition, action), `${name}.batch`, `Batch: ${action}, each record on its own`, {
        body: batch.body,
        response: { 200: DataEnvelope(ApprovalBatchResult), ...errorResponses },
      }),
      async (request) => {
        const body = request.body as Record<string, unknown> & { ids: string[] };
        return envelope(
          await inApproval(request, (tx, context) => {
            // the same input for every record: a request's workflow checked and snapshotted once
            const shared = batchInput(definition, input((batch.asSingle ?? withoutIds)(body)), deps);
            return runBatch(tx, definition, context, body.ids, (savepoint, id, itemContext) =>
              takeApprovalAction(savepoint, definition, itemContext, id, action, shared),
            );
          }),
        );
      },
    );
  }

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
        throw new AppError(
          403,
          ErrorCodes.forbidden,
          `Creating needs ${permissionOf(definition, 'create')}`,
          undefined,
          undefined,
          { permissions: [permissionOf(definition, 'create')] },
        );
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
