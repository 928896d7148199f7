import { DataEnvelope } from '@hcm/contracts';
import {
  HEAD_COUNT_DIMENSIONS,
  HeadCountLabels,
  WORKER_STATISTICS_PATH,
  WorkerStatisticsLabels,
  type HeadCountDimension,
} from '@hcm/contracts/worker-statistics';
import ExcelJS from 'exceljs';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Db, Tx } from '../../../db/database.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { inResourceScope, languageOf, ownRows, resourceScopeOf } from '../../../resources/caller.ts';
import { todayInVietnam } from '../../../resources/documents/vietnamese-format.ts';
import { contentDisposition } from '../../storage/records.ts';
import { workerResource as resource } from '../workers/resources.ts';
import { countFluctuation, countHeads, type StatisticsScope } from './count-workers.ts';

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
 * dimension, the joiners and leavers of a year's months, and both as a workbook; with the
 * employee list's permissions and data scope (a manager counts the units he leads).
 */
export const workerStatisticsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const config = (action: 'view' | 'export') => ({
    auth: 'user' as const,
    permission: resource.permissionFor(action),
    module: resource.module,
  });
  const counted = <T>(
    request: FastifyRequest,
    organizationUnitId: string | undefined,
    work: (tx: Tx, scope: StatisticsScope) => Promise<T>,
  ) =>
    inResourceScope(db, resource, resourceScopeOf(resource, request), (tx, reach) =>
      work(tx, { reach: ownRows(resource, reach), organizationUnitId, language: languageOf(request) }),
    );
  const thisYear = () => Number(todayInVietnam().slice(0, 4));

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
        await counted(request, query.organizationUnitId, (tx, scope) =>
          countHeads(tx, query.dimension, scope, todayInVietnam()),
        ),
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
      return envelope(
        await counted(request, query.organizationUnitId, (tx, scope) =>
          countFluctuation(tx, query.year ?? thisYear(), scope),
        ),
      );
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
      const year = query.year ?? thisYear();
      const today = todayInVietnam();
      const counts = await counted(request, query.organizationUnitId, async (tx, scope) => {
        const heads: [HeadCountDimension, Awaited<ReturnType<typeof countHeads>>][] = [];
        for (const dimension of HEAD_COUNT_DIMENSIONS)
          heads.push([dimension, await countHeads(tx, dimension, scope, today)]);
        return { heads, months: await countFluctuation(tx, year, scope) };
      });
      const workbook = new ExcelJS.Workbook();
      for (const [dimension, rows] of counts.heads) {
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
      for (const row of counts.months) months.addRow([row.month, row.joined, row.left]);
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', contentDisposition('attachment', `thong-ke-nhan-su-${year}.xlsx`))
        .send(bytes);
    },
  );
};
