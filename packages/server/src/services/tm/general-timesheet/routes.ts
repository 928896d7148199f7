import { DataEnvelope } from '@hcm/contracts';
import {
  GeneralTimesheetLimits,
  GeneralTimesheetPaths,
  type GeneralTimesheetPage,
} from '@hcm/contracts/general-timesheet';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { wallClock } from '../../../clock.ts';
import { callerScope, runAsCaller } from '../../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { forbiddenBecause } from '../../../http/errors.ts';
import { actionContextOf } from '../../../resources/caller.ts';
import { ForbiddenReasons } from '@hcm/contracts';
import type { TmDeps } from '../index.ts';
import { timesheetInputs } from '../timesheet/wiring.ts';
import { changeCell } from './correct-day.ts';
import { generalTimesheetExcelRoutes } from './excel-routes.ts';
import { readGridPage } from './read-grid.ts';

const MODULE = 'TM' as const;
const MONTH = '^\\d{4}-(0[1-9]|1[0-2])$';
const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const tags = ['tm/general-timesheet'];
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** Bodies are a few hundred bytes: more is refused before it is read. */
const BODY_MAX_BYTES = 4096;

/*
 * The month's columns (GeneralTimesheetColumns): 31,000 values a field on a 1,000-worker page.
 * A nullable item is `type: ['string', 'null']`, which fast-json-stringify writes with a typeof;
 * a union (anyOf) would be checked against each of its schemas, item by item.
 */
const integers = Type.Array(Type.Integer());
const NullableText = Type.Unsafe<string | null>({ type: ['string', 'null'] });
export const ColumnsSchema = Type.Object({
  symbol: integers,
  outcome: integers,
  dayType: integers,
  shiftCode: integers,
  pairs: Type.Array(NullableText),
  workedMinutes: integers,
  lateMinutes: integers,
  earlyMinutes: integers,
  overtimeMinutes: integers,
  nightMinutes: integers,
  paidUnits: integers,
  flags: integers,
  held: integers,
  corrections: Type.Array(
    Type.Object({
      day: Type.Integer(),
      computedSymbol: NullableText,
      symbol: NullableText,
      paidUnits: Type.Unsafe<number | null>({ type: ['integer', 'null'] }),
      reason: Type.String(),
      by: NullableText,
      at: Type.String(),
    }),
  ),
});
const minutes = Type.Integer();
export const TotalsSchema = Type.Object({
  standardDays: Nullable(Type.String()),
  workUnits: Type.Integer(),
  paidLeaveUnits: Type.Integer(),
  unpaidLeaveUnits: Type.Integer(),
  paidUnits: Type.Integer(),
  overtime: Type.Object({
    weekdayDay: minutes,
    weekdayNight: minutes,
    restDay: minutes,
    restNight: minutes,
    holidayDay: minutes,
    holidayNight: minutes,
  }),
  nightMinutes: minutes,
  lateCount: Type.Integer(),
  lateMinutes: minutes,
  earlyCount: Type.Integer(),
  earlyMinutes: minutes,
});
/** The answer of the grid (exported for bench/general-timesheet.ts, which times its serializer). */
export const PageSchema = Type.Object({
  month: Type.String(),
  organizationUnitId: Type.String(),
  days: Type.Array(Type.String()),
  dayTypes: Type.Array(Nullable(Type.String())),
  rows: Type.Array(
    Type.Object({
      workerId: Type.String(),
      code: Type.String(),
      fullName: Type.String(),
      organizationUnitId: Type.String(),
      columns: ColumnsSchema,
      totals: TotalsSchema,
    }),
  ),
  texts: Type.Array(Type.String()),
  legend: Type.Array(Type.Object({ key: Type.String(), symbol: Type.String() })),
  lockedWorkerIds: Type.Array(Type.String()),
  next: Nullable(Type.String()),
});
const ChangedSchema = Type.Object({
  workerId: Type.String(),
  workDate: Type.String(),
  corrected: Type.Boolean(),
});
const cellKey = {
  workerId: Type.String({ format: 'uuid' }),
  month: Type.String({ pattern: MONTH }),
  workDate: Type.String({ pattern: DATE }),
  // the length once trimmed is checked again (correct-day.ts): spaces are no reason
  reason: Type.String({ maxLength: GeneralTimesheetLimits.reasonMaxLength * 2 }),
};

/** The caller's tenant: the general timesheet is a tenant's (a system user gets 403). */
function tenantCaller(request: FastifyRequest) {
  const scope = callerScope(request);
  if (scope.tenantId === null)
    throw forbiddenBecause(
      ForbiddenReasons.tenantOnly,
      'Timesheets belong to a tenant: sign in as a tenant user',
    );
  return { tenantId: scope.tenantId, userId: scope.userId };
}

/**
 * The general timesheet (issue 30 item 8; docs/general-timesheet.md): a unit's month as workers
 * × days, and HR's correction of a cell with its reason.
 */
export const generalTimesheetRoutes: FastifyPluginAsync<{ deps: TmDeps }> = async (app, { deps }) => {
  const inputs = timesheetInputs(deps.shiftPlans);
  const now = deps.clock ?? wallClock;
  // the month as HR's Excel form and back (excel-routes.ts)
  await app.register(generalTimesheetExcelRoutes, { deps });

  app.get(
    GeneralTimesheetPaths.grid,
    {
      config: { auth: 'user', permission: 'timesheet.view', module: MODULE },
      schema: {
        summary: 'General timesheet: a unit’s month as workers × days, with each worker’s totals',
        tags,
        operationId: 'tm.general-timesheet',
        querystring: Type.Object({
          organizationUnitId: Type.String({ format: 'uuid' }),
          month: Type.String({ pattern: MONTH }),
          after: Type.Optional(Type.String({ maxLength: GeneralTimesheetLimits.cursorMaxLength })),
          pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: GeneralTimesheetLimits.pageSizeMax })),
        }),
        response: { 200: DataEnvelope(PageSchema), ...errorResponses },
      },
      // The page is JSON.stringify'd: fast-json-stringify took 82 ms for the 1.8 MB of a
      // 1,000-worker page, JSON.stringify 13 ms (bench/general-timesheet.ts). readGridPage builds
      // every object of the answer field by field, so there is nothing undeclared to leave out.
      serializerCompiler: (definition) =>
        definition.httpStatus === '200'
          ? (data: unknown) => JSON.stringify(data)
          : app.responseSerializers.compiler(definition),
    },
    async (request) => {
      const query = request.query as {
        organizationUnitId: string;
        month: string;
        after?: string;
        pageSize?: number;
      };
      const caller = tenantCaller(request);
      const page: GeneralTimesheetPage = await runAsCaller(deps.db, request, (tx) =>
        readGridPage(tx, caller, inputs, {
          organizationUnitId: query.organizationUnitId,
          month: query.month,
          pageSize: query.pageSize ?? GeneralTimesheetLimits.pageSizeDefault,
          after: query.after,
        }),
      );
      return envelope(page);
    },
  );

  app.post(
    GeneralTimesheetPaths.correct,
    {
      bodyLimit: BODY_MAX_BYTES,
      config: { auth: 'user', permission: 'timesheet.update', module: MODULE },
      schema: {
        summary:
          'Correct a day of the general timesheet by hand, with the reason (kept when the day is computed again)',
        tags,
        operationId: 'tm.general-timesheet.correct',
        body: Type.Object(
          {
            ...cellKey,
            symbol: Type.Optional(
              Nullable(Type.String({ maxLength: GeneralTimesheetLimits.symbolMaxLength * 2 })),
            ),
            paidUnits: Type.Optional(
              Nullable(Type.Integer({ minimum: 0, maximum: GeneralTimesheetLimits.paidUnitsMax })),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: DataEnvelope(ChangedSchema), ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body as {
        workerId: string;
        month: string;
        workDate: string;
        reason: string;
        symbol?: string | null;
        paidUnits?: number | null;
      };
      const caller = tenantCaller(request);
      return envelope(
        await runAsCaller(deps.db, request, (tx) =>
          changeCell(
            tx,
            caller,
            actionContextOf(request, caller),
            { locks: inputs.locks, queue: deps.queue, now: now() },
            { ...body, set: { symbol: body.symbol ?? null, paidUnits: body.paidUnits ?? null } },
          ),
        ),
      );
    },
  );

  app.post(
    GeneralTimesheetPaths.clear,
    {
      bodyLimit: BODY_MAX_BYTES,
      config: { auth: 'user', permission: 'timesheet.update', module: MODULE },
      schema: {
        summary: 'Clear a day’s correction: the engine’s day again (computed anew), with the reason',
        tags,
        operationId: 'tm.general-timesheet.clear',
        body: Type.Object(cellKey, { additionalProperties: false }),
        response: { 200: DataEnvelope(ChangedSchema), ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body as { workerId: string; month: string; workDate: string; reason: string };
      const caller = tenantCaller(request);
      return envelope(
        await runAsCaller(deps.db, request, (tx) =>
          changeCell(
            tx,
            caller,
            actionContextOf(request, caller),
            { locks: inputs.locks, queue: deps.queue, now: now() },
            body,
          ),
        ),
      );
    },
  );
};
