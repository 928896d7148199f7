import { FieldErrorKeys, type FieldError } from '@hcm/contracts';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/database.ts';
import { files } from '../../db/tables/files.ts';
import { validationFailed } from '../../http/errors.ts';
import type { ResourceScope } from '../caller.ts';
import type { ResourceDefinition } from '../types.ts';

/*
 * File fields (contract kind `file`): the value is the id of a file the storage service keeps
 * (table `files`, migration 0018). The engine reads that table directly (db/tables is engine),
 * never the storage service. A record answers the id in the field and, beside it,
 * `<field>Info`: { id, fileName, size, contentType } of the file, or null once it is gone.
 * Files lists (kind `files`, write/file-lists.ts) hold several ids and answer `<list>Info`: the
 * infos of the files still kept, in the list's order.
 */

type Row = Record<string, unknown>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a record says about the file of a file field (`<field>Info`). */
export interface FileInfo {
  id: string;
  fileName: string;
  size: number;
  contentType: string;
  /** a raster image with a 200×200 thumbnail (GET /api/storage/files/{id}/thumbnail) */
  thumbnail: boolean;
}

/** The key of a file field's info in an answer. */
export const fileInfoKey = (name: string) => `${name}Info`;

/** The files lists of the definition with the extensions each accepts. */
const fileListsOf = (definition: ResourceDefinition) =>
  Object.entries(definition.lists).flatMap(([name, spec]) =>
    spec.files ? [{ name, accept: spec.files.accept }] : [],
  );

/** The file fields of the definition with the extensions each accepts. */
export const fileFieldsOf = (definition: ResourceDefinition) =>
  Object.entries(definition.fields).flatMap(([name, spec]) =>
    spec.kind === 'file' && spec.file ? [{ name, accept: spec.file.accept }] : [],
  );

/** "name.DOCX" → "docx"; "" without one. */
export const extensionOfName = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** The caller's own files: its tenant's, or the system's for a system caller; never deleted ones. */
const ofCaller = (scope: ResourceScope): SQL | undefined =>
  and(
    scope.tenantId === null ? isNull(files.tenantId) : eq(files.tenantId, scope.tenantId),
    eq(files.deleted, false),
  );

/** "must be a .docx or .xlsx file" */
const wrongType = (accept: readonly string[]) =>
  `must be a ${accept.map((extension) => `.${extension}`).join(' or ')} file`;

/** The files among `ids` the caller may attach (`readable`, else its tenant's live ones): each one's original name, by id. */
async function namesOfCallerFiles(
  tx: Tx,
  scope: ResourceScope,
  ids: readonly string[],
  readable: ((ids: readonly string[]) => Promise<SQL>) | undefined,
) {
  // an id that is no uuid names no file (and would fail the statement)
  const wellFormed = ids.filter((id) => UUID.test(id));
  if (wellFormed.length === 0) return new Map<string, string>();
  const rows = await tx
    .select({ id: files.id, originalName: files.originalName })
    .from(files)
    .where(and(readable ? await readable(wellFormed) : ofCaller(scope), inArray(files.id, wellFormed)));
  return new Map(rows.map((row) => [row.id.toLowerCase(), row.originalName]));
}

/**
 * Refuses file ids that are not a file the caller may see (`readable`, files/readable-files.ts:
 * unknown, deleted, another tenant's, a colleague's papers held by a record out of reach) or
 * whose name does not end in an accepted extension: 400 with a field error on each (a files
 * list's on `<list>[<index>]`), before anything is written, so that nobody reads a file through
 * a record of their own that they could not read. `values`: what is written, lists included.
 */
export async function refuseBadFiles(
  tx: Tx,
  definition: ResourceDefinition,
  scope: ResourceScope,
  values: Row,
  readable?: (ids: readonly string[]) => Promise<SQL>,
): Promise<void> {
  const given = [
    ...fileFieldsOf(definition).flatMap(({ name, accept }) => {
      const value = values[name];
      return typeof value === 'string' ? [{ field: name, id: value, accept }] : [];
    }),
    ...fileListsOf(definition).flatMap(({ name, accept }) => {
      const ids = values[name];
      return Array.isArray(ids)
        ? ids.map((id, index) => ({ field: `${name}[${index}]`, id: String(id), accept }))
        : [];
    }),
  ];
  const names = await namesOfCallerFiles(
    tx,
    scope,
    given.map(({ id }) => id),
    readable,
  );
  const errors: FieldError[] = [];
  for (const { field, id, accept } of given) {
    const name = names.get(id.toLowerCase());
    if (name === undefined)
      errors.push({ field, code: FieldErrorKeys.invalidValue, message: 'refers to no file' });
    else if (!accept.includes(extensionOfName(name)))
      errors.push({ field, code: FieldErrorKeys.invalidValue, message: wrongType(accept) });
  }
  if (errors.length > 0) throw validationFailed(errors, 'A file given is not one this record takes');
}

/** The file a file field of `rows` names, by id: what the rows' `<field>Info` say. */
async function infoByIds(tx: Tx, ids: string[]): Promise<Map<string, FileInfo>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: files.id,
      fileName: files.originalName,
      size: files.size,
      contentType: files.type,
      thumbnailKey: files.thumbnailKey,
    })
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.deleted, false)));
  return new Map(
    rows.map(({ thumbnailKey, ...row }) => [
      row.id,
      { ...row, size: Number(row.size), thumbnail: thumbnailKey !== null },
    ]),
  );
}

/**
 * Sets `<field>Info` on each row for each file field (null when the file is gone) and
 * `<list>Info` for each files list (the files still kept, in order), in `tx`. The lists must
 * already be on the rows (write/lists.ts attaches them first). `only`: of these fields alone (a list row's).
 */
export async function attachFileInfo<R extends Row>(
  tx: Tx,
  definition: ResourceDefinition,
  rows: R[],
  only?: readonly string[],
): Promise<R[]> {
  const named = ({ name }: { name: string }) => !only || only.includes(name);
  const fields = fileFieldsOf(definition).filter(named);
  const lists = fileListsOf(definition).filter(named);
  if ((fields.length === 0 && lists.length === 0) || rows.length === 0) return rows;
  const idsOf = (row: Row): unknown[] => [
    ...fields.map(({ name }) => row[name]),
    ...lists.flatMap(({ name }) => (Array.isArray(row[name]) ? (row[name] as unknown[]) : [])),
  ];
  const ids = [
    ...new Set(rows.flatMap((row) => idsOf(row).filter((id) => typeof id === 'string'))),
  ] as string[];
  const byId = await infoByIds(tx, ids);
  for (const row of rows) {
    for (const { name } of fields) {
      const id = row[name];
      (row as Row)[fileInfoKey(name)] = typeof id === 'string' ? (byId.get(id) ?? null) : null;
    }
    for (const { name } of lists) {
      const listed = Array.isArray(row[name]) ? (row[name] as string[]) : [];
      (row as Row)[fileInfoKey(name)] = listed.flatMap((id) => {
        const info = byId.get(id);
        return info ? [info] : [];
      });
    }
  }
  return rows;
}

/** The export's cell of a file field: the file's name (row-level security keeps it the caller's). */
export const fileNameCell = (column: PgColumn): SQL =>
  sql`(select ${files.originalName} from ${files} where ${files.id} = ${column} and not ${files.deleted})`;
