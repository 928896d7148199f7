import type { ChildrenField, SubImport } from '@hcm/contracts/resource';
import type { Tx } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { fieldSpecOf } from '../schema/contract-fields.ts';
import { deriveSchemas } from '../schema/record-schemas.ts';
import type { FieldSpec, Language, ResourceDefinition } from '../types.ts';
import { findRecord } from '../write/find-record.ts';
import { idsByKey, uniqueKey } from '../write/uniqueness.ts';
import { applyChanges, type WriteContext } from '../write/write-records.ts';
import { areaProblemsOfRows } from './area-cells.ts';
import { ImportRejected } from './import-records.ts';
import type { CheckedRows, ImportRow } from './validate-rows.ts';

/*
 * Imports of a record's parts (contract `subImports`): a sheet whose rows each name an existing
 * record by its code and either add rows to one of its children lists (an employee's family,
 * education, past work) or set some of its fields (their military service). The sheet is read,
 * checked and answered by the resource import's own machinery (read-sheet, validate-rows,
 * error-workbook) through a *sheet definition*: the resource seen as if its fields were the
 * sheet's columns. The writes go through the resource's own update path (hooks, action log as
 * IMPORT, data scope), all rows or none.
 */

/** The field rows name their record by. */
export const SUB_IMPORT_MATCH = 'code';

/** A sub-import of a resource, ready to serve. */
export interface SubImportSheet {
  readonly name: string;
  readonly part: SubImport;
  /** the resource seen as the sheet: its fields are the columns */
  readonly sheet: ResourceDefinition;
}

/** The sub-imports the resource's contract declares, each with its sheet definition. */
export function subImportsOf(definition: ResourceDefinition): SubImportSheet[] {
  const contract = definition.contract;
  if (!contract) return [];
  return Object.entries(contract.subImports).map(([name, part]) => ({
    name,
    part,
    sheet: sheetDefinition(definition, part),
  }));
}

function sheetDefinition(definition: ResourceDefinition, part: SubImport): ResourceDefinition {
  const match = definition.field(SUB_IMPORT_MATCH);
  // Several rows may name one record (a list) or one row a record (fields): unique only then.
  const code: FieldSpec = { ...match, required: true, unique: !('list' in part) };
  let columns: Record<string, FieldSpec>;
  let title = definition.declaration.title;
  let contract = definition.contract;
  if ('list' in part) {
    const list = definition.contract?.fields[part.list] as ChildrenField;
    columns = Object.fromEntries(
      Object.entries(list.fields).map(([name, field]) => [name, fieldSpecOf(field)]),
    );
    title = list.label;
    // the sheet's enum names are the list item's (xlsx/sheet-values.ts reads them from here)
    if (contract) contract = { ...contract, fields: { ...contract.fields, ...list.fields } };
  } else {
    columns = Object.fromEntries(part.fields.map((name) => [name, definition.field(name)]));
    title = part.title;
  }
  const fields: Record<string, FieldSpec> = { [SUB_IMPORT_MATCH]: code, ...columns };
  const declaration = {
    ...definition.declaration,
    title,
    fields,
    lists: {},
    importColumns: Object.keys(fields),
    create: Object.keys(fields),
    update: Object.keys(fields),
  };
  return {
    ...definition,
    ...(contract ? { contract } : {}),
    declaration,
    fields,
    lists: {},
    schemas: { ...definition.schemas, importRow: deriveSchemas(declaration).importRow },
    field(name: string): FieldSpec {
      const spec = fields[name];
      if (!spec) throw new Error(`the sheet has no column ${name}`);
      return spec;
    },
  } as ResourceDefinition;
}

const say = (language: Language, vi: string, en: string) => (language === 'vi' ? vi : en);

/**
 * Writes the checked rows of a sub-import in the caller's transaction: each row's record found
 * by code within the caller's data scope (else the row is refused), its list extended by the
 * row (in the sheet's order, after the rows it has) or its fields set, through the resource's
 * hooks and update. Any problem rolls everything back through ImportRejected, with the row
 * numbers it concerns.
 */
export async function importSubRecords(
  tx: Tx,
  definition: ResourceDefinition,
  context: WriteContext,
  { name, part, sheet }: SubImportSheet,
  checked: CheckedRows,
  language: Language,
): Promise<{ imported: number; updated: number }> {
  const problems = new Map<number, string[]>();
  const complain = (rowNumber: number, message: string) =>
    problems.set(rowNumber, [...(problems.get(rowNumber) ?? []), message]);
  const keyOf = (row: ImportRow) => uniqueKey(definition, SUB_IMPORT_MATCH, row.values[SUB_IMPORT_MATCH]);
  const ids = await idsByKey(tx, definition, context.scope, SUB_IMPORT_MATCH, checked.rows.map(keyOf));
  const rowsOf = new Map<string, ImportRow[]>();
  const codeLabel = sheet.field(SUB_IMPORT_MATCH).label[language];
  for (const row of checked.rows) {
    const id = ids.get(keyOf(row));
    if (!id) complain(row.rowNumber, `${codeLabel}: ${say(language, 'không tìm thấy', 'names no record')}`);
    else rowsOf.set(id, [...(rowsOf.get(id) ?? []), row]);
  }
  // area columns (a list's items are not checked by the write): in force, a ward in its province
  for (const [rowNumber, messages] of await areaProblemsOfRows(tx, sheet, checked.rows, language))
    for (const message of messages) complain(rowNumber, message);
  if (problems.size > 0) throw new ImportRejected(problems);

  const { hooks } = definition;
  const hookContext = { tx, caller: { tenantId: context.scope.tenantId, userId: context.scope.userId } };
  for (const [id, rows] of rowsOf) {
    let before;
    try {
      before = await findRecord(tx, definition, context.scope, id, { forUpdate: true });
    } catch {
      for (const row of rows)
        complain(
          row.rowNumber,
          say(language, 'ngoài phạm vi dữ liệu bạn được quản lý', 'outside the records you may manage'),
        );
      continue;
    }
    const values = (row: ImportRow) =>
      Object.fromEntries(Object.entries(row.values).filter(([key]) => key !== SUB_IMPORT_MATCH));
    let changes: Record<string, unknown>;
    let rowOfItem = (_index: number): ImportRow | undefined => rows[0];
    if ('list' in part) {
      const list = definition.lists[part.list];
      const kept = (await list?.load(tx, [id]))?.get(id) ?? [];
      const limit = list?.maxItems ?? Infinity;
      if (kept.length + rows.length > limit) {
        for (const row of rows)
          complain(
            row.rowNumber,
            say(
              language,
              `quá ${limit} dòng cho một bản ghi (đã có ${kept.length})`,
              `more than ${limit} rows for one record (it has ${kept.length})`,
            ),
          );
        continue;
      }
      // the log's "before" shows the rows the record had
      before = { ...before, [part.list]: kept };
      changes = { [part.list]: [...kept, ...rows.map(values)] };
      rowOfItem = (index) => rows[index - kept.length];
    } else changes = values(rows[0] as ImportRow);
    try {
      await hooks.validate?.(hookContext, changes, before);
      await hooks.beforeUpdate?.(hookContext, before, changes);
      const after = await applyChanges(tx, definition, context, before, changes, 'IMPORT');
      await hooks.afterUpdate?.(hookContext, before, after);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode !== 400) throw error;
      // `relatedPersons[3].phone` → the sheet row of item 3; a field's error → the record's rows
      for (const problem of error.errors ?? [{ field: name, message: error.message }]) {
        const at = /^\w+\[(\d+)\]\.?(\w*)/.exec(problem.field);
        const row = at ? rowOfItem(Number(at[1])) : undefined;
        const column = at?.[2] || problem.field;
        const label = sheet.fields[column]?.label[language] ?? column;
        for (const target of row ? [row] : rows) complain(target.rowNumber, `${label}: ${problem.message}`);
      }
    }
  }
  if (problems.size > 0) throw new ImportRejected(problems);
  return { imported: checked.rows.length, updated: rowsOf.size };
}
