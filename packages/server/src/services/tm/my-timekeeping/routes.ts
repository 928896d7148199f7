import { DataEnvelope, ForbiddenReasons } from '@hcm/contracts';
import { MY_TIMEKEEPING_MONTH_PATTERN, MyTimekeepingPaths } from '@hcm/contracts/my-timekeeping';
import Type from 'typebox';
import { callerScope, runAsCaller } from '../../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { forbiddenBecause } from '../../../http/errors.ts';
import { ColumnsSchema, TotalsSchema } from '../general-timesheet/routes.ts';
import type { TmRoutes } from '../index.ts';
import { tenantToday } from '../requests/effects.ts';
import { timesheetInputs } from '../timesheet/wiring.ts';
import { readOwnMonth } from './read-month.ts';

const MonthSchema = Type.Object({
  workerId: Type.String(),
  workerCode: Type.String(),
  workerName: Type.String(),
  month: Type.String(),
  days: Type.Array(Type.String()),
  dayTypes: Type.Array(Type.Union([Type.String(), Type.Null()])),
  texts: Type.Array(Type.String()),
  legend: Type.Array(Type.Object({ key: Type.String(), symbol: Type.String() })),
  columns: ColumnsSchema,
  totals: TotalsSchema,
  locked: Type.Boolean(),
});

const MonthQuery = Type.Object(
  {
    month: Type.Optional(
      Type.String({
        pattern: MY_TIMEKEEPING_MONTH_PATTERN,
        description: 'YYYY-MM, a year from 2000 to 2200 (else this month)',
      }),
    ),
  },
  { additionalProperties: false },
);

/**
 * The employee's own timekeeping (docs/my-timekeeping.md): their month as the general timesheet
 * reads it, for every tenant user (no permission: the answer is only ever the caller's own days,
 * found by the employee record their account is linked to).
 */
export const myTimekeepingRoutes: TmRoutes = async (app, { deps }) => {
  const inputs = timesheetInputs(deps.shiftPlans);
  app.get(
    MyTimekeepingPaths.month,
    {
      config: { auth: 'user', permission: [], module: 'TM' },
      schema: {
        summary:
          "The caller's own month: each day's symbol, outcome, lateness and hours, and the month's totals",
        tags: ['tm/my-timekeeping'],
        operationId: 'tm.my-timekeeping.month',
        querystring: MonthQuery,
        response: { 200: DataEnvelope(MonthSchema), ...errorResponses },
      },
    },
    async (request) => {
      const scope = callerScope(request);
      if (scope.tenantId === null)
        throw forbiddenBecause(
          ForbiddenReasons.tenantOnly,
          'Timesheets belong to a tenant: sign in as a tenant user',
        );
      const caller = { tenantId: scope.tenantId, userId: scope.userId };
      const month = (request.query as { month?: string }).month ?? tenantToday().slice(0, 7);
      return envelope(await runAsCaller(deps.db, request, (tx) => readOwnMonth(tx, caller, inputs, month)));
    },
  );
};
