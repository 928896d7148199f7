import { Status } from '@hcm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { ErrorCodes } from '@hcm/contracts';
import {
  diffRecords,
  recordActions,
  type ActionContext,
  type ActionLogAction,
} from '../action-log/record-actions.ts';
import { ownerValues, ownRows, refuseOutsideScope, type ResourceScope } from '../caller.ts';
import type { PickedCheck } from '../pickers.ts';
import { presentRecord } from '../present.ts';
import type { HookContext, ResourceDefinition, ResourceRecord } from '../types.ts';
import { duplicateOf, translateDbError } from './db-errors.ts';
import { findRecord } from './find-record.ts';
import { refuseUnlessEditable } from '../approval/editable.ts';
import { attachDerived, attachLists, listsOf, saveLists } from './lists.ts';
import { refuseBadAreas } from './area-fields.ts';
import { refuseBrokenReferences } from './references.ts';
import { refuseBadFiles } from './file-fields.ts';
import { takenFields } from './uniqueness.ts';
import { fillAutoNumbers } from '../numbering/next-number.ts';

type Row = Record<string, unknown>;

/** The caller of a write: the tenant scope plus where the request came from, for the log. */
export interface WriteContext extends ActionContext {
  scope: ResourceScope;
  /**
   * The files the caller may see, hence attach to a record (files/readable-files.ts); absent on
   * writes no request is behind (a date sweep, a test's set-up): then any live file of the tenant.
   */
  readableFiles?: ((tx: Tx, only?: readonly string[]) => Promise<SQL>) | undefined;
  /**
   * Asked when a write falls outside the caller's data scope: an approvable document's reference
   * the caller could only pick through a picker (pickers.ts: an employee without worker.view,
   * their own record) turns the refusal into 403 naming that view permission. Absent on writes
   * no request is behind.
   */
  refusePicked?: PickedCheck | undefined;
}

const fieldNames = (definition: ResourceDefinition) => [
  ...Object.keys(definition.fields),
  ...Object.keys(definition.lists),
];

async function log(
  tx: Tx,
  definition: ResourceDefinition,
  context: WriteContext,
  action: ActionLogAction,
  before: Row | null,
  after: Row | null,
) {
  const changes = diffRecords(before, after, fieldNames(definition));
  const recordId = String((after ?? before)?.id);
  await recordActions(tx, context, [{ resource: definition.name, recordId, action, changes }]);
}

/** Runs a statement, answering the database's refusals (duplicates, references) as 409. */
async function guarded<T>(definition: ResourceDefinition, statement: () => Promise<T>): Promise<T> {
  try {
    return await statement();
  } catch (error) {
    throw translateDbError(definition, error);
  }
}

async function refuseDuplicates(
  tx: Tx,
  definition: ResourceDefinition,
  context: WriteContext,
  values: Row,
  exceptId?: string,
) {
  const taken = await takenFields(tx, definition, context.scope, values, exceptId);
  if (taken.length > 0) throw duplicateOf(definition, taken);
}

/** What a hook gets: the write's transaction and the caller. */
const hookContext = (tx: Tx, context: WriteContext): HookContext => ({
  tx,
  caller: { tenantId: context.scope.tenantId, userId: context.scope.userId },
});

/**
 * The checks every write of `values` passes before the statement: unique values free, references
 * to records that exist (and no cycle of tree parents), the record inside the caller's data
 * scope, then the resource's own validate hook.
 */
async function checkWrite(
  tx: Tx,
  definition: ResourceDefinition,
  context: WriteContext,
  values: Row,
  before: Row | null,
  lists: Row = {},
) {
  const id = before ? String(before.id) : undefined;
  await refuseDuplicates(tx, definition, context, values, id);
  // a create's lists are not among its values (hooks see them after the insert, as before)
  await refuseBrokenReferences(tx, definition, context.scope, { ...values, ...lists }, id);
  const readable = context.readableFiles;
  await refuseBadFiles(
    tx,
    definition,
    context.scope,
    { ...values, ...lists },
    readable ? (ids) => readable(tx, ids) : undefined,
  );
  await refuseBadAreas(tx, definition, values, before);
  try {
    await refuseOutsideScope(
      tx,
      context.scope,
      before ? values : { ...values, ...ownerValues(definition, context.scope) },
      !before,
    );
  } catch (outside) {
    // a filer without the picked list's view permission (an employee naming someone else) is
    // told 403 naming that permission; others keep the 400 on the field
    await context.refusePicked?.(tx, definition, values, context.scope);
    throw outside;
  }
  // validate sees the lists on create as it does on update, so one rule covers both writes
  await definition.hooks.validate?.(hookContext(tx, context), { ...values, ...lists }, before);
}

/** The one row a RETURNING statement gave back. */
function only(rows: unknown): Row {
  const [row] = rows as Row[];
  if (!row) throw new Error('the statement returned no row');
  return row;
}

/**
 * Only the declared fields of a validated body (the schema already refused others), a date-time
 * (ISO 8601 in the API) as the Date its timestamptz column takes.
 */
function pick(definition: ResourceDefinition, body: Row, names: readonly string[]): Row {
  return Object.fromEntries(
    names
      .filter((n) => body[n] !== undefined)
      .map((n) => {
        const value = body[n];
        const dateTime = definition.fields[n]?.kind === 'dateTime' && typeof value === 'string';
        return [n, dateTime ? new Date(value) : value];
      }),
  );
}

export async function createRecord(
  tx: Tx,
  definition: ResourceDefinition,
  context: WriteContext,
  body: Row,
): Promise<ResourceRecord> {
  const values = pick(definition, body, definition.declaration.create);
  const lists = listsOf(definition, body);
  // an employee code or contract number left empty takes the tenant's next number
  await fillAutoNumbers(tx, definition, context.scope.tenantId, values);
  await checkWrite(tx, definition, context, values, null, lists);
  await definition.hooks.beforeCreate?.(hookContext(tx, context), values);
  const { userId } = context.scope;
  const owner = ownerValues(definition, context.scope);
  const row = only(
    await guarded(definition, () =>
      tx
        .insert(definition.table)
        .values({ ...values, ...owner, createdBy: userId, lastModifiedBy: userId })
        .returning(),
    ),
  );
  for (const name of Object.keys(definition.lists)) lists[name] ??= [];
  await guarded(definition, () => saveLists(tx, definition, String(row.id), lists));
  Object.assign(row, lists);
  await log(tx, definition, context, 'CREATE', null, row);
  await definition.hooks.afterCreate?.(hookContext(tx, context), row);
  await attachDerived(tx, definition, [row]);
  return presentRecord(definition, row);
}

/** Writes `changes` to the locked `before` row: version + 1, audit columns, the log. */
export async function applyChanges(
  tx: Tx,
  definition: ResourceDefinition,
  context: WriteContext,
  before: Row,
  changes: Row,
  action: ActionLogAction,
): Promise<Row> {
  const { columns } = definition;
  const changed = Object.keys(diffRecords(before, { ...before, ...changes }, Object.keys(changes)));
  if (changed.length === 0) return before;
  const listNames = Object.keys(definition.lists);
  const lists = pick(
    definition,
    changes,
    changed.filter((n) => listNames.includes(n)),
  );
  await guarded(definition, () => saveLists(tx, definition, String(before.id), lists));
  const after = only(
    await guarded(definition, () =>
      tx
        .update(definition.table)
        .set({
          ...pick(
            definition,
            changes,
            changed.filter((n) => !listNames.includes(n)),
          ),
          version: sql`${columns.version} + 1`,
          lastModifiedAt: sql`now()`,
          lastModifiedBy: context.scope.userId,
        })
        .where(and(ownRows(definition, context.scope), eq(columns.id, before.id)))
        .returning(),
    ),
  );
  for (const name of listNames) after[name] = lists[name] ?? before[name];
  await log(tx, definition, context, action, before, after);
  return after;
}

/** The caller's record `id` with its lists, locked for update (404 when absent). */
async function lockedRecord(tx: Tx, definition: ResourceDefinition, context: WriteContext, id: string) {
  const row = await findRecord(tx, definition, context.scope, id, { forUpdate: true });
  await attachLists(tx, definition, [row]);
  return row;
}

export async function updateRecord(
  tx: Tx,
  definition: ResourceDefinition,
  context: WriteContext,
  id: string,
  body: Row,
): Promise<ResourceRecord> {
  const before = await lockedRecord(tx, definition, context, id);
  refuseUnlessEditable(definition, before, 'changed');
  if (before.version !== body.version)
    throw new AppError(
      409,
      ErrorCodes.conflict,
      `The record was changed by someone else (version ${String(before.version)}, not ${String(body.version)}): reload it`,
    );
  const changes = { ...pick(definition, body, definition.declaration.update), ...listsOf(definition, body) };
  await checkWrite(tx, definition, context, changes, before);
  const hooks = hookContext(tx, context);
  await definition.hooks.beforeUpdate?.(hooks, before, changes);
  const after = await applyChanges(tx, definition, context, before, changes, 'UPDATE');
  await definition.hooks.afterUpdate?.(hooks, before, after);
  await attachDerived(tx, definition, [after]);
  return presentRecord(definition, after);
}

export async function setRecordStatus(
  tx: Tx,
  definition: ResourceDefinition,
  context: WriteContext,
  id: string,
  status: Status,
): Promise<ResourceRecord> {
  const before = await lockedRecord(tx, definition, context, id);
  const action = status === Status.active ? 'ACTIVE' : 'INACTIVE';
  const { statusField } = definition;
  if (!statusField) throw new Error(`${definition.basePath} has no status field`);
  const after = await applyChanges(tx, definition, context, before, { [statusField]: status }, action);
  if (after !== before) await definition.hooks.onStatusChange?.(hookContext(tx, context), before, after);
  await attachDerived(tx, definition, [after]);
  return presentRecord(definition, after);
}

export async function deleteRecord(
  tx: Tx,
  definition: ResourceDefinition,
  context: WriteContext,
  id: string,
): Promise<{ id: string }> {
  const { columns } = definition;
  const before = await lockedRecord(tx, definition, context, id);
  refuseUnlessEditable(definition, before, 'deleted');
  const hooks = hookContext(tx, context);
  await definition.hooks.beforeDelete?.(hooks, before);
  await guarded(definition, () =>
    tx.delete(definition.table).where(and(ownRows(definition, context.scope), eq(columns.id, id))),
  );
  await log(tx, definition, context, 'DELETE', before, null);
  await definition.hooks.afterDelete?.(hooks, before);
  return { id };
}
