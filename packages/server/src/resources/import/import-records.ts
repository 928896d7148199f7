import { getTableName } from 'drizzle-orm';
import { noteBulkWrite } from '../../db/analyze.ts';
import { AppError } from '../../http/errors.ts';
import type { Tx } from '../../db/database.ts';
import { ownerValues, refuseOutsideScope } from '../caller.ts';
import { diffRecords, recordActions } from '../action-log/record-actions.ts';
import type { Language, ResourceDefinition } from '../types.ts';
import { translateDbError } from '../write/db-errors.ts';
import { MAX_TREE_DEPTH, brokenReferencesOfRows } from '../write/references.ts';
import { findRecord } from '../write/find-record.ts';
import { existingKeys, idsByKey, uniqueFieldsOf, uniqueKey } from '../write/uniqueness.ts';
import { applyChanges, type WriteContext } from '../write/write-records.ts';
import { areaProblemsOfRows } from './area-cells.ts';
import type { CheckedRows } from './validate-rows.ts';

const CHUNK = 500;

/** Thrown inside the import transaction when rows are wrong: the transaction rolls back. */
export class ImportRejected extends Error {
  constructor(readonly problems: Map<number, string[]>) {
    super('The import has errors');
  }
}

/**
 * Adds, to `problems`, the rows whose unique values the tenant's records already hold (and those
 * naming a record or an area that is not there, or outside the caller's reach). Before
 * an insert it must run in the insert's own transaction; alone (when the file already has
 * errors) in a short read transaction of its own.
 */
export async function addExistingDuplicates(
  tx: Tx,
  definition: ResourceDefinition,
  context: WriteContext,
  checked: CheckedRows,
  language: Language,
) {
  // A syncing import's match field names the record a row updates: no duplicate then.
  const unique = uniqueFieldsOf(definition).filter((name) => name !== definition.declaration.importMatches);
  const keysByField = Object.fromEntries(
    unique.map((name) => [
      name,
      checked.rows
        .filter((r) => r.values[name] !== undefined)
        .map((r) => uniqueKey(definition, name, r.values[name])),
    ]),
  );
  const existing = await existingKeys(tx, definition, context.scope, keysByField);
  for (const { rowNumber, values } of checked.rows)
    for (const name of unique) {
      if (values[name] === undefined || !existing[name]?.has(uniqueKey(definition, name, values[name])))
        continue;
      const label = definition.field(name).label[language];
      const message = `${label}: ${language === 'vi' ? 'đã tồn tại' : 'already exists'}`;
      checked.problems.set(rowNumber, [...(checked.problems.get(rowNumber) ?? []), message]);
    }
  const complain = (rowNumber: number, message: string) =>
    checked.problems.set(rowNumber, [...(checked.problems.get(rowNumber) ?? []), message]);
  const broken = await brokenReferencesOfRows(tx, definition, context.scope, checked.rows);
  for (const [rowNumber, references] of broken)
    for (const { name, problem } of references)
      complain(
        rowNumber,
        `${definition.field(name).label[language]}: ${
          problem === 'missing'
            ? language === 'vi'
              ? 'không tìm thấy bản ghi'
              : 'refers to no record'
            : language === 'vi'
              ? `cây sẽ sâu quá ${MAX_TREE_DEPTH} cấp`
              : `would make the tree deeper than ${MAX_TREE_DEPTH} levels`
        }`,
      );
  // the insert bypasses refuseBadAreas: the areas are checked here, a message per cell
  for (const [rowNumber, messages] of await areaProblemsOfRows(tx, definition, checked.rows, language))
    for (const message of messages) complain(rowNumber, message);
  const owner = ownerValues(definition, context.scope);
  for (const { rowNumber, values } of checked.rows) {
    try {
      await refuseOutsideScope(tx, context.scope, { ...values, ...owner }, true);
    } catch {
      complain(
        rowNumber,
        language === 'vi' ? 'ngoài phạm vi dữ liệu bạn được quản lý' : 'outside the records you may manage',
      );
    }
  }
}

/**
 * A hook's refusal of one row as the error file's messages: its field errors (400 or 422), each
 * as "<label>: <text>", the text in the reader's language when the error carries it (`params.vi`,
 * `params.en`: a formula's message), else its English message. Undefined for anything else.
 */
function rowMessages(
  definition: ResourceDefinition,
  error: unknown,
  language: Language,
): string[] | undefined {
  if (!(error instanceof AppError) || (error.statusCode !== 400 && error.statusCode !== 422))
    return undefined;
  if (!error.errors?.length) return [error.message];
  return error.errors.map((problem) => {
    const said = problem.params?.[language];
    const column = /^\w+/.exec(problem.field)?.[0] ?? problem.field;
    const label =
      definition.fields[column]?.label[language] ?? definition.lists[column]?.label[language] ?? column;
    return `${label}: ${typeof said === 'string' ? said : problem.message}`;
  });
}

/** What an import wrote: rows added, and (a syncing import) existing records updated. */
export interface ImportOutcome {
  imported: number;
  updated: number;
}

type CheckedRow = CheckedRows['rows'][number];

/**
 * A syncing import (contract `importMatches`): the rows whose match value names an existing
 * record update it, each change logged as IMPORT with its before and after; the rest remain
 * to be added.
 */
async function updateMatchedRecords(
  tx: Tx,
  definition: ResourceDefinition,
  context: WriteContext,
  rows: readonly CheckedRow[],
): Promise<{ updated: number; added: CheckedRow[] }> {
  const match = definition.declaration.importMatches;
  if (!match) return { updated: 0, added: [...rows] };
  const keyOf = (row: CheckedRow) => uniqueKey(definition, match, row.values[match]);
  const ids = await idsByKey(tx, definition, context.scope, match, rows.map(keyOf));
  const { hooks } = definition;
  const hookContext = { tx, caller: { tenantId: context.scope.tenantId, userId: context.scope.userId } };
  const updatable = definition.declaration.update as readonly string[];
  const added: CheckedRow[] = [];
  for (const row of rows) {
    const id = ids.get(keyOf(row));
    if (!id) {
      added.push(row);
      continue;
    }
    const before = await findRecord(tx, definition, context.scope, id, { forUpdate: true });
    const changes = Object.fromEntries(
      Object.entries(row.values).filter(([name]) => updatable.includes(name)),
    );
    await hooks.validate?.(hookContext, changes, before);
    await hooks.beforeUpdate?.(hookContext, before, changes);
    const after = await applyChanges(tx, definition, context, before, changes, 'IMPORT');
    await hooks.afterUpdate?.(hookContext, before, after);
  }
  return { updated: rows.length - added.length, added };
}

/**
 * Inserts every row, or none: runs in the caller's transaction, which any problem (found here or
 * before) rolls back through ImportRejected. Each record gets an IMPORT row in the action log.
 * The file is read and checked before this transaction begins: only the uniqueness check
 * against the database and the writes are inside it. The table is noted as written in bulk:
 * analysed after the commit when the rows were many (db/analyze.ts).
 */
export async function importRecords(
  tx: Tx,
  definition: ResourceDefinition,
  context: WriteContext,
  checked: CheckedRows,
  language: Language,
): Promise<ImportOutcome> {
  await addExistingDuplicates(tx, definition, context, checked, language);
  if (checked.problems.size > 0) throw new ImportRejected(checked.problems);
  const { updated, added } = await updateMatchedRecords(tx, definition, context, checked.rows);
  const { userId } = context.scope;
  const owner = ownerValues(definition, context.scope);
  const fields = Object.keys(definition.fields);
  const { hooks } = definition;
  const hookContext = {
    tx,
    caller: { tenantId: context.scope.tenantId, userId },
    importRows: added.map((row) => row.values),
  };
  // a row a hook refuses with field errors is said on its row; the other rows are still checked
  const refused = new Map<number, string[]>();
  for (const row of added) {
    try {
      await hooks.validate?.(hookContext, row.values, null);
      await hooks.beforeCreate?.(hookContext, row.values);
    } catch (error) {
      const messages = rowMessages(definition, error, language);
      if (!messages) throw error;
      refused.set(row.rowNumber, messages);
    }
  }
  if (refused.size > 0) throw new ImportRejected(refused);
  for (let start = 0; start < added.length; start += CHUNK) {
    const values = added
      .slice(start, start + CHUNK)
      .map((row) => ({ ...row.values, ...owner, createdBy: userId, lastModifiedBy: userId }));
    let inserted: Record<string, unknown>[];
    try {
      inserted = (await tx.insert(definition.table).values(values).returning()) as Record<string, unknown>[];
    } catch (error) {
      throw translateDbError(definition, error);
    }
    await recordActions(
      tx,
      context,
      inserted.map((row) => ({
        resource: definition.name,
        recordId: String(row.id),
        action: 'IMPORT' as const,
        changes: diffRecords(null, row, fields),
      })),
    );
    if (hooks.afterCreate) for (const row of inserted) await hooks.afterCreate(hookContext, row);
  }
  // many rows at once: the table is analysed once this commits (db/analyze.ts, inScope)
  noteBulkWrite(tx, getTableName(definition.table), added.length + updated);
  return { imported: added.length, updated };
}
