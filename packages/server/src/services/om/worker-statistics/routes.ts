import { DataEnvelope } from '@hcm/contracts';
import { WorkforceStatistics } from '@hcm/contracts/dashboard';
import {
  HEAD_COUNT_DIMENSIONS,
  HeadCountLabels,
  WORKER_STATISTICS_PATH,
  WORKER_STATISTICS_SUMMARY_PATH,
  WorkerStatisticsLabels,
} from '@hcm/contracts/worker-statistics';
import ExcelJS from 'exceljs';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Db, Tx } from '../../../db/database.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { inResourceScope, languageOf, ownRows, resourceScopeOf } from '../../../resources/caller.ts';
import { todayInVietnam } from '../../../resources/documents/vietnamese-format.ts';
import { contentDisposition } from '../../storage/records.ts';
import { reachKey, type WorkforceCache } from '../dashboard/workforce-cache.ts';
import { workerResource as resource } from '../workers/resources.ts';
import { workerReachOf } from '../workers/worker-reach.ts';
import {
  allStatistics,
  countEveryTime,
  fluctuationOf,
  headCountsOf,
  workforceStatistics,
  type Keeper,
  type StatisticsRequest,
} from './workforce-statistics.ts';

const Uuid = Type.String({ format: 'uuid' });
const Year = Type.Integer({ minimum: 2000, maximum: 2100, description: 'default: this year' });
const HeadCountQuery = Type.Object(
  {
    dimension: Type.Union(HEAD_COUNT_DIMENSIONS.map((dimension) => Type.Literal(dimension))),
    organizationUnitId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
const FluctuationQuery = Type.Object(
  { year: Type.Optional(Year), organizationUnitId: Type.Optional(Uuid) },
  { additionalProperties: false },
);
const HeadCountRow = Type.Object({
  key: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  count: Type.Integer({ minimum: 0 }),
});
const FluctuationRow = Type.Object({
  month: Type.Integer({ minimum: 1, maximum: 12 }),
  joined: Type.Integer({ minimum: 0 }),
  left: Type.Integer({ minimum: 0 }),
});
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const tags = ['om/worker-statistics'];

/**
 * /api/om/worker-statistics (docs/employees.md "Worker statistics"): the head count by one
 * dimension (every row), the joiners and leavers of a year's months, every head count card (its
 * HEAD_COUNT_BARS bars) and the months in one answer (`/summary`: the dashboard narrowed to a
 * unit or moved to another year), and all of it, every row, as a workbook; with the employee list's permissions and data scope (a manager counts the units
 * he leads). The figures are the dashboard's, kept in `kept` by tenant, reach, unit and day.
 */
export const workerStatisticsRoutes: FastifyPluginAsync<{ db: Db; kept?: WorkforceCache }> = async (
  app,
  { db, kept },
) => {
  const config = (action: 'view' | 'export') => ({
    auth: 'user' as const,
    permission: resource.permissionFor(action),
    module: resource.module,
  });
  /** `work` in the caller's scope, with what it counts and where the figures are kept */
  const counted = <T>(
    request: FastifyRequest,
    query: { organizationUnitId?: string | undefined; year?: number | undefined },
    work: (tx: Tx, counting: StatisticsRequest, keep: Keeper) => Promise<T>,
  ) => {
    const caller = resourceScopeOf(resource, request);
    return inResourceScope(db, resource, caller, async (tx, scope) => {
      const tenantId = caller.tenantId as string;
      const reach = reachKey(await workerReachOf(tx, caller));
      const keep: Keeper = kept
        ? (key, compute) => kept.get(tenantId, `${reach}|${key}`, compute)
        : countEveryTime;
      const today = todayInVietnam();
      return work(
        tx,
        {
          reached: async () => ownRows(resource, scope),
          language: languageOf(request),
          today,
          year: query.year ?? Number(today.slice(0, 4)),
          organizationUnitId: query.organizationUnitId ?? null,
        },
        keep,
      );
    });
  };

  app.get(
    `${WORKER_STATISTICS_PATH}/head-count`,
    {
      config: config('view'),
      schema: {
        summary: 'Employees at work counted by one dimension (most first)',
        tags,
        operationId: 'om.workerStatistics.headCount',
        querystring: HeadCountQuery,
        response: { 200: DataEnvelope(Type.Array(HeadCountRow)), ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query as Type.Static<typeof HeadCountQuery>;
      return envelope(
        await counted(request, query, async (tx, counting, keep) => {
          const heads = await headCountsOf(tx, counting, keep);
          return heads[query.dimension];
        }),
      );
    },
  );

  app.get(
    `${WORKER_STATISTICS_PATH}/fluctuation`,
    {
      config: config('view'),
      schema: {
        summary: 'Joiners and leavers in each month of a year',
        tags,
        operationId: 'om.workerStatistics.fluctuation',
        querystring: FluctuationQuery,
        response: { 200: DataEnvelope(Type.Array(FluctuationRow)), ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query as Type.Static<typeof FluctuationQuery>;
      return envelope(await counted(request, query, fluctuationOf));
    },
  );

  app.get(
    WORKER_STATISTICS_SUMMARY_PATH,
    {
      config: config('view'),
      schema: {
        summary: 'Every head count card and the joiners and leavers of a year’s months, in one answer',
        tags,
        operationId: 'om.workerStatistics.summary',
        querystring: FluctuationQuery,
        response: { 200: DataEnvelope(WorkforceStatistics), ...errorResponses },
      },
    },
    async (request) => {
      const query = request.query as Type.Static<typeof FluctuationQuery>;
      return envelope(await counted(request, query, workforceStatistics));
    },
  );

  app.get(
    `${WORKER_STATISTICS_PATH}/export`,
    {
      config: config('export'),
      schema: {
        summary: 'Every head count and the year’s fluctuation as a workbook (a sheet each)',
        tags,
        operationId: 'om.workerStatistics.export',
        querystring: FluctuationQuery,
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: XLSX }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const query = request.query as Type.Static<typeof FluctuationQuery>;
      const language = languageOf(request);
      const counts = await counted(request, query, allStatistics);
      const year = counts.year;
      const workbook = new ExcelJS.Workbook();
      for (const dimension of HEAD_COUNT_DIMENSIONS) {
        const rows = counts.headCounts[dimension];
        const sheet = workbook.addWorksheet(HeadCountLabels[dimension][language].slice(0, 31));
        sheet.columns = [
          { header: HeadCountLabels[dimension][language], width: 40 },
          { header: WorkerStatisticsLabels.headCount[language], width: 16 },
        ];
        for (const row of rows) sheet.addRow([row.name, row.count]);
      }
      const months = workbook.addWorksheet(
        `${WorkerStatisticsLabels.fluctuation[language]} ${year}`.slice(0, 31),
      );
      months.columns = [
        { header: WorkerStatisticsLabels.month[language], width: 10 },
        { header: WorkerStatisticsLabels.joined[language], width: 14 },
        { header: WorkerStatisticsLabels.left[language], width: 14 },
      ];
      for (const row of counts.fluctuation) months.addRow([row.month, row.joined, row.left]);
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', contentDisposition('attachment', `thong-ke-nhan-su-${year}.xlsx`))
        .send(bytes);
    },
  );
};
