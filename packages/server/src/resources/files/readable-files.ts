import { hasAuthority } from '@hcm/contracts';
import { and, eq, getTableName, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/database.ts';
import '../../http/caller-scope.ts';
import { files } from '../../db/tables/files.ts';
import type { Scope } from '../../db/tenant-scope.ts';
import { ownRows, resolveDataScope } from '../caller.ts';
import type { ResourceDefinition } from '../types.ts';

/*
 * Who may see a stored file (issue 26, docs/access-control.md "Files follow their record"): a
 * file held by a record — an employee's photo or papers, a contract's or a decision's
 * attachments, a template's document — is seen only by someone who may see that record, within
 * that record's data scope; a file no record holds stays with whoever uploaded it and with the
 * file administrators. One condition on `files`, used by every file route (list, search,
 * detail, view, download, thumbnail, delete, the upload's duplicate check) and by the writes
 * that attach a file to a record, so that nobody attaches, and so reads through a record of
 * their own, a file they could not read.
 */

/** Where one kind of record keeps file ids: a column of its own table, or a files list's child table. */
export type FileHolder =
  | { readonly definition: ResourceDefinition; readonly kind: 'column'; readonly column: PgColumn }
  | {
      readonly definition: ResourceDefinition;
      readonly kind: 'list';
      readonly table: PgTable;
      readonly record: PgColumn;
      readonly file: PgColumn;
    };

/** Every place the declared resources keep file ids (file and image fields, files lists). */
export function fileHoldersOf(definitions: readonly ResourceDefinition[]): FileHolder[] {
  return definitions.flatMap((definition) => [
    ...Object.entries(definition.fields).flatMap(([name, spec]) =>
      spec.kind === 'file' ? [{ definition, kind: 'column' as const, column: definition.column(name) }] : [],
    ),
    ...Object.values(definition.lists).flatMap((list) =>
      list.files ? [{ definition, kind: 'list' as const, ...list.files.holder }] : [],
    ),
  ]);
}

/** Who reads: the request's scope and the codes it holds. */
export interface FileReader {
  readonly scope: Scope;
  readonly permissions: ReadonlySet<string>;
  readonly isRoot: boolean;
}

/** The right that sees every file no record holds (System › Files: the file administrators). */
export const FILE_ADMINISTRATION = 'file.update';

/** `column in (ids)` when the question is about some files only: each sub-query reads by file. */
const among = (column: PgColumn | SQL, only: readonly string[] | undefined): SQL | undefined =>
  only === undefined
    ? undefined
    : sql`${column} in (${sql.join(
        only.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`;

/** The ids of files `holder` keeps on records the reader reaches (a sub-query). */
function heldIn(holder: FileHolder, reached: SQL | undefined, only: readonly string[] | undefined): SQL {
  const { definition } = holder;
  if (holder.kind === 'column')
    return sql`select ${holder.column} from ${definition.table} where ${and(isNotNull(holder.column), among(holder.column, only), reached)}`;
  return sql`select ${holder.file} from ${holder.table} where ${and(
    among(holder.file, only),
    sql`${holder.record} in (select ${definition.columns.id} from ${definition.table} where ${reached ?? sql`true`})`,
  )}`;
}

/** The ids of files `holder` keeps on any record (row-level security keeps it to the tenant). */
function heldAnywhere(holder: FileHolder): SQL {
  if (holder.kind === 'column')
    return sql`select ${holder.column} from ${holder.definition.table} where ${isNotNull(holder.column)}`;
  return sql`select ${holder.file} from ${holder.table}`;
}

/** Whether some record of `holder` keeps the file `fileId` (a correlated test, read by the file's index). */
function holds(holder: FileHolder, fileId: SQL): SQL {
  const table = sql.identifier(
    getTableName(holder.kind === 'column' ? holder.definition.table : holder.table),
  );
  const column = sql.identifier(holder.kind === 'column' ? holder.column.name : holder.file.name);
  return sql`exists (select 1 from ${table} h where h.${column} = ${fileId})`;
}

/** The caller's own tenant's (or the system's) live files: what row-level security already says, stated. */
export function liveFilesOf(scope: Scope): SQL {
  const tenant = scope.tenantId === null ? isNull(files.tenantId) : eq(files.tenantId, scope.tenantId);
  return and(tenant, eq(files.deleted, false)) as SQL;
}

/**
 * The condition on `files` rows the reader may see, read inside `tx` (the request's scoped
 * transaction: each resource's data scope is resolved there, afresh): `id in (…)` of one union,
 * the files held by the records of each kind the reader reaches, and the unheld ones it may
 * keep. `only`: the question is about these files alone (one file's record, view, download,
 * thumbnail; the ids a list of a record names), so every part reads by file, not whole tables.
 */
export async function readableFiles(
  tx: Tx | Db,
  holders: readonly FileHolder[],
  reader: FileReader,
  only?: readonly string[],
): Promise<SQL> {
  const { scope, permissions, isRoot } = reader;
  const parts: SQL[] = [];
  // whether the reader sees every record of every kind that holds files, whole
  let everyRecord = true;
  for (const holder of holders) {
    const { definition } = holder;
    const outOfLevel =
      (definition.scope === 'tenant' && scope.tenantId === null) ||
      (definition.scope === 'system' && scope.tenantId !== null);
    if (outOfLevel) continue;
    if (!hasAuthority(permissions, definition.permissionFor('view'), isRoot)) {
      everyRecord = false;
      continue;
    }
    const data = await resolveDataScope(tx as Tx, definition, scope);
    if (data.rows !== undefined) everyRecord = false;
    parts.push(heldIn(holder, ownRows(definition, { ...scope, data }), only));
  }
  const administers = hasAuthority(permissions, FILE_ADMINISTRATION, isRoot);
  // HR's file manager: every record and every unheld file, so every live file of the tenant,
  // without the sub-queries (docs/performance.md, "Who sees a file")
  if (everyRecord && administers) return and(liveFilesOf(scope), among(files.id, only)) as SQL;
  if (administers)
    // every unheld file: what no kind of record holds, each kind's ids hashed once
    parts.push(
      sql`select u.id from ${files} u where ${and(
        among(sql`u.id`, only),
        ...holders.map((holder) => sql`u.id not in (${heldAnywhere(holder)})`),
      )}`,
    );
  else if (scope.userId !== null)
    // the reader's own uploads no record holds: few, each asked of the holders by its index
    parts.push(
      sql`select u.id from ${files} u where ${and(
        sql`u.created_by = ${scope.userId}::uuid`,
        among(sql`u.id`, only),
        ...holders.map((holder) => sql`not ${holds(holder, sql`u.id`)}`),
      )}`,
    );
  if (parts.length === 0) return sql`false`;
  return and(liveFilesOf(scope), sql`${files.id} in (${sql.join(parts, sql` union all `)})`) as SQL;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** where the declared resources keep file ids (app.ts decorates the root instance) */
    fileHolders?: readonly FileHolder[];
  }
}

/** The files the caller of `request` may see, as a function of the request's transaction; undefined without a signed-in caller. */
export function filesReadableBy(
  request: FastifyRequest,
): ((tx: Tx, only?: readonly string[]) => Promise<SQL>) | undefined {
  const holders = request.server.fileHolders;
  const actor = request.actor;
  if (!holders || !actor) return undefined;
  const reader: FileReader = {
    scope: { tenantId: actor.tenantId, userId: actor.userId },
    permissions: actor.permissions,
    isRoot: actor.isRoot,
  };
  return (tx, only) => readableFiles(tx, holders, reader, only);
}
