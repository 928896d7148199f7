import { DataEnvelope, FieldErrorKeys, ForbiddenReasons } from '@hcm/contracts';
import {
  LeavePolicyPaths as Paths,
  type LeaveAccrualRun,
  type LeavePayout,
} from '@hcm/contracts/leave-policies';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { wallClock } from '../../../../clock.ts';
import { callerScope, runAsCaller } from '../../../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../../../http/envelope.ts';
import { forbiddenBecause, validationFailed } from '../../../../http/errors.ts';
import { todayInVietnam } from '../../../../resources/search/find-latest-effective.ts';
import type { TmDeps } from '../../index.ts';
import { leaveWorkerCaseRoutes } from '../policies/worker-cases.ts';
import { accrueYear } from './accrue.ts';

const MODULE = 'TM' as const;
const tags = ['tm/leave'];
/** The years HR may accrue: the ledger's (migration 0065: 2000–2200), and never one not begun. */
const FIRST_YEAR = 2000;

function tenantOf(request: FastifyRequest): string {
  const { tenantId } = callerScope(request);
  if (tenantId === null) throw forbiddenBecause(ForbiddenReasons.tenantOnly, 'Leave belongs to a tenant');
  return tenantId;
}

const PayoutSchema = Type.Object({
  workerId: Type.String(),
  workerCode: Type.String(),
  workerName: Type.String(),
  lastDay: Type.String(),
  days: Type.String(),
  givenBack: Type.Boolean(),
  recordedAt: Type.String(),
});

/**
 * The leave jobs' HTTP side (docs/leave.md "The leave jobs"): HR runs a year's accrual now rather
 * than wait for the night's schedule (only the entries whose day has come by the server's clock;
 * a rerun writes none), and payroll reads the untaken leave paid out to leavers by month (with the
 * payouts given back, negative, beside them); with
 * them the workers' cases (policies/worker-cases.ts), which the accrual reads.
 */
export const leaveJobRoutes: FastifyPluginAsync<{ deps: TmDeps }> = async (app, { deps }) => {
  const now = deps.clock ?? wallClock;

  app.post(
    Paths.accrue,
    {
      bodyLimit: 1024,
      config: { auth: 'user', permission: 'leave_policy.update', module: MODULE },
      schema: {
        summary:
          "Write a year's annual leave accruals now (those whose day has come); answers how many were written",
        tags,
        operationId: 'tm.leave.accrue',
        body: Type.Object({ year: Type.Integer() }, { additionalProperties: false }),
        response: {
          200: DataEnvelope(Type.Object({ year: Type.Integer(), written: Type.Integer() })),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const tenantId = tenantOf(request);
      const { year } = request.body as { year: number };
      const today = todayInVietnam(now());
      const thisYear = Number(today.slice(0, 4));
      if (year < FIRST_YEAR || year > thisYear)
        throw validationFailed(
          [
            {
              field: 'year',
              code: year > thisYear ? FieldErrorKeys.max : FieldErrorKeys.min,
              message: `a year from ${FIRST_YEAR} to ${thisYear} (this year)`,
              params: { required: year > thisYear ? thisYear : FIRST_YEAR, actual: year },
            },
          ],
          `Leave is accrued for a year from ${FIRST_YEAR} to this year, not ${year}`,
        );
      const { written } = await accrueYear(
        deps.db,
        tenantId,
        year,
        today < `${year}-12-31` ? today : `${year}-12-31`,
        undefined,
        // HR asks now: the months over are read from the timesheet for everyone
        { reading: 'ALWAYS', knownOn: today },
      );
      const answer: LeaveAccrualRun = { year, written };
      return envelope(answer);
    },
  );

  app.get(
    Paths.payouts,
    {
      config: { auth: 'user', permission: 'leave_policy.view', module: MODULE },
      schema: {
        summary:
          'The untaken annual leave paid out to workers whose employment ended in a month (for payroll), and the payouts of that month given back',
        tags,
        operationId: 'tm.leave.payouts',
        querystring: Type.Object(
          { month: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }) },
          { additionalProperties: false },
        ),
        response: { 200: DataEnvelope(Type.Array(PayoutSchema)), ...errorResponses },
      },
    },
    async (request) => {
      tenantOf(request);
      const { month } = request.query as { month: string };
      const first = `${month}-01`;
      const payouts = await runAsCaller(deps.db, request, async (tx) => {
        // a payout given back is listed beside it, negative: the month nets to zero
        const found = (await tx.execute(sql`
          select l.worker_id, w.code, w.full_name, l.on_day::text as on_day, -l.amount as amount,
                 l.created_at as recorded_at
            from tm_leave_ledger l join workers w on w.tenant_id = l.tenant_id and w.id = l.worker_id
           where l.kind = 'PAID_OUT' and l.on_day >= ${first}::date
             and l.on_day < (${first}::date + interval '1 month')
           order by l.on_day, w.code, l.payout_no, l.amount`)) as unknown as {
          rows: {
            worker_id: string;
            code: string;
            full_name: string;
            on_day: string;
            amount: number;
            recorded_at: Date | string;
          }[];
        };
        return found.rows.map((r): LeavePayout => ({
          workerId: r.worker_id,
          workerCode: r.code,
          workerName: r.full_name,
          lastDay: r.on_day,
          days: (Number(r.amount) / 1000).toFixed(3),
          givenBack: Number(r.amount) < 0,
          recordedAt: new Date(r.recorded_at).toISOString(),
        }));
      });
      return envelope(payouts);
    },
  );

  await app.register(leaveWorkerCaseRoutes, { deps });
};
