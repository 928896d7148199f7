import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import type {
  LookupColumn,
  LookupRow,
  LookupTable,
  LookupTableCreateBody,
  LookupTableUpdateBody,
  LookupVersion,
  LookupVersionBody,
  LookupVersionSummary,
} from '@hcm/contracts/payroll-lookup-tables';
import type { SalaryValueType } from '@hcm/contracts/salary-components';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { AppError, notFound, validationFailed } from '../../../http/errors.ts';
import {
  diffRecords,
  recordActions,
  type ActionContext,
} from '../../../resources/action-log/record-actions.ts';
import {
  payrollLookupTables,
  payrollLookupTableVersions,
  type StoredColumn,
} from '../tables/lookup-tables.ts';
import { checkRows, checkTableShape, type TableShape } from './validate.ts';

/*
 * The lookup tables' reads and writes (docs/payroll-variables.md, "Lookup tables"), each in the
 * caller's transaction under row-level security: everything checked first (validate.ts), then
 * one write and its action-log entry. A version is replaced whole; a change of the table's
 * columns must leave every version valid.
 */

/** The action log's resource: the permission's. */
export const LOOKUP_TABLE_RESOURCE = 'salary_configuration';

type TableRow = typeof payrollLookupTables.$inferSelect;
type VersionRow = typeof payrollLookupTableVersions.$inferSelect;

const columnsOf = (stored: readonly StoredColumn[]): LookupColumn[] =>
  stored.map((column) => ({
    code: column.code,
    type: column.type as SalaryValueType,
    name: column.name,
    nameEn: column.nameEn ?? null,
  }));

const storedColumns = (columns: readonly LookupColumn[]): StoredColumn[] =>
  columns.map((column) => ({
    code: column.code,
    type: column.type,
    name: column.name.trim(),
    nameEn: column.nameEn?.trim() || null,
  }));

const shapeOf = (row: TableRow): TableShape => ({
  kind: row.kind,
  keyType: row.keyType as SalaryValueType,
  columns: columnsOf(row.columns),
});

const summaryOf = (
  version: Pick<VersionRow, 'id' | 'effectiveFrom' | 'note' | 'version'> & { rowCount: number },
) => ({
  id: version.id,
  effectiveFrom: version.effectiveFrom,
  note: version.note,
  rowCount: version.rowCount,
  version: version.version,
});

function present(row: TableRow, versions: LookupVersionSummary[]): LookupTable {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    nameEn: row.nameEn,
    kind: row.kind,
    keyType: row.keyType as SalaryValueType,
    columns: columnsOf(row.columns),
    description: row.description,
    status: row.status,
    version: row.version,
    versions,
    lastModifiedAt: row.lastModifiedAt.toISOString(),
  };
}

function presentVersion(row: VersionRow): LookupVersion {
  return {
    id: row.id,
    tableId: row.tableId,
    effectiveFrom: row.effectiveFrom,
    note: row.note,
    rows: row.rows as LookupRow[],
    version: row.version,
    lastModifiedAt: row.lastModifiedAt.toISOString(),
  };
}

/** Version summaries by table, newest first: one statement (the rows' count read in the database). */
async function summaries(tx: Tx, tableIds: readonly string[]): Promise<Map<string, LookupVersionSummary[]>> {
  const byTable = new Map<string, LookupVersionSummary[]>(tableIds.map((id) => [id, []]));
  if (tableIds.length === 0) return byTable;
  const found = await tx
    .select({
      id: payrollLookupTableVersions.id,
      tableId: payrollLookupTableVersions.tableId,
      effectiveFrom: payrollLookupTableVersions.effectiveFrom,
      note: payrollLookupTableVersions.note,
      version: payrollLookupTableVersions.version,
      rowCount: sql<number>`jsonb_array_length(${payrollLookupTableVersions.rows})::int`,
    })
    .from(payrollLookupTableVersions)
    .where(sql`${payrollLookupTableVersions.tableId} = any(${`{${tableIds.join(',')}}`}::uuid[])`)
    .orderBy(desc(payrollLookupTableVersions.effectiveFrom));
  for (const row of found) byTable.get(row.tableId)?.push(summaryOf(row));
  return byTable;
}

/** The tenant's tables by code, each with its versions (no rows). Two statements. */
export async function listTables(tx: Tx): Promise<LookupTable[]> {
  const tables = await tx.select().from(payrollLookupTables).orderBy(payrollLookupTables.code);
  const versions = await summaries(
    tx,
    tables.map((table) => table.id),
  );
  return tables.map((table) => present(table, versions.get(table.id) ?? []));
}

async function tableRow(tx: Tx, id: string, lock = false): Promise<TableRow> {
  const query = tx.select().from(payrollLookupTables).where(eq(payrollLookupTables.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('No such lookup table');
  return row;
}

export async function readTable(tx: Tx, id: string): Promise<LookupTable> {
  const row = await tableRow(tx, id);
  return present(row, (await summaries(tx, [id])).get(id) ?? []);
}

const staleVersion = (kept: number, given: number) =>
  new AppError(
    409,
    ErrorCodes.conflict,
    `The record was changed by someone else (version ${kept}, not ${given}): reload it`,
  );

/** POST: a new table (its code unique in the tenant: 400 on `code` otherwise). */
export async function createTable(
  tx: Tx,
  context: ActionContext & { tenantId: string },
  body: LookupTableCreateBody,
): Promise<LookupTable> {
  const errors = checkTableShape(body);
  if (errors.length > 0) throw validationFailed(errors, 'The lookup table is not valid');
  const [taken] = await tx
    .select({ id: payrollLookupTables.id })
    .from(payrollLookupTables)
    .where(eq(payrollLookupTables.code, body.code));
  if (taken)
    throw validationFailed(
      [{ field: 'code', code: 'error.taken', message: `The tenant already has a table ${body.code}` }],
      'The code is taken',
    );
  const [row] = await tx
    .insert(payrollLookupTables)
    .values({
      tenantId: context.tenantId,
      code: body.code,
      name: body.name.trim(),
      nameEn: body.nameEn?.trim() || null,
      kind: body.kind,
      keyType: body.keyType,
      columns: storedColumns(body.columns),
      description: body.description?.trim() || null,
      createdBy: context.scope.userId,
      lastModifiedBy: context.scope.userId,
    })
    .returning();
  if (!row) throw new Error('the insert answered no row');
  const created = present(row, []);
  await recordActions(tx, context, [
    {
      resource: LOOKUP_TABLE_RESOURCE,
      recordId: row.id,
      action: 'CREATE',
      changes: diffRecords(null, created, [
        'code',
        'name',
        'nameEn',
        'kind',
        'keyType',
        'columns',
        'description',
      ]),
    },
  ]);
  return created;
}

/** PUT: the names, description, status and columns; every version must still fit the columns. */
export async function updateTable(
  tx: Tx,
  context: ActionContext,
  id: string,
  body: LookupTableUpdateBody,
): Promise<LookupTable> {
  const before = await tableRow(tx, id, true);
  if (before.version !== body.version) throw staleVersion(before.version, body.version);
  const shape: TableShape = {
    kind: before.kind,
    keyType: before.keyType as SalaryValueType,
    columns: body.columns,
  };
  const errors = checkTableShape(shape);
  if (errors.length === 0) {
    // a column added, removed or retyped must leave every version's rows valid
    const versions = await tx
      .select()
      .from(payrollLookupTableVersions)
      .where(eq(payrollLookupTableVersions.tableId, id))
      .orderBy(payrollLookupTableVersions.effectiveFrom);
    for (const version of versions) {
      const broken = checkRows(shape, version.rows as LookupRow[]);
      if (broken.length > 0)
        errors.push({
          field: 'columns',
          code: FieldErrorKeys.invalidValue,
          message: `The version of ${version.effectiveFrom} no longer fits these columns: ${broken[0]?.message ?? ''}`,
          params: { effectiveFrom: version.effectiveFrom },
        });
    }
  }
  if (errors.length > 0) throw validationFailed(errors, 'The lookup table is not valid');
  const [row] = await tx
    .update(payrollLookupTables)
    .set({
      name: body.name.trim(),
      nameEn: body.nameEn?.trim() || null,
      description: body.description?.trim() || null,
      columns: storedColumns(body.columns),
      status: body.status ?? before.status,
      version: sql`${payrollLookupTables.version} + 1`,
      lastModifiedAt: new Date(),
      lastModifiedBy: context.scope.userId,
    })
    .where(eq(payrollLookupTables.id, id))
    .returning();
  if (!row) throw notFound('No such lookup table');
  const after = present(row, (await summaries(tx, [id])).get(id) ?? []);
  await recordActions(tx, context, [
    {
      resource: LOOKUP_TABLE_RESOURCE,
      recordId: id,
      action: 'UPDATE',
      changes: diffRecords(present(before, []), after, [
        'name',
        'nameEn',
        'columns',
        'description',
        'status',
      ]),
    },
  ]);
  return after;
}

/** DELETE: the table and its versions. */
export async function deleteTable(tx: Tx, context: ActionContext, id: string): Promise<void> {
  const before = await tableRow(tx, id, true);
  await tx.delete(payrollLookupTables).where(eq(payrollLookupTables.id, id));
  await recordActions(tx, context, [
    {
      resource: LOOKUP_TABLE_RESOURCE,
      recordId: id,
      action: 'DELETE',
      changes: diffRecords(present(before, []), null, ['code', 'name', 'kind', 'keyType', 'columns']),
    },
  ]);
}

async function versionRow(tx: Tx, tableId: string, versionId: string, lock = false): Promise<VersionRow> {
  const query = tx
    .select()
    .from(payrollLookupTableVersions)
    .where(
      and(eq(payrollLookupTableVersions.id, versionId), eq(payrollLookupTableVersions.tableId, tableId)),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('No such version of the lookup table');
  return row;
}

export async function readVersion(tx: Tx, tableId: string, versionId: string): Promise<LookupVersion> {
  return presentVersion(await versionRow(tx, tableId, versionId));
}

/** The table's (locked) shape and its rows checked: 400 naming each wrong place, nothing written. */
async function checkedFor(tx: Tx, tableId: string, body: LookupVersionBody): Promise<TableRow> {
  const table = await tableRow(tx, tableId, true);
  const errors = checkRows(shapeOf(table), body.rows);
  if (errors.length > 0) throw validationFailed(errors, 'The rows are not valid');
  return table;
}

async function dateTaken(tx: Tx, tableId: string, effectiveFrom: string, other?: string): Promise<void> {
  const [taken] = await tx
    .select({ id: payrollLookupTableVersions.id })
    .from(payrollLookupTableVersions)
    .where(
      and(
        eq(payrollLookupTableVersions.tableId, tableId),
        eq(payrollLookupTableVersions.effectiveFrom, effectiveFrom),
        other ? sql`${payrollLookupTableVersions.id} <> ${other}::uuid` : undefined,
      ),
    );
  if (taken)
    throw validationFailed(
      [
        {
          field: 'effectiveFrom',
          code: 'error.taken',
          message: `The table already has a version from ${effectiveFrom}: change that one`,
        },
      ],
      'One version a day',
    );
}

const versionFields = ['effectiveFrom', 'note', 'rows'];

/** POST …/versions: a new dated version (one a day per table). */
export async function createVersion(
  tx: Tx,
  context: ActionContext & { tenantId: string },
  tableId: string,
  body: LookupVersionBody,
): Promise<LookupVersion> {
  await checkedFor(tx, tableId, body);
  await dateTaken(tx, tableId, body.effectiveFrom);
  const [row] = await tx
    .insert(payrollLookupTableVersions)
    .values({
      tenantId: context.tenantId,
      tableId,
      effectiveFrom: body.effectiveFrom,
      note: body.note?.trim() || null,
      rows: body.rows as LookupRow[],
      createdBy: context.scope.userId,
      lastModifiedBy: context.scope.userId,
    })
    .returning();
  if (!row) throw new Error('the insert answered no row');
  const created = presentVersion(row);
  await recordActions(tx, context, [
    {
      resource: LOOKUP_TABLE_RESOURCE,
      recordId: `${tableId}|${row.id}`,
      action: 'CREATE',
      changes: diffRecords(null, created, versionFields),
    },
  ]);
  return created;
}

/** PUT …/versions/{versionId}: the version replaced whole (its date, note and rows). */
export async function updateVersion(
  tx: Tx,
  context: ActionContext,
  tableId: string,
  versionId: string,
  body: LookupVersionBody,
): Promise<LookupVersion> {
  await checkedFor(tx, tableId, body);
  const before = await versionRow(tx, tableId, versionId, true);
  if (body.version !== undefined && before.version !== body.version)
    throw staleVersion(before.version, body.version);
  await dateTaken(tx, tableId, body.effectiveFrom, versionId);
  const [row] = await tx
    .update(payrollLookupTableVersions)
    .set({
      effectiveFrom: body.effectiveFrom,
      note: body.note?.trim() || null,
      rows: body.rows as LookupRow[],
      version: sql`${payrollLookupTableVersions.version} + 1`,
      lastModifiedAt: new Date(),
      lastModifiedBy: context.scope.userId,
    })
    .where(eq(payrollLookupTableVersions.id, versionId))
    .returning();
  if (!row) throw notFound('No such version of the lookup table');
  const after = presentVersion(row);
  await recordActions(tx, context, [
    {
      resource: LOOKUP_TABLE_RESOURCE,
      recordId: `${tableId}|${versionId}`,
      action: 'UPDATE',
      changes: diffRecords(presentVersion(before), after, versionFields),
    },
  ]);
  return after;
}

export async function deleteVersion(
  tx: Tx,
  context: ActionContext,
  tableId: string,
  versionId: string,
): Promise<void> {
  await tableRow(tx, tableId, true);
  const before = await versionRow(tx, tableId, versionId, true);
  await tx.delete(payrollLookupTableVersions).where(eq(payrollLookupTableVersions.id, versionId));
  await recordActions(tx, context, [
    {
      resource: LOOKUP_TABLE_RESOURCE,
      recordId: `${tableId}|${versionId}`,
      action: 'DELETE',
      changes: diffRecords(presentVersion(before), null, versionFields),
    },
  ]);
}

/** The import's write: a new version of that date, or the existing one of that date replaced. */
export async function putVersionOfDate(
  tx: Tx,
  context: ActionContext & { tenantId: string },
  tableId: string,
  body: LookupVersionBody,
): Promise<LookupVersion> {
  await tableRow(tx, tableId, true);
  const [existing] = await tx
    .select({ id: payrollLookupTableVersions.id })
    .from(payrollLookupTableVersions)
    .where(
      and(
        eq(payrollLookupTableVersions.tableId, tableId),
        eq(payrollLookupTableVersions.effectiveFrom, body.effectiveFrom),
      ),
    );
  return existing
    ? updateVersion(tx, context, tableId, existing.id, body)
    : createVersion(tx, context, tableId, body);
}

/** A table's shape, for the import's reader. */
export async function tableShape(tx: Tx, id: string): Promise<TableShape & { code: string; name: string }> {
  const row = await tableRow(tx, id);
  return { ...shapeOf(row), code: row.code, name: row.name };
}
