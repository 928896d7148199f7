import { DataEnvelope, ForbiddenReasons } from '@hcm/contracts';
import { TimesheetLimits, TimesheetPaths } from '@hcm/contracts/timesheets';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import { wallClock } from '../../../clock.ts';
import { callerScope, runAsCaller } from '../../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { forbiddenBecause } from '../../../http/errors.ts';
import { actionContextOf } from '../../../resources/caller.ts';
import type { TmDeps } from '../index.ts';
import { heldDaysOf } from './held-days.ts';
import { reopenTimesheet } from './reopen.ts';

const ReopenedSchema = Type.Object({
  id: Type.String(),
  approvalStatus: Type.String(),
  version: Type.Integer(),
  heldDaysRecomputed: Type.Integer(),
});

const HeldDaysSchema = Type.Object({
  total: Type.Integer(),
  days: Type.Array(
    Type.Object({
      workerId: Type.String(),
      code: Type.String(),
      fullName: Type.String(),
      workDate: Type.String(),
      symbol: Type.Union([Type.String(), Type.Null()]),
      heldAt: Type.String(),
    }),
  ),
});

/**
 * The timesheets' own routes beyond the record engine's: reopening an approved month (reopen.ts)
 * and the days of its month held for review (held-days.ts).
 */
export const timesheetRoutes: FastifyPluginAsync<{ deps: TmDeps }> = async (app, { deps }) => {
  const now = deps.clock ?? wallClock;
  app.get(
    TimesheetPaths.heldDays.replace('{id}', ':id'),
    {
      config: { auth: 'user', permission: 'timesheet.view', module: 'TM' },
      schema: {
        summary:
          'The days of the timesheet’s month held for review: punches that arrived after the month was locked',
        tags: ['tm/timesheets'],
        operationId: 'tm.timesheets.heldDays',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 200: DataEnvelope(HeldDaysSchema), ...errorResponses },
      },
    },
    async (request) => {
      const scope = callerScope(request);
      if (scope.tenantId === null)
        throw forbiddenBecause(ForbiddenReasons.tenantOnly, 'Timesheets belong to a tenant');
      const { id } = request.params as { id: string };
      return envelope(await runAsCaller(deps.db, request, (tx) => heldDaysOf(tx, scope, id)));
    },
  );
  app.post(
    TimesheetPaths.reopen.replace('{id}', ':id'),
    {
      bodyLimit: 4096,
      config: { auth: 'user', permission: 'timesheet.approve', module: 'TM' },
      schema: {
        summary: 'Reopen an approved timesheet: the month unlocked, its held days computed again',
        tags: ['tm/timesheets'],
        operationId: 'tm.timesheets.reopen',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        body: Type.Object(
          {
            // the length once trimmed is checked again (reopen.ts): spaces are no reason
            reason: Type.String({ maxLength: TimesheetLimits.reasonMaxLength * 2 }),
            version: Type.Optional(Type.Integer({ minimum: 1 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: DataEnvelope(ReopenedSchema), ...errorResponses },
      },
    },
    async (request) => {
      const scope = callerScope(request);
      if (scope.tenantId === null)
        throw forbiddenBecause(ForbiddenReasons.tenantOnly, 'Timesheets belong to a tenant');
      const caller = { ...scope, tenantId: scope.tenantId };
      const { id } = request.params as { id: string };
      const body = request.body as { reason: string; version?: number };
      return envelope(
        await runAsCaller(deps.db, request, (tx) =>
          reopenTimesheet(
            tx,
            caller,
            actionContextOf(request, caller),
            { queue: deps.queue, now: now() },
            id,
            body,
          ),
        ),
      );
    },
  );
};
