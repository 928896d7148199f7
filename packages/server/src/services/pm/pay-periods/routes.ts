import { DataEnvelope, ForbiddenReasons, PageEnvelope } from '@hcm/contracts';
import {
  PAY_PERIOD_WORKER_STATUSES,
  PayPeriodLimits,
  PayPeriodPaths,
  type PayPeriodComponents,
  type PayPeriodInputBody,
  type PayPeriodWorkerStatus,
} from '@hcm/contracts/pay-periods';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Clock } from '../../../clock.ts';
import { wallClock } from '../../../clock.ts';
import type { Db, Tx } from '../../../db/database.ts';
import type { Scope } from '../../../db/tenant-scope.ts';
import { callerScope, runAsCaller } from '../../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { forbiddenBecause } from '../../../http/errors.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import { actionContextOf } from '../../../resources/caller.ts';
import { presentRecord } from '../../../resources/present.ts';
import { attachLists } from '../../../resources/write/lists.ts';
import { findRecord } from '../../../resources/write/find-record.ts';
import { startComputation } from './compute-job.ts';
import { inputsOf, typeInput } from './inputs.ts';
import { lockSheet, startFinalisation } from './lock.ts';
import { recomputeWorker } from './recompute-worker.ts';
import { payPeriodResource as resource } from './resource.ts';
import { sheetTotals, workerRow, workersPage, type ReviewFilter } from './review.ts';
import type { PayrollSources } from './sources.ts';
import { traceWorker } from './trace.ts';

export interface PayPeriodRouteDeps {
  readonly db: Db;
  readonly queue: JobQueue;
  readonly sources: PayrollSources;
  readonly clock?: Clock;
}

const path = (template: string) => template.replace('{id}', ':id').replace('{workerId}', ':workerId');
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
const WorkerParams = Type.Object(
  { id: Type.String({ format: 'uuid' }), workerId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
const Version = Type.Object(
  { version: Type.Optional(Type.Integer({ minimum: 1 })) },
  { additionalProperties: false },
);
const Filter = {
  organizationUnitId: Type.Optional(Type.String({ format: 'uuid' })),
  keyword: Type.Optional(Type.String({ maxLength: PayPeriodLimits.keywordLength })),
  status: Type.Optional(
    Type.Unsafe<PayPeriodWorkerStatus>({ type: 'string', enum: [...PAY_PERIOD_WORKER_STATUSES] }),
  ),
};
const Value = Type.Union([Type.Number(), Type.String(), Type.Null()]);
const WorkerError = Type.Object({
  component: Type.Union([Type.String(), Type.Null()]),
  code: Type.String(),
  message: Type.Object({ vi: Type.String(), en: Type.String() }),
  params: Type.Record(Type.String(), Type.String()),
});
const WorkerRow = Type.Object({
  workerId: Type.String(),
  code: Type.String(),
  fullName: Type.String(),
  organizationUnitId: Type.Union([Type.String(), Type.Null()]),
  unitCode: Type.String(),
  unitName: Type.String(),
  status: Type.String(),
  error: Type.Union([WorkerError, Type.Null()]),
  solvedGross: Type.Union([Type.Number(), Type.Null()]),
  values: Type.Record(Type.String(), Value),
  adjusted: Type.Array(Type.String()),
});
const Totals = Type.Object({
  workers: Type.Integer(),
  failed: Type.Integer(),
  totals: Type.Record(Type.String(), Type.Union([Type.Number(), Type.String()])),
});
const Component = Type.Object({
  code: Type.String(),
  name: Type.String(),
  nameEn: Type.Union([Type.String(), Type.Null()]),
  valueType: Type.String(),
  source: Type.String(),
  category: Type.String(),
  formula: Type.Union([Type.String(), Type.Null()]),
});
const Components = Type.Object({
  templateId: Type.Union([Type.String(), Type.Null()]),
  templateVersion: Type.Union([Type.Integer(), Type.Null()]),
  components: Type.Array(Component),
});
const Scalar = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);
const Trace = Type.Object({
  workerId: Type.String(),
  code: Type.String(),
  fullName: Type.String(),
  templateVersion: Type.Integer(),
  components: Type.Array(
    Type.Object({
      code: Type.String(),
      name: Type.String(),
      nameEn: Type.Union([Type.String(), Type.Null()]),
      source: Type.String(),
      formula: Type.Union([Type.String(), Type.Null()]),
      value: Scalar,
      adjusted: Type.Boolean(),
      reads: Type.Array(Type.Object({ name: Type.String(), kind: Type.String(), value: Scalar })),
      steps: Type.Array(
        Type.Object({
          start: Type.Integer(),
          end: Type.Integer(),
          text: Type.String(),
          value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
        }),
      ),
    }),
  ),
  error: Type.Union([WorkerError, Type.Null()]),
  netToGross: Type.Union([
    Type.Object({ agreedNet: Type.Number(), gross: Type.Number(), exact: Type.Boolean() }),
    Type.Null(),
  ]),
  matchesStored: Type.Boolean(),
});
const InputValue = Type.Object({
  componentCode: Type.String(),
  value: Type.String(),
  updatedAt: Type.String(),
  updatedBy: Type.Union([Type.String(), Type.Null()]),
});

/**
 * The pay periods' own routes beyond the record engine's (docs/payroll-periods.md, "API"):
 * compute (a background job), the detailed table (components, workers, totals), a worker's trace,
 * inputs and one worker computed again, lock, and the year-end recomputation.
 */
export const payPeriodRoutes: FastifyPluginAsync<{ deps: PayPeriodRouteDeps }> = async (app, { deps }) => {
  const now = deps.clock ?? wallClock;
  const tag = [`${resource.declaration.service}/${resource.declaration.path}`];
  // pay_period.approve locks: the approver's permission, not the editors'
  const permission = (action: 'view' | 'update' | 'create' | 'approve') =>
    action === 'approve' ? 'pay_period.approve' : resource.permissionFor(action);
  const schema = <P extends object>(operation: string, summary: string, parts: P) => ({
    summary,
    tags: tag,
    operationId: `pm.pay-periods.${operation}`,
    ...parts,
  });
  const tenantCaller = (request: FastifyRequest): Scope & { tenantId: string } => {
    const scope = callerScope(request);
    if (scope.tenantId === null)
      throw forbiddenBecause(
        ForbiddenReasons.tenantOnly,
        'Pay periods belong to a tenant: sign in as a tenant user',
      );
    return { ...scope, tenantId: scope.tenantId };
  };
  /** who acts, for the action log and the job: the caller in their tenant */
  const actorOf = (request: FastifyRequest, scope: Scope & { tenantId: string }) => ({
    ...actionContextOf(request, scope),
    scope,
  });
  const presented = async (tx: Tx, scope: Scope, id: string) => {
    const row = await findRecord(tx, resource, scope, id);
    await attachLists(tx, resource, [row]);
    return presentRecord(resource, row);
  };
  const config = (action: 'view' | 'update' | 'create' | 'approve') => ({
    auth: 'user' as const,
    permission: permission(action),
    module: resource.module,
  });

  app.post(
    path(PayPeriodPaths.compute),
    {
      bodyLimit: 1024,
      config: config('update'),
      schema: schema('compute', 'Compute every worker of the pay period as a background job', {
        params: Id,
        body: Type.Optional(Version),
        response: {
          202: DataEnvelope(Type.Object({ jobId: Type.String(), payPeriod: resource.schemas.record })),
          ...errorResponses,
        },
      }),
    },
    async (request, reply) => {
      const scope = tenantCaller(request);
      const { id } = request.params as { id: string };
      const body = (request.body ?? {}) as { version?: number };
      const started = await runAsCaller(deps.db, request, async (tx) => {
        const jobId = await startComputation(tx, deps.queue, actorOf(request, scope), id, body, now());
        return { jobId, payPeriod: await presented(tx, scope, id) };
      });
      return reply.code(202).send(envelope(started));
    },
  );

  app.get(
    path(PayPeriodPaths.components),
    {
      config: config('view'),
      schema: schema('components', 'The template’s components: the detailed table’s columns', {
        params: Id,
        response: { 200: DataEnvelope(Components), ...errorResponses },
      }),
    },
    async (request) => {
      const scope = tenantCaller(request);
      const { id } = request.params as { id: string };
      return envelope(
        await runAsCaller(deps.db, request, async (tx): Promise<PayPeriodComponents> => {
          const row = await findRecord(tx, resource, scope, id);
          const templateId = (row.templateId as string | null) ?? null;
          const found = templateId
            ? await deps.sources.templateComponents(tx, scope.tenantId, templateId)
            : null;
          return {
            templateId,
            templateVersion: found?.version ?? null,
            components: (found?.components ?? []).map((component) => ({
              code: component.code,
              name: component.name,
              nameEn: component.nameEn,
              valueType: component.type,
              source: component.source,
              category: component.category,
              formula: component.formula ?? null,
            })),
          };
        }),
      );
    },
  );

  app.get(
    path(PayPeriodPaths.workers),
    {
      config: config('view'),
      schema: schema('workers', 'A keyset page of the pay period’s workers with every component’s value', {
        params: Id,
        querystring: Type.Object(
          {
            ...Filter,
            cursor: Type.Optional(Type.String({ maxLength: 1000 })),
            pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: PayPeriodLimits.pageSize })),
          },
          { additionalProperties: false },
        ),
        response: { 200: PageEnvelope(WorkerRow), ...errorResponses },
      }),
    },
    async (request) => {
      const scope = tenantCaller(request);
      const { id } = request.params as { id: string };
      const query = request.query as ReviewFilter & { cursor?: string; pageSize?: number };
      return runAsCaller(deps.db, request, (tx) => workersPage(tx, scope.tenantId, id, query));
    },
  );

  app.get(
    path(PayPeriodPaths.totals),
    {
      config: config('view'),
      schema: schema('totals', 'Each component’s total over the workers listed', {
        params: Id,
        querystring: Type.Object(Filter, { additionalProperties: false }),
        response: { 200: DataEnvelope(Totals), ...errorResponses },
      }),
    },
    async (request) => {
      const scope = tenantCaller(request);
      const { id } = request.params as { id: string };
      return envelope(
        await runAsCaller(deps.db, request, (tx) =>
          sheetTotals(tx, scope.tenantId, id, request.query as ReviewFilter),
        ),
      );
    },
  );

  app.get(
    path(PayPeriodPaths.trace),
    {
      config: config('view'),
      schema: schema('trace', 'One worker computed again with every intermediate value', {
        params: WorkerParams,
        response: { 200: DataEnvelope(Trace), ...errorResponses },
      }),
    },
    async (request) => {
      const scope = tenantCaller(request);
      const { id, workerId } = request.params as { id: string; workerId: string };
      return envelope(
        await runAsCaller(deps.db, request, (tx) =>
          traceWorker(tx, deps.sources, scope.tenantId, id, workerId),
        ),
      );
    },
  );

  app.get(
    path(PayPeriodPaths.inputs),
    {
      config: config('view'),
      schema: schema('inputs', 'The INPUT values typed for a worker of the pay period', {
        params: WorkerParams,
        response: { 200: DataEnvelope(Type.Array(InputValue)), ...errorResponses },
      }),
    },
    async (request) => {
      tenantCaller(request);
      const { id, workerId } = request.params as { id: string; workerId: string };
      return envelope(await runAsCaller(deps.db, request, (tx) => inputsOf(tx, id, workerId)));
    },
  );

  const workerContext = (request: FastifyRequest, tx: Tx) => {
    const scope = tenantCaller(request);
    return { tx, scope, actor: actionContextOf(request, scope), sources: deps.sources, now: now() };
  };
  app.put(
    path(PayPeriodPaths.inputs),
    {
      bodyLimit: 4096,
      config: config('update'),
      schema: schema(
        'typeInput',
        'Type an INPUT component’s value for a worker (null removes it); the worker is computed again',
        {
          params: WorkerParams,
          body: Type.Object(
            {
              componentCode: Type.String({ minLength: 1, maxLength: 50 }),
              value: Type.Union([
                Type.String({ maxLength: PayPeriodLimits.inputValueLength }),
                Type.Number(),
                Type.Null(),
              ]),
            },
            { additionalProperties: false },
          ),
          response: { 200: DataEnvelope(WorkerRow), ...errorResponses },
        },
      ),
    },
    async (request) => {
      const { id, workerId } = request.params as { id: string; workerId: string };
      return envelope(
        await runAsCaller(deps.db, request, async (tx) => {
          const context = workerContext(request, tx);
          await typeInput(context, id, workerId, request.body as PayPeriodInputBody);
          return workerRow(tx, context.scope.tenantId, id, workerId);
        }),
      );
    },
  );

  app.post(
    path(PayPeriodPaths.recomputeWorker),
    {
      bodyLimit: 1024,
      config: config('update'),
      schema: schema('recomputeWorker', 'Compute one worker of the pay period again, at once', {
        params: WorkerParams,
        response: { 200: DataEnvelope(WorkerRow), ...errorResponses },
      }),
    },
    async (request) => {
      const { id, workerId } = request.params as { id: string; workerId: string };
      return envelope(
        await runAsCaller(deps.db, request, async (tx) => {
          const context = workerContext(request, tx);
          await recomputeWorker(context, id, workerId);
          return workerRow(tx, context.scope.tenantId, id, workerId);
        }),
      );
    },
  );

  app.post(
    path(PayPeriodPaths.lock),
    {
      bodyLimit: 1024,
      config: config('approve'),
      schema: schema('lock', 'Lock an approved pay period', {
        params: Id,
        body: Type.Optional(Version),
        response: { 200: DataEnvelope(resource.schemas.record), ...errorResponses },
      }),
    },
    async (request) => {
      const scope = tenantCaller(request);
      const { id } = request.params as { id: string };
      const body = (request.body ?? {}) as { version?: number };
      return envelope(
        await runAsCaller(deps.db, request, async (tx) => {
          await lockSheet(tx, actorOf(request, scope), id, body, now());
          return presented(tx, scope, id);
        }),
      );
    },
  );

  app.post(
    path(PayPeriodPaths.finalisation),
    {
      bodyLimit: 1024,
      config: config('create'),
      schema: schema(
        'finalisation',
        'Recompute a locked pay period for the year-end income-tax finalisation, as a new pay period beside it',
        {
          params: Id,
          response: {
            202: DataEnvelope(Type.Object({ jobId: Type.String(), payPeriod: resource.schemas.record })),
            ...errorResponses,
          },
        },
      ),
    },
    async (request, reply) => {
      const scope = tenantCaller(request);
      const { id } = request.params as { id: string };
      const started = await runAsCaller(deps.db, request, async (tx) => {
        const made = await startFinalisation(tx, deps.queue, actorOf(request, scope), id, now());
        return { jobId: made.jobId, payPeriod: await presented(tx, scope, made.sheetId) };
      });
      return reply.code(202).send(envelope(started));
    },
  );
};
