import { and, count, eq, ne, sql } from 'drizzle-orm';
import { FieldErrorKeys, ErrorCodes } from '@hcm/contracts';
import {
  ListViewErrors,
  ListViewLimits,
  type ListSettings,
  type ListView,
  type ListViewState,
} from '@hcm/contracts/list-views';
import type { Tx } from '../../../db/database.ts';
import type { Scope } from '../../../db/tenant-scope.ts';
import { AppError, notFound } from '../../../http/errors.ts';
import { listColumnChoices, listViews } from '../tables/list-views.ts';

/** The caller: row-level security confines the tables to this tenant and user; the filters repeat it. */
export interface ListOwner {
  tenantId: string | null;
  userId: string;
}

export const ownerOf = (scope: Scope, userId: string): ListOwner => ({ tenantId: scope.tenantId, userId });

const viewColumns = {
  id: listViews.id,
  name: listViews.name,
  state: listViews.state,
  isDefault: listViews.isDefault,
};

const mine = (owner: ListOwner, listKey?: string) =>
  and(eq(listViews.userId, owner.userId), listKey === undefined ? undefined : eq(listViews.listKey, listKey));

/** 400 when the saved state's JSON is larger than the bound (the schema bounds each part). */
function refuseLargeState(state: ListViewState | undefined): void {
  if (state === undefined) return;
  const bytes = Buffer.byteLength(JSON.stringify(state), 'utf8');
  if (bytes > ListViewLimits.stateBytes)
    throw new AppError(
      400,
      ListViewErrors.stateTooLarge,
      `The saved view is ${bytes} bytes; at most ${ListViewLimits.stateBytes} are kept`,
      [
        {
          field: 'state',
          code: FieldErrorKeys.maxlength,
          message: `${bytes} bytes given, at most ${ListViewLimits.stateBytes}`,
          params: { required: ListViewLimits.stateBytes, actual: bytes },
        },
      ],
    );
}

/** 409 when another view of the same list already bears the name (case ignored). */
async function refuseTakenName(tx: Tx, owner: ListOwner, listKey: string, name: string, except?: string) {
  const [taken] = await tx
    .select({ id: listViews.id })
    .from(listViews)
    .where(
      and(
        mine(owner, listKey),
        sql`lower(${listViews.name}) = lower(${name})`,
        except ? ne(listViews.id, except) : undefined,
      ),
    );
  if (taken)
    throw new AppError(
      409,
      ListViewErrors.duplicateName,
      `A view named "${name}" already exists on this list`,
      [{ field: 'name', code: ErrorCodes.conflict, message: `"${name}" is taken` }],
    );
}

/** One user's work on one list at a time: the count bound and the one default hold under concurrency. */
const lockList = (tx: Tx, owner: ListOwner, listKey: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`list-views:${owner.userId}:${listKey}`}))`);

/** The caller's columns and views of a list (views by name). */
export async function getListSettings(tx: Tx, owner: ListOwner, listKey: string): Promise<ListSettings> {
  const [choice] = await tx
    .select({ columns: listColumnChoices.columns })
    .from(listColumnChoices)
    .where(and(eq(listColumnChoices.userId, owner.userId), eq(listColumnChoices.listKey, listKey)));
  const views = await tx.select(viewColumns).from(listViews).where(mine(owner, listKey));
  // by name as a Vietnamese reader sorts (the database's collation may not know Vietnamese)
  views.sort((a, b) => a.name.localeCompare(b.name, 'vi'));
  return { columns: choice?.columns ?? null, views };
}

/** Remembers the columns the caller shows on a list; null forgets the choice (the list's defaults). */
export async function saveColumns(
  tx: Tx,
  owner: ListOwner,
  listKey: string,
  columns: string[] | null,
): Promise<string[] | null> {
  if (columns === null) {
    await tx
      .delete(listColumnChoices)
      .where(and(eq(listColumnChoices.userId, owner.userId), eq(listColumnChoices.listKey, listKey)));
    return null;
  }
  const unique = [...new Set(columns)];
  await tx
    .insert(listColumnChoices)
    .values({ userId: owner.userId, tenantId: owner.tenantId, listKey, columns: unique })
    .onConflictDoUpdate({
      target: [listColumnChoices.userId, listColumnChoices.listKey],
      set: { columns: unique, lastModifiedAt: sql`now()` },
    });
  return unique;
}

/** Clears the list's other default when `id` becomes it. */
async function clearDefault(tx: Tx, owner: ListOwner, listKey: string, except?: string) {
  await tx
    .update(listViews)
    .set({ isDefault: false })
    .where(
      and(mine(owner, listKey), eq(listViews.isDefault, true), except ? ne(listViews.id, except) : undefined),
    );
}

export interface NewView {
  list: string;
  name: string;
  state: ListViewState;
  isDefault?: boolean;
}

/** Saves a view: 409 past ListViewLimits.viewsPerList views on the list or on a taken name. */
export async function createView(tx: Tx, owner: ListOwner, input: NewView): Promise<ListView> {
  const name = input.name.trim();
  refuseLargeState(input.state);
  await lockList(tx, owner, input.list);
  const [counted] = await tx.select({ n: count() }).from(listViews).where(mine(owner, input.list));
  const existing = Number(counted?.n ?? 0);
  if (existing >= ListViewLimits.viewsPerList)
    throw new AppError(
      409,
      ListViewErrors.tooMany,
      `This list already has ${existing} saved views; at most ${ListViewLimits.viewsPerList} are kept. Delete one first`,
    );
  await refuseTakenName(tx, owner, input.list, name);
  if (input.isDefault) await clearDefault(tx, owner, input.list);
  const [row] = await tx
    .insert(listViews)
    .values({
      tenantId: owner.tenantId,
      userId: owner.userId,
      listKey: input.list,
      name,
      state: input.state,
      isDefault: input.isDefault ?? false,
    })
    .returning(viewColumns);
  if (!row) throw new Error('the view was not saved');
  return row;
}

export interface ViewChanges {
  name?: string;
  state?: ListViewState;
  isDefault?: boolean;
}

/** Renames, re-saves or makes (un)default one of the caller's views; 404 for anyone else's. */
export async function updateView(
  tx: Tx,
  owner: ListOwner,
  id: string,
  changes: ViewChanges,
): Promise<ListView> {
  const [current] = await tx
    .select({ listKey: listViews.listKey })
    .from(listViews)
    .where(and(mine(owner), eq(listViews.id, id)));
  if (!current) throw notFound('Saved view not found');
  refuseLargeState(changes.state);
  await lockList(tx, owner, current.listKey);
  const name = changes.name?.trim();
  if (name !== undefined) await refuseTakenName(tx, owner, current.listKey, name, id);
  if (changes.isDefault) await clearDefault(tx, owner, current.listKey, id);
  const [row] = await tx
    .update(listViews)
    .set({
      ...(name !== undefined ? { name } : {}),
      ...(changes.state !== undefined ? { state: changes.state } : {}),
      ...(changes.isDefault !== undefined ? { isDefault: changes.isDefault } : {}),
      lastModifiedAt: sql`now()`,
    })
    .where(and(mine(owner), eq(listViews.id, id)))
    .returning(viewColumns);
  if (!row) throw notFound('Saved view not found');
  return row;
}

/** Deletes one of the caller's views; 404 for anyone else's. */
export async function deleteView(tx: Tx, owner: ListOwner, id: string): Promise<void> {
  const deleted = await tx
    .delete(listViews)
    .where(and(mine(owner), eq(listViews.id, id)))
    .returning({ id: listViews.id });
  if (deleted.length === 0) throw notFound('Saved view not found');
}
