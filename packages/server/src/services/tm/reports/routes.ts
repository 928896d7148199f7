import { DataEnvelope, ForbiddenReasons, PageEnvelope } from '@hcm/contracts';
import {
  DailyWorkers,
  HoursReport,
  LateEarlyFrequency,
  LateEarlyWorker,
  TROOP_COUNT_FILTER,
  TROOP_COUNT_KEYS,
  TIMEKEEPING_REPORT_EXPORT_PERMISSIONS,
  TIMEKEEPING_REPORT_PERMISSIONS,
  TimekeepingReportLimits as Limits,
  TimekeepingReportPaths as Paths,
  TroopReport,
  TroopWorker,
  type HoursGrouping,
  type TroopCountKey,
} from '@hcm/contracts/timekeeping-reports';
import {
  LEAVE_STATISTICS_GROUPINGS,
  LEAVE_STATISTICS_PATH,
  LeaveStatistics,
  type LeaveStatisticsGrouping,
} from '@hcm/contracts/leave-statistics';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import Type, { type TSchema } from 'typebox';
import { wallClock } from '../../../clock.ts';
import type { Tx } from '../../../db/database.ts';
import { callerScope, runAsCaller } from '../../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { forbiddenBecause } from '../../../http/errors.ts';
import { languageOf } from '../../../resources/caller.ts';
import { todayInVietnam } from '../../../resources/documents/vietnamese-format.ts';
import { contentDisposition } from '../../storage/records.ts';
import type { TmDeps } from '../index.ts';
import { timesheetInputs } from '../timesheet/wiring.ts';
import { hoursReport, type HoursMeasure } from './hours.ts';
import { lateEarlyFrequency, lateEarlyWorkers } from './late-early.ts';
import { leaveInputs } from '../leave/applications/effects.ts';
import { leaveStatistics } from './leave-statistics.ts';
import { leaveStatisticsWorkbook } from './leave-statistics-workbook.ts';
import { dayAsked, periodAsked, type Period } from './period.ts';
import {
  monthsOfPeriod,
  reportScope,
  symbolSets,
  type ReportScope,
  type SymbolSets,
} from './report-scope.ts';
import { dailyWorkers, troopReport, troopWorkers } from './troop.ts';
import { dailyWorkersWorkbook, hoursWorkbook, lateEarlyWorkbook, troopWorkbook } from './workbooks.ts';

const MODULE = 'TM' as const;
const tags = ['tm/reports'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const Workbook = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: XLSX });
// the days are checked in period.ts, for a field error that names what is wrong
const DayText = Type.String({ maxLength: 10, description: 'YYYY-MM-DD' });
const Unit = { organizationUnitId: Type.Optional(Type.String({ format: 'uuid' })) };
const PeriodQuery = {
  ...Unit,
  month: Type.Optional(Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' })),
  from: Type.Optional(DayText),
  to: Type.Optional(DayText),
};
const Paging = {
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: Limits.pageSizeMax })),
};
const DayQuery = Type.Object({ ...Unit, date: Type.Optional(DayText) }, { additionalProperties: false });
const TroopWorkersQuery = Type.Object(
  {
    ...Unit,
    date: Type.Optional(DayText),
    figure: Type.Optional(Type.Union(TROOP_COUNT_KEYS.map((key) => Type.Literal(key)))),
    ...Paging,
  },
  { additionalProperties: false },
);
const PeriodOnly = Type.Object(PeriodQuery, { additionalProperties: false });
const LateEarlyWorkersQuery = Type.Object(
  {
    ...PeriodQuery,
    kind: Type.Optional(Type.Union([Type.Literal('late'), Type.Literal('early')])),
    times: Type.Optional(Type.Integer({ minimum: 1, maximum: Limits.frequencyGroups })),
    ...Paging,
  },
  { additionalProperties: false },
);
const HoursQuery = Type.Object(
  { ...PeriodQuery, by: Type.Optional(Type.Union([Type.Literal('day'), Type.Literal('month')])) },
  { additionalProperties: false },
);
const LeaveStatisticsQuery = Type.Object(
  {
    ...PeriodQuery,
    groupBy: Type.Optional(Type.Union(LEAVE_STATISTICS_GROUPINGS.map((g) => Type.Literal(g)))),
  },
  { additionalProperties: false },
);
type PeriodParams = { organizationUnitId?: string; month?: string; from?: string; to?: string };

/** The caller's tenant: reports are a tenant's (a system user gets 403). */
function tenantCaller(request: FastifyRequest) {
  const scope = callerScope(request);
  if (scope.tenantId === null)
    throw forbiddenBecause(
      ForbiddenReasons.tenantOnly,
      'Timekeeping reports belong to a tenant: sign in as a tenant user',
    );
  return { tenantId: scope.tenantId, userId: scope.userId };
}

/**
 * The timekeeping reports (issue 30 item 9; docs/timekeeping-reports.md): the troop report of a
 * day with the names behind each figure, its daily series, the late/early frequency, working and
 * night hours; each also as a workbook. Read-only, within the caller's data scope.
 */
export const timekeepingReportRoutes: FastifyPluginAsync<{ deps: TmDeps }> = async (app, { deps }) => {
  const inputs = timesheetInputs(deps.shiftPlans);
  const now = deps.clock ?? wallClock;
  const config = (action: 'view' | 'export') => ({
    auth: 'user' as const,
    permission: action === 'view' ? TIMEKEEPING_REPORT_PERMISSIONS : TIMEKEEPING_REPORT_EXPORT_PERMISSIONS,
    module: MODULE,
  });
  /**
   * `work` in the caller's transaction, given the report's scope, the symbols in force in the
   * months `monthsOf(today)` names (none: the report reads no symbol) and today.
   */
  const reading = <T>(
    request: FastifyRequest,
    organizationUnitId: string | undefined,
    monthsOf: (today: string) => readonly string[],
    work: (tx: Tx, scope: ReportScope, symbols: SymbolSets, today: string) => Promise<T>,
  ) => {
    const caller = tenantCaller(request);
    const today = todayInVietnam(now());
    return runAsCaller(deps.db, request, async (tx) =>
      work(
        tx,
        await reportScope(tx, caller, organizationUnitId),
        await symbolSets(tx, inputs, monthsOf(today)),
        today,
      ),
    );
  };
  const monthOfDay = (date: string | undefined) => (today: string) => [dayAsked(date, today).slice(0, 7)];
  const noSymbols = () => [];
  const period = (query: PeriodParams) => periodAsked(query, todayInVietnam(now()));
  const send = (reply: FastifyReply, name: string, bytes: Buffer) =>
    reply
      .header('content-type', XLSX)
      .header('content-disposition', contentDisposition('attachment', name))
      .send(bytes);
  const pageOf = (query: { pageIndex?: number; pageSize?: number }) => ({
    pageIndex: query.pageIndex ?? 1,
    pageSize: query.pageSize ?? Limits.pageSizeDefault,
  });

  const troop = (request: FastifyRequest) => {
    const query = request.query as { organizationUnitId?: string; date?: string };
    return reading(request, query.organizationUnitId, monthOfDay(query.date), (tx, scope, symbols, today) =>
      troopReport(tx, scope, symbols, {
        date: dayAsked(query.date, today),
        today,
        organizationUnitId: query.organizationUnitId ?? null,
      }),
    );
  };
  const daily = (request: FastifyRequest) => {
    const query = request.query as PeriodParams;
    const asked = period(query);
    const months = () => monthsOfPeriod(asked.from, asked.to);
    return reading(request, query.organizationUnitId, months, (tx, scope, symbols, today) =>
      dailyWorkers(tx, scope, symbols, { ...asked, today }),
    );
  };
  const frequency = (request: FastifyRequest) => {
    const query = request.query as PeriodParams;
    const asked: Period = period(query);
    return reading(request, query.organizationUnitId, noSymbols, (tx, scope) =>
      lateEarlyFrequency(tx, scope, asked),
    );
  };
  const hours = (measure: HoursMeasure) => (request: FastifyRequest) => {
    const query = request.query as PeriodParams & { by?: HoursGrouping };
    const asked = period(query);
    return reading(request, query.organizationUnitId, noSymbols, (tx, scope) =>
      hoursReport(tx, scope, measure, { ...asked, by: query.by ?? 'day' }),
    );
  };

  // leave statistics (leave-statistics.ts): the days by the grouping asked, or one report per `groupings`
  const leave = (request: FastifyRequest, groupings?: readonly LeaveStatisticsGrouping[]) => {
    const query = request.query as PeriodParams & { groupBy?: LeaveStatisticsGrouping };
    const asked = period(query);
    const first = query.groupBy ?? 'month';
    const all = groupings ? [first, ...groupings.filter((g) => g !== first)] : [first];
    return reading(request, query.organizationUnitId, noSymbols, async (tx, scope) => {
      const reports = [];
      for (const groupBy of all)
        reports.push(await leaveStatistics(tx, scope, leaveInputs(), { ...asked, groupBy }));
      return reports;
    });
  };

  const get = (
    path: string,
    operationId: string,
    summary: string,
    querystring: TSchema,
    response: TSchema,
    handler: (request: FastifyRequest) => Promise<unknown>,
  ) =>
    app.get(
      path,
      {
        config: config('view'),
        schema: { summary, tags, operationId, querystring, response: { 200: response, ...errorResponses } },
      },
      handler,
    );
  const exported = (
    path: string,
    operationId: string,
    querystring: TSchema,
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ) =>
    app.get(
      `${path}/export`,
      {
        config: config('export'),
        schema: {
          summary: 'The report’s table as a workbook',
          tags,
          operationId,
          querystring,
          response: { 200: Workbook, ...errorResponses },
        },
      },
      handler,
    );

  get(
    Paths.troop,
    'tm.reports.troop',
    'Troop report: a day’s workers on the roll by unit and what they are',
    DayQuery,
    DataEnvelope(TroopReport),
    async (request) => envelope(await troop(request)),
  );
  get(
    Paths.troopWorkers,
    'tm.reports.troopWorkers',
    'The names behind one figure of the troop report, by code',
    TroopWorkersQuery,
    PageEnvelope(TroopWorker),
    async (request) => {
      const query = request.query as {
        organizationUnitId?: string;
        date?: string;
        figure?: TroopCountKey;
      } & {
        pageIndex?: number;
        pageSize?: number;
      };
      const page = pageOf(query);
      const found = await reading(
        request,
        query.organizationUnitId,
        monthOfDay(query.date),
        (tx, scope, symbols, today) =>
          troopWorkers(tx, scope, symbols, {
            date: dayAsked(query.date, today),
            today,
            filter: TROOP_COUNT_FILTER[query.figure ?? 'onRoll'],
            ...page,
          }),
      );
      return { data: found.rows, page: { ...page, total: found.total } };
    },
  );
  get(
    Paths.dailyWorkers,
    'tm.reports.dailyWorkers',
    'Daily worker number: the troop report of every day of a period',
    PeriodOnly,
    DataEnvelope(DailyWorkers),
    async (request) => envelope(await daily(request)),
  );
  get(
    Paths.lateEarly,
    'tm.reports.lateEarly',
    'Late and early frequency: workers by times late / early (6: six or more)',
    PeriodOnly,
    DataEnvelope(LateEarlyFrequency),
    async (request) => envelope(await frequency(request)),
  );
  get(
    Paths.lateEarlyWorkers,
    'tm.reports.lateEarlyWorkers',
    'The workers late or early in the period, most times first',
    LateEarlyWorkersQuery,
    PageEnvelope(LateEarlyWorker),
    async (request) => {
      const query = request.query as PeriodParams & {
        kind?: 'late' | 'early';
        times?: number;
        pageIndex?: number;
        pageSize?: number;
      };
      const asked = period(query);
      const page = pageOf(query);
      const found = await reading(request, query.organizationUnitId, noSymbols, (tx, scope) =>
        lateEarlyWorkers(tx, scope, asked, { kind: query.kind, times: query.times, ...page }),
      );
      return { data: found.rows, page: { ...page, total: found.total } };
    },
  );
  get(
    Paths.workingHours,
    'tm.reports.workingHours',
    'Working hours number by day or month and by unit',
    HoursQuery,
    DataEnvelope(HoursReport),
    async (request) => envelope(await hours('working')(request)),
  );
  get(
    Paths.nightHours,
    'tm.reports.nightHours',
    'Night working hours by day or month and by unit',
    HoursQuery,
    DataEnvelope(HoursReport),
    async (request) => envelope(await hours('night')(request)),
  );

  get(
    LEAVE_STATISTICS_PATH,
    'tm.reports.leaveStatistics',
    'Leave statistics: days of approved leave by month, unit or leave type, by who pays them',
    LeaveStatisticsQuery,
    DataEnvelope(LeaveStatistics),
    async (request) => envelope((await leave(request))[0]),
  );
  exported(
    LEAVE_STATISTICS_PATH,
    'tm.reports.leaveStatistics.export',
    LeaveStatisticsQuery,
    async (request, reply) => {
      const reports = await leave(request, LEAVE_STATISTICS_GROUPINGS);
      return send(
        reply,
        `nghi-phep-${reports[0]?.from}.xlsx`,
        await leaveStatisticsWorkbook(reports, languageOf(request)),
      );
    },
  );

  exported(Paths.troop, 'tm.reports.troop.export', DayQuery, async (request, reply) => {
    const report = await troop(request);
    return send(reply, `quan-so-${report.date}.xlsx`, await troopWorkbook(report, languageOf(request)));
  });
  exported(Paths.dailyWorkers, 'tm.reports.dailyWorkers.export', PeriodOnly, async (request, reply) => {
    const report = await daily(request);
    return send(
      reply,
      `lao-dong-hang-ngay-${report.from}.xlsx`,
      await dailyWorkersWorkbook(report, languageOf(request)),
    );
  });
  exported(Paths.lateEarly, 'tm.reports.lateEarly.export', PeriodOnly, async (request, reply) => {
    const report = await frequency(request);
    return send(
      reply,
      `di-muon-ve-som-${report.from}.xlsx`,
      await lateEarlyWorkbook(report, languageOf(request)),
    );
  });
  for (const [path, measure, name] of [
    [Paths.workingHours, 'working', 'gio-cong'],
    [Paths.nightHours, 'night', 'gio-lam-dem'],
  ] as const)
    exported(path, `tm.reports.${measure}Hours.export`, HoursQuery, async (request, reply) => {
      const report = await hours(measure)(request);
      return send(
        reply,
        `${name}-${report.from}.xlsx`,
        await hoursWorkbook(report, measure, languageOf(request)),
      );
    });
};
