import { DataEnvelope, FieldErrorKeys } from '@hcm/contracts';
import { LeaveApplicationPaths } from '@hcm/contracts/leave-applications';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type { Tx } from '../../../../db/database.ts';
import { envelope, errorResponses } from '../../../../http/envelope.ts';
import { notFound, validationFailed } from '../../../../http/errors.ts';
import { inResourceScope, resourceScopeOf } from '../../../../resources/caller.ts';
import type { ResourceScope } from '../../../../resources/caller.ts';
import { workerReachOf } from '../../../om/workers/worker-reach.ts';
import type { TmDeps } from '../../index.ts';
import { tenantToday } from '../../requests/effects.ts';
import { leaveApplicationResource as resource } from '../applications/resource.ts';
import { addEntries } from '../ledger-store.ts';
import { readBalance } from './read-balance.ts';

const DAYS = Type.String({ pattern: '^-?\\d{1,3}(\\.\\d{1,3})?$' });
const BalanceSchema = Type.Object({
  workerId: Type.String(),
  year: Type.Integer(),
  asOf: Type.String(),
  accrued: DAYS,
  carriedOver: DAYS,
  taken: DAYS,
  adjusted: DAYS,
  expired: DAYS,
  paidOut: DAYS,
  balance: DAYS,
  pending: DAYS,
  entries: Type.Array(
    Type.Object({
      id: Type.String(),
      kind: Type.String(),
      onDay: Type.String(),
      days: DAYS,
      documentId: Type.Union([Type.String(), Type.Null()]),
      reason: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
const YEAR = Type.Integer({ minimum: 2000, maximum: 2200 });
const DATE = Type.String({ format: 'date' });
const WorkerParams = Type.Object(
  { workerId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
const BalanceQuery = Type.Object(
  { year: Type.Optional(YEAR), asOf: Type.Optional(DATE) },
  { additionalProperties: false },
);

/** The worker if the caller's data scope reaches them (else 404: not even their existence is told). */
async function reachedWorker(tx: Tx, scope: ResourceScope, workerId: string): Promise<string> {
  const reach = await workerReachOf(tx, scope);
  const reached = reach.all
    ? sql`true`
    : sql`(w.organization_unit_id = any(${`{${reach.unitIds.join(',')}}`}::uuid[]) or w.id = ${reach.self?.id ?? null}::uuid)`;
  const found = (await tx.execute(
    sql`select w.id from workers w where w.id = ${workerId} and ${reached}`,
  )) as unknown as {
    rows: { id: string }[];
  };
  if (!found.rows[0]) throw notFound('No such employee');
  return workerId;
}

/** The caller's own employee record (the self-service pages), or 404 when their account has none. */
async function ownWorker(tx: Tx, scope: ResourceScope): Promise<string> {
  const found = (await tx.execute(
    sql`select id from workers where user_id = ${scope.userId}`,
  )) as unknown as {
    rows: { id: string }[];
  };
  if (!found.rows[0]) throw notFound('Your account is not linked to an employee record');
  return found.rows[0].id;
}

/**
 * The year asked (else this year) and the day the balance is taken as of: the day asked, else the
 * year's last day, so approved leave still to come counts (the accruals are written only as
 * their days come).
 */
const yearAndDay = (query: { year?: number; asOf?: string }) => {
  const year = query.year ?? Number((query.asOf ?? tenantToday()).slice(0, 4));
  return { year, asOf: query.asOf ?? `${year}-12-31` };
};

/**
 * The annual leave balances (docs/leave.md): a worker's balance of a year with its ledger (HR,
 * managers for the employees they reach, anyone for their own), the caller's own, and HR's
 * adjustment with a reason (an ADJUSTED entry: the ledger is never edited).
 */
export const leaveBalanceRoutes: FastifyPluginAsync<{ deps: TmDeps }> = async (app, { deps }) => {
  const tags = ['tm/leave-balances'];
  const view = { auth: 'user' as const, permission: resource.permissionFor('view'), module: resource.module };
  app.get(
    LeaveApplicationPaths.balance.replace(':workerId', 'mine'),
    {
      config: { auth: 'user', permission: [], module: resource.module },
      schema: {
        summary: "The caller's own annual leave balance of a year, with its entries",
        tags,
        operationId: 'tm.leave-balances.mine',
        querystring: BalanceQuery,
        response: { 200: DataEnvelope(BalanceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { year, asOf } = yearAndDay(request.query as { year?: number; asOf?: string });
      return envelope(
        await inResourceScope(deps.db, resource, resourceScopeOf(resource, request), async (tx, scope) =>
          readBalance(tx, await ownWorker(tx, scope), year, asOf),
        ),
      );
    },
  );
  app.get(
    LeaveApplicationPaths.balance,
    {
      config: view,
      schema: {
        summary: "A worker's annual leave balance of a year, with its entries",
        tags,
        operationId: 'tm.leave-balances.read',
        params: WorkerParams,
        querystring: BalanceQuery,
        response: { 200: DataEnvelope(BalanceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { workerId } = request.params as { workerId: string };
      const { year, asOf } = yearAndDay(request.query as { year?: number; asOf?: string });
      return envelope(
        await inResourceScope(deps.db, resource, resourceScopeOf(resource, request), async (tx, scope) =>
          readBalance(tx, await reachedWorker(tx, scope, workerId), year, asOf),
        ),
      );
    },
  );
  app.post(
    LeaveApplicationPaths.adjust,
    {
      config: { auth: 'user', permission: 'leave_policy.update', module: resource.module },
      schema: {
        summary: "HR's adjustment of a worker's annual leave balance, with a reason",
        tags,
        operationId: 'tm.leave-balances.adjust',
        params: WorkerParams,
        body: Type.Object(
          {
            year: YEAR,
            days: Type.String({ pattern: '^-?\\d{1,3}(\\.\\d{1,3})?$' }),
            onDay: Type.Optional(DATE),
            reason: Type.String({ minLength: 1, maxLength: 1000 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: DataEnvelope(BalanceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { workerId } = request.params as { workerId: string };
      const body = request.body as { year: number; days: string; onDay?: string; reason: string };
      const amount = Math.round(Number(body.days) * 1000);
      const onDay =
        body.onDay ?? (tenantToday().startsWith(`${body.year}-`) ? tenantToday() : `${body.year}-12-31`);
      const errors = [];
      if (amount === 0 || Math.abs(amount) > 100_000)
        errors.push({
          field: 'days',
          code: FieldErrorKeys.invalidValue,
          message: 'an adjustment is not zero, and at most 100 days either way',
        });
      if (!body.reason.trim())
        errors.push({ field: 'reason', code: FieldErrorKeys.required, message: 'say why' });
      if (Number(onDay.slice(0, 4)) !== body.year)
        errors.push({ field: 'onDay', code: FieldErrorKeys.invalidValue, message: `is not in ${body.year}` });
      if (errors.length > 0) throw validationFailed(errors, 'The adjustment is not valid');
      return envelope(
        await inResourceScope(deps.db, resource, resourceScopeOf(resource, request), async (tx, scope) => {
          await reachedWorker(tx, scope, workerId);
          await addEntries(
            tx,
            scope.tenantId as string,
            workerId,
            [{ kind: 'ADJUSTED', year: body.year, on: onDay, days: amount, reason: body.reason.trim() }],
            scope.userId,
          );
          return readBalance(tx, workerId, body.year, onDay);
        }),
      );
    },
  );
};
