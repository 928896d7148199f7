import { DataEnvelope, ForbiddenReasons } from '@hcm/contracts';
import {
  LookupImportQuery,
  LookupTable,
  LookupTableCreateBody,
  LookupTablePaths,
  LookupTableUpdateBody,
  LookupVersion,
  LookupVersionBody,
  type LookupImportQuery as ImportQuery,
} from '@hcm/contracts/payroll-lookup-tables';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Db, Tx } from '../../../db/database.ts';
import { callerScope, runAsCaller } from '../../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { forbiddenBecause, validationFailed } from '../../../http/errors.ts';
import type { ActionContext } from '../../../resources/action-log/record-actions.ts';
import { actionContextOf, languageOf } from '../../../resources/caller.ts';
import { readNamedUpload } from '../../../resources/import/read-upload.ts';
import { sendXlsx, xlsxResponse } from '../../../resources/xlsx/xlsx.ts';
import {
  createTable,
  createVersion,
  deleteTable,
  deleteVersion,
  listTables,
  putVersionOfDate,
  readTable,
  readVersion,
  tableShape,
  updateTable,
  updateVersion,
} from './store.ts';
import { checkRows } from './validate.ts';
import { readVersionSheet, versionWorkbook } from './version-sheet.ts';

const MODULE = 'PM' as const;
const PERMISSION = 'salary_configuration';
const tags = ['pm/lookup-tables'];
/** A version of 5,000 rows of a few columns is about 1 MB of JSON. */
const BODY_MAX_BYTES = 2 * 1024 * 1024;

const TableParams = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
const VersionParams = Type.Object(
  { id: Type.String({ format: 'uuid' }), versionId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
const Deleted = DataEnvelope(Type.Object({ id: Type.String() }));

/** The caller's tenant: lookup tables are a tenant's (a system user gets 403). */
function tenantContext(request: FastifyRequest): ActionContext & { tenantId: string } {
  const scope = callerScope(request);
  if (scope.tenantId === null)
    throw forbiddenBecause(
      ForbiddenReasons.tenantOnly,
      'Lookup tables belong to a tenant: sign in as a tenant user',
    );
  return { ...actionContextOf(request, scope), tenantId: scope.tenantId };
}

/**
 * Salary › Config › lookup tables (issue 32 item 4; docs/payroll-variables.md): the tenant's
 * stored tables and their dated versions, checked before anything is written; a version as a
 * sheet and back. Permission salary_configuration (view, create, update, delete, export).
 */
export const lookupTableRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const run = <T>(
    request: FastifyRequest,
    work: (tx: Tx, context: ActionContext & { tenantId: string }) => Promise<T>,
  ) => {
    const context = tenantContext(request);
    return runAsCaller(db, request, (tx) => work(tx, context));
  };

  app.get(
    LookupTablePaths.list,
    {
      config: { auth: 'user', permission: `${PERMISSION}.view`, module: MODULE },
      schema: {
        summary: 'Payroll lookup tables: the tenant’s tables with their versions (without rows)',
        tags,
        operationId: 'pm.lookup-tables.list',
        response: { 200: DataEnvelope(Type.Array(LookupTable)), ...errorResponses },
      },
    },
    async (request) => envelope(await run(request, (tx) => listTables(tx))),
  );

  app.post(
    LookupTablePaths.list,
    {
      bodyLimit: BODY_MAX_BYTES,
      config: { auth: 'user', permission: `${PERMISSION}.create`, module: MODULE },
      schema: {
        summary: 'Payroll lookup tables: create a table (code, kind, key type, value columns)',
        tags,
        operationId: 'pm.lookup-tables.create',
        body: LookupTableCreateBody,
        response: { 200: DataEnvelope(LookupTable), ...errorResponses },
      },
    },
    async (request) =>
      envelope(
        await run(request, (tx, context) => createTable(tx, context, request.body as LookupTableCreateBody)),
      ),
  );

  app.get(
    LookupTablePaths.one,
    {
      config: { auth: 'user', permission: `${PERMISSION}.view`, module: MODULE },
      schema: {
        summary: 'Payroll lookup tables: one table with its versions (without rows)',
        tags,
        operationId: 'pm.lookup-tables.get',
        params: TableParams,
        response: { 200: DataEnvelope(LookupTable), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return envelope(await run(request, (tx) => readTable(tx, id)));
    },
  );

  app.put(
    LookupTablePaths.one,
    {
      bodyLimit: BODY_MAX_BYTES,
      config: { auth: 'user', permission: `${PERMISSION}.update`, module: MODULE },
      schema: {
        summary: 'Payroll lookup tables: change a table’s names, description, status or columns',
        tags,
        operationId: 'pm.lookup-tables.update',
        params: TableParams,
        body: LookupTableUpdateBody,
        response: { 200: DataEnvelope(LookupTable), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return envelope(
        await run(request, (tx, context) =>
          updateTable(tx, context, id, request.body as LookupTableUpdateBody),
        ),
      );
    },
  );

  app.delete(
    LookupTablePaths.one,
    {
      config: { auth: 'user', permission: `${PERMISSION}.delete`, module: MODULE },
      schema: {
        summary: 'Payroll lookup tables: delete a table and its versions',
        tags,
        operationId: 'pm.lookup-tables.delete',
        params: TableParams,
        response: { 200: Deleted, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      await run(request, (tx, context) => deleteTable(tx, context, id));
      return envelope({ id });
    },
  );

  app.post(
    LookupTablePaths.versions,
    {
      bodyLimit: BODY_MAX_BYTES,
      config: { auth: 'user', permission: `${PERMISSION}.update`, module: MODULE },
      schema: {
        summary: 'Payroll lookup tables: add a version (its rows in force from a date)',
        tags,
        operationId: 'pm.lookup-tables.versions.create',
        params: TableParams,
        body: LookupVersionBody,
        response: { 200: DataEnvelope(LookupVersion), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return envelope(
        await run(request, (tx, context) =>
          createVersion(tx, context, id, request.body as LookupVersionBody),
        ),
      );
    },
  );

  app.get(
    LookupTablePaths.version,
    {
      config: { auth: 'user', permission: `${PERMISSION}.view`, module: MODULE },
      schema: {
        summary: 'Payroll lookup tables: one version with its rows',
        tags,
        operationId: 'pm.lookup-tables.versions.get',
        params: VersionParams,
        response: { 200: DataEnvelope(LookupVersion), ...errorResponses },
      },
    },
    async (request) => {
      const { id, versionId } = request.params as { id: string; versionId: string };
      return envelope(await run(request, (tx) => readVersion(tx, id, versionId)));
    },
  );

  app.put(
    LookupTablePaths.version,
    {
      bodyLimit: BODY_MAX_BYTES,
      config: { auth: 'user', permission: `${PERMISSION}.update`, module: MODULE },
      schema: {
        summary: 'Payroll lookup tables: replace a version (its date, note and rows)',
        tags,
        operationId: 'pm.lookup-tables.versions.update',
        params: VersionParams,
        body: LookupVersionBody,
        response: { 200: DataEnvelope(LookupVersion), ...errorResponses },
      },
    },
    async (request) => {
      const { id, versionId } = request.params as { id: string; versionId: string };
      return envelope(
        await run(request, (tx, context) =>
          updateVersion(tx, context, id, versionId, request.body as LookupVersionBody),
        ),
      );
    },
  );

  app.delete(
    LookupTablePaths.version,
    {
      config: { auth: 'user', permission: `${PERMISSION}.update`, module: MODULE },
      schema: {
        summary: 'Payroll lookup tables: remove a version (the one before it governs its dates again)',
        tags,
        operationId: 'pm.lookup-tables.versions.delete',
        params: VersionParams,
        response: { 200: Deleted, ...errorResponses },
      },
    },
    async (request) => {
      const { id, versionId } = request.params as { id: string; versionId: string };
      await run(request, (tx, context) => deleteVersion(tx, context, id, versionId));
      return envelope({ id: versionId });
    },
  );

  app.get(
    LookupTablePaths.exportVersion,
    {
      config: { auth: 'user', permission: `${PERMISSION}.export`, module: MODULE },
      schema: {
        summary:
          'Payroll lookup tables: a version as a workbook, a row per key or band (the import’s template)',
        tags,
        operationId: 'pm.lookup-tables.versions.export',
        params: VersionParams,
        response: {
          200: xlsxResponse('the version: the key, then a column per value column'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { id, versionId } = request.params as { id: string; versionId: string };
      const { table, version } = await run(request, async (tx) => ({
        table: await tableShape(tx, id),
        version: await readVersion(tx, id, versionId),
      }));
      const file = await versionWorkbook(table, version.rows, languageOf(request));
      return sendXlsx(reply, `${table.code}_${version.effectiveFrom}.xlsx`, file);
    },
  );

  app.post(
    LookupTablePaths.importVersion,
    {
      config: { auth: 'user', permission: `${PERMISSION}.update`, module: MODULE },
      schema: {
        summary:
          'Payroll lookup tables: read a sheet of the export’s layout as the version of a date (added, or that date’s replaced)',
        tags,
        operationId: 'pm.lookup-tables.versions.import',
        params: TableParams,
        querystring: LookupImportQuery,
        consumes: ['multipart/form-data'],
        response: { 200: DataEnvelope(LookupVersion), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const query = request.query as ImportQuery;
      const context = tenantContext(request);
      const table = await runAsCaller(db, request, (tx) => tableShape(tx, id));
      const upload = await readNamedUpload(request, reply);
      // the file is read within its bounds before the write's transaction
      const rows = await readVersionSheet(upload.file, table);
      const errors = checkRows(table, rows);
      if (errors.length > 0)
        throw validationFailed(
          errors.map((error) => ({
            ...error,
            params: { ...error.params, sheetRow: Number(/\d+/.exec(error.field)?.[0] ?? 0) + 2 },
          })),
          'The rows of the file are not valid',
        );
      const body = { effectiveFrom: query.effectiveFrom, note: query.note ?? null, rows };
      return envelope(await runAsCaller(db, request, (tx) => putVersionOfDate(tx, context, id, body)));
    },
  );
};
