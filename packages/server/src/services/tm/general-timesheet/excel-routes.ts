import { DataEnvelope, ForbiddenReasons } from '@hcm/contracts';
import { GeneralTimesheetPaths } from '@hcm/contracts/general-timesheet';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { wallClock } from '../../../clock.ts';
import { callerScope, runAsCaller } from '../../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { forbiddenBecause } from '../../../http/errors.ts';
import { actionContextOf, languageOf } from '../../../resources/caller.ts';
import { readNamedUpload } from '../../../resources/import/read-upload.ts';
import { sendXlsx, xlsxResponse } from '../../../resources/xlsx/xlsx.ts';
import type { TmDeps } from '../index.ts';
import { timesheetInputs } from '../timesheet/wiring.ts';
import { exportMonth } from './export-excel.ts';
import { importTimesheet } from './import-excel.ts';
import { readTimesheetFile } from './read-excel.ts';

const MODULE = 'TM' as const;
const tags = ['tm/general-timesheet'];
const UnitMonth = Type.Object(
  {
    organizationUnitId: Type.String({ format: 'uuid' }),
    month: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }),
  },
  { additionalProperties: false },
);
const ImportResult = Type.Object({
  fileName: Type.String(),
  workers: Type.Integer(),
  corrected: Type.Integer(),
  changes: Type.Array(
    Type.Object({
      code: Type.String(),
      workDate: Type.String(),
      before: Type.Union([Type.String(), Type.Null()]),
      after: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});

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

/** A file name a browser keeps as it is: ASCII letters, digits, - and _. */
const asciiName = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .slice(0, 40);

/**
 * The general timesheet as HR's Excel form 01a-LĐTL and back (docs/general-timesheet.md,
 * "Excel"): GET …/export answers the month of a unit as a workbook, a column per day;
 * POST …/import reads that layout back and turns each changed cell into a correction.
 */
export const generalTimesheetExcelRoutes: FastifyPluginAsync<{ deps: TmDeps }> = async (app, { deps }) => {
  const inputs = timesheetInputs(deps.shiftPlans);
  const now = deps.clock ?? wallClock;

  app.get(
    GeneralTimesheetPaths.exportExcel,
    {
      config: { auth: 'user', permission: 'timesheet.export', module: MODULE },
      schema: {
        summary:
          'General timesheet as the Excel form 01a-LĐTL: a unit’s month, a column per day, totals, legend',
        tags,
        operationId: 'tm.general-timesheet.export',
        querystring: UnitMonth,
        response: {
          200: xlsxResponse('the month of the unit, a row per worker, a column per day'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const query = request.query as { organizationUnitId: string; month: string };
      const caller = tenantCaller(request);
      const language = languageOf(request);
      const { file, unitCode } = await runAsCaller(deps.db, request, (tx) =>
        exportMonth(tx, caller, inputs, query, language),
      );
      return sendXlsx(reply, `bang-cham-cong_${asciiName(unitCode)}_${query.month}.xlsx`, file);
    },
  );

  app.post(
    GeneralTimesheetPaths.importExcel,
    {
      config: { auth: 'user', permission: 'timesheet.update', module: MODULE },
      schema: {
        summary:
          'General timesheet: read the Excel form back; each cell that differs becomes a correction (all or nothing)',
        tags,
        operationId: 'tm.general-timesheet.import',
        querystring: UnitMonth,
        consumes: ['multipart/form-data'],
        response: { 200: DataEnvelope(ImportResult), ...errorResponses },
      },
    },
    async (request, reply) => {
      const query = request.query as { organizationUnitId: string; month: string };
      const caller = tenantCaller(request);
      const language = languageOf(request);
      const upload = await readNamedUpload(request, reply);
      // the file is read within its bounds before any transaction
      const read = await readTimesheetFile(upload.file);
      return envelope(
        await runAsCaller(deps.db, request, (tx) =>
          importTimesheet(
            tx,
            caller,
            actionContextOf(request, caller),
            { inputs, queue: deps.queue, now: now() },
            { ...query, fileName: upload.fileName, language, read },
          ),
        ),
      );
    },
  );
};
